import type { Kysely } from 'kysely';
import type { Store } from '../store/store.ts';
import type { ReplayGuard } from './user-request.ts';

/** Signed user requests already used, until they are stale anyway (migration 0007-membership). */
export interface UsedUserRequestsTable {
  sig: string;
  expires_at: number;
}

/** Claims between two sweeps of expired rows. */
const SWEEP_EVERY = 200;

/**
 * A replay guard kept in the database (table `used_user_requests`), so a captured request is
 * refused by every server instance sharing the database, and after a restart. One insert per
 * request; expired rows are swept now and then.
 */
export class StoredReplayGuard implements ReplayGuard {
  private readonly db: Kysely<{ used_user_requests: UsedUserRequestsTable }>;
  private claims = 0;

  constructor(store: Pick<Store, 'db'>) {
    this.db = store.db as unknown as Kysely<{ used_user_requests: UsedUserRequestsTable }>;
  }

  async claim(sig: string, expiresAt: number, now: number): Promise<boolean> {
    if (++this.claims % SWEEP_EVERY === 0) {
      await this.db.deleteFrom('used_user_requests').where('expires_at', '<', now).execute();
    }
    const r = await this.db
      .insertInto('used_user_requests')
      .values({ sig, expires_at: expiresAt })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
