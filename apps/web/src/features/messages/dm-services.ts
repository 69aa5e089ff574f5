import {
  createSwellClient,
  loadUserRelays,
  type CacheApi,
  type RelayPool,
  type Signer,
  type SwellClient,
  type UserRecordStore,
  type WritePath,
} from '@swell/client';
import { api } from '@/data/connection.ts';
import { records } from '@/data/records.ts';
import { currentSigner } from '@/features/account/account.ts';

/**
 * The one seam between the Messages and Notifications features and the app's session and write
 * path: who signs, the cache API, the relay pool and the write path (outbox, publisher).
 *
 * Until the app itself runs on `createSwellClient`, a private client of this module provides the
 * relay pool and the write path (its own session is never started: signing, relay AUTH included,
 * goes through the app's signer). Re-point `pool` and `write` at the app's client when it has
 * one; nothing else in these features needs to change.
 */
export interface DmServices {
  me: string;
  signer(): Signer | null;
  api: CacheApi;
  records: UserRecordStore;
  pool(): Promise<RelayPool>;
  write(): Promise<WritePath>;
}

let client: SwellClient | null = null;
let poolFor: { me: string; pool: Promise<RelayPool> } | null = null;

function writeClient(): SwellClient {
  client ??= createSwellClient({ storage: localStorage, origin: location.origin });
  return client;
}

/** The user's relays on the private pool, answering AUTH with the app's signer. */
function poolOf(me: string): Promise<RelayPool> {
  if (poolFor?.me === me) return poolFor.pool;
  const c = writeClient();
  const pool = (async () => {
    const p = await c.loadRelays();
    const s = currentSigner();
    p.setAuthSigner(s ? (t) => s.signEvent(t) : null, { eager: s?.type === 'local' });
    const relays = await loadUserRelays(c.api, c.records, me);
    p.setRelays(relays.settings);
    return p;
  })();
  poolFor = { me, pool };
  return pool;
}

export function dmServices(me: string): DmServices {
  return {
    me,
    signer: currentSigner,
    api: api(),
    records: records(),
    pool: () => poolOf(me),
    write: async () => {
      await poolOf(me);
      return writeClient().write();
    },
  };
}
