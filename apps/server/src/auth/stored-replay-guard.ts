import type { Kysely } from 'kysely';
import type { Store } from '../store/store.ts';
import type { ClaimOutcome, ProofLedger } from './user-request.ts';

/**
 * Signed user requests already used, and request-kind events seen published, until they are
 * stale anyway (migrations 0007-membership, 0009-published-request-proofs).
 */
export interface UsedUserRequestsTable {
  sig: string;
  expires_at: number;
  /** 'proof' (used as a request) or 'published' (auth/published-proofs.ts). */
  origin: string;
}

/** Claims between two sweeps of expired rows. */
const SWEEP_EVERY = 200;

/**
 * The proof ledger kept in the database (table `used_user_requests`), so a captured or
 * published request is refused by every server instance sharing the database, and after a
 * restart. One insert per request; expired rows are swept now and then.
 */
export class StoredReplayGuard implements ProofLedger {
  private readonly db: Kysely<{ used_user_requests: UsedUserRequestsTable }>;
  private claims = 0;

  constructor(store: Pick<Store, 'db'>) {
    this.db = store.db as unknown as Kysely<{ used_user_requests: UsedUserRequestsTable }>;
  }

  async claim(sig: string, expiresAt: number, now: number): Promise<ClaimOutcome> {
    if (++this.claims % SWEEP_EVERY === 0) {
      await this.db.deleteFrom('used_user_requests').where('expires_at', '<', now).execute();
    }
    const r = await this.db
      .insertInto('used_user_requests')
      .values({ sig, expires_at: expiresAt, origin: 'proof' })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return 'claimed';
    return (await this.originOf(sig)) === 'published' ? 'published' : 'used';
  }

  async wasPublished(sig: string): Promise<boolean> {
    return (await this.originOf(sig)) === 'published';
  }

  private async originOf(sig: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('used_user_requests')
      .select('origin')
      .where('sig', '=', sig)
      .executeTakeFirst();
    return row?.origin;
  }
}
