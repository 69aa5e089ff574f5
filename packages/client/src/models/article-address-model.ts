import { getDTag, Kind, type NostrEvent } from '@swell/nostr';
import type { ArticleAddress } from './article-discussion-model.ts';
import { defineQuery } from './query-model.ts';

/** An article's address, without the kind (30023): its author and `d`. */
export type ArticleRef = Omit<ArticleAddress, 'kind'>;

/**
 * The newest version of the article at an address (the editor opening one to edit it, or
 * checking that a new `d` is free), or null when the cache has none.
 */
export const articleAddressModel = defineQuery<ArticleRef, NostrEvent | null>(
  'article-address',
  async (ctx, { pubkey, identifier }, signal) => {
    const page = await ctx.ingest(() =>
      ctx.api.longFormThread(pubkey, identifier, { limit: 1 }, { signal }),
    );
    const found = page.notes
      .filter((n) => n.kind === Kind.LongForm && n.pubkey === pubkey && getDTag(n) === identifier)
      .sort((a, b) => b.created_at - a.created_at);
    return found[0] ?? null;
  },
  {
    key: (a) => `${a.pubkey}:${a.identifier}`,
    shows: (event) => (event ? { notes: [event.id], users: [event.pubkey] } : {}),
  },
);
