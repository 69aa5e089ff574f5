import { OutboxLookup } from '@swell/client';
import { swell } from '@/data/client.ts';
import { ingested } from '@/data/connection.ts';

let lookup: OutboxLookup | null = null;

/**
 * The app's outbox lookup (notes, profiles and articles the cache does not hold, from the relay
 * hints and the author's write relays; verified, shown in the client's store, and handed to the
 * cache).
 */
export function outboxLookup(): OutboxLookup {
  const c = swell();
  lookup ??= new OutboxLookup({
    store: c.store,
    api: c.api,
    ingest: (load) => ingested(load()),
    pool: async () => {
      await c.connectRelays().catch(() => undefined);
      return c.loadRelays();
    },
    viewer: () => c.session.pubkey,
  });
  return lookup;
}
