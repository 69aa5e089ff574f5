import { emptyPage, type SignedEvent } from '@swell/cache-protocol';
import { OutboxLookup, type OutboxLookupOptions } from '@swell/client';
import { api, ingested } from '@/data/connection.ts';
import { getEntities, ingestPage } from '@/data/entity-store.ts';
import { relays } from '@/data/relays.ts';
import { session } from '@/data/session.ts';

/**
 * The parts of packages/client's entity store the lookup uses, over the app's entity store
 * (data/entity-store.ts). Goes away once the app reads from the client's store.
 */
const storeAdapter = {
  note: (id: string) => getEntities().notes.get(id),
  user: (pubkey: string) => getEntities().users.get(pubkey),
  relayHint: () => undefined,
  ingestEvent(event: SignedEvent) {
    const page = emptyPage();
    if (event.kind === 0) page.users[event.pubkey] = event;
    else page.notes.push(event);
    ingestPage(page);
  },
} as unknown as OutboxLookupOptions['store'];

let lookup: OutboxLookup | null = null;

/**
 * The app's outbox lookup (notes, profiles and articles the cache does not hold, from the relay
 * hints and the author's write relays; verified, shown, and handed to the cache).
 */
export function outboxLookup(): OutboxLookup {
  lookup ??= new OutboxLookup({
    store: storeAdapter,
    api: api(),
    ingest: (load) => ingested(load()),
    pool: async () => {
      const { connectRelays } = await import('@/features/network/relays.ts');
      await connectRelays(session.get().pubkey).catch(() => undefined);
      return relays();
    },
    viewer: () => session.get().pubkey,
  });
  return lookup;
}
