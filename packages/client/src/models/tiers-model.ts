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
