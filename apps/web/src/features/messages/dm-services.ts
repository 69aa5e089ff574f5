import type { CacheApi, RelayPool, Signer, UserRecordStore, WritePath } from '@swell/client';
import { swell } from '@/data/client.ts';

/**
 * The one seam between the Messages and Notifications features and the app's client: who signs,
 * the cache API, the per-user records, the relay pool (the user's relays, AUTH answered by the
 * session's signer) and the write path (outbox, publisher).
 */
export interface DmServices {
  me: string;
  signer(): Signer | null;
  api: CacheApi;
  records: UserRecordStore;
  pool(): Promise<RelayPool>;
  write(): Promise<WritePath>;
}

/** The user's relays, connected (once per sign-in; the client re-connects on a new pubkey). */
async function connectedPool(): Promise<RelayPool> {
  const c = swell();
  await c.connectRelays();
  return c.loadRelays();
}

export function dmServices(me: string): DmServices {
  const c = swell();
  return {
    me,
    signer: () => c.session.signer,
    api: c.api,
    records: c.records,
    pool: connectedPool,
    write: async () => {
      await connectedPool();
      return c.write();
    },
  };
}
