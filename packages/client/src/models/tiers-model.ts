import type { SignedEvent } from '@swell/cache-protocol';
import {
  loadAuthorSubscriptions,
  loadAuthorTiers,
  type AuthorTier,
} from '../subscriptions/author-tiers.ts';
import { loadCreatorTiers, type CreatorTiers } from '../subscriptions/tier-editing.ts';
import { defineQuery } from './query-model.ts';

/**
 * A creator's paid tiers and tier list (NIP-88, `creator_paid_tiers`), by public key: Settings >
 * Paid tiers reads the user's own through it and refreshes it after each publish.
 */
export const creatorTiersModel = defineQuery<string, CreatorTiers>(
  'creator-tiers',
  (ctx, pubkey, signal) => loadCreatorTiers(ctx.api, pubkey, { signal }),
  { key: (pubkey) => pubkey },
);

/** The paid tiers an author offers as a reader sees them (the profile's Subscribe). */
export const authorTiersModel = defineQuery<string, AuthorTier[]>(
  'author-tiers',
  (ctx, pubkey, signal) => loadAuthorTiers(ctx.api, pubkey, { signal }),
  { key: (pubkey) => pubkey },
);

/**
 * The session viewer's subscriptions (kind 7001) to a creator, newest first, ended ones (7002)
 * left out; none for a guest.
 */
export const authorSubscriptionsModel = defineQuery<string, SignedEvent[]>(
  'author-subscriptions',
  (ctx, creator, signal) =>
    ctx.viewer
      ? loadAuthorSubscriptions(ctx.api, ctx.viewer, creator, { signal })
      : Promise.resolve([]),
  { key: (creator) => creator },
);
