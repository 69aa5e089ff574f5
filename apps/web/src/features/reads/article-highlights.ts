import type { SignedEvent } from '@swell/cache-protocol';
import { parseArticle } from '@swell/nostr';
import { api, ingested } from '@/data/connection.ts';
import { swell } from '@/data/client.ts';
import { parseUser, userLabel } from '@/data/user.ts';
import type { HighlightMark } from '@/lib/mark-highlights.ts';

/** The highlights (kind 9802) of an article (`get_highlights`), with who made each. */
export async function loadHighlights(
  article: SignedEvent,
  signal: AbortSignal,
  highlightedBy: (name: string) => string,
): Promise<HighlightMark[]> {
  const identifier = parseArticle(article)?.identifier ?? '';
  const page = await ingested(
    api().page(
      'get_highlights',
      { pubkey: article.pubkey, identifier, kind: article.kind },
      { signal },
    ),
  );
  const store = swell().store;
  return page.notes
    .filter((e) => e.kind === 9802 && e.content.trim())
    .map((e) => ({
      id: e.id,
      text: e.content,
      title: highlightedBy(userLabel(parseUser(e.pubkey, store.user(e.pubkey)))),
    }));
}
