import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PushDatabase } from './push-tables.ts';

/** How long one focus report holds (seconds); tabs renew it while they keep focus. */
export const FOCUS_SECONDS = 90;
/** How long a presence token is good for (seconds). */
export const PRESENCE_TOKEN_SECONDS = 12 * 3600;
/** Tokens kept per user (one per open tab); the oldest go first. */
const MAX_TOKENS_PER_USER = 50;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * "Quiet while a Swell tab of the user has focus": a tab gets a token under a signed request
 * (`push_presence_token`) and then reports focus with it (`push_presence`), without signing each
 * focus change (an extension or a remote signer would ask the user every time). Reports live in
 * the database, so an instance sending a push sees a tab open on any instance. Only the token's
 * hash is stored.
 */
export class PushPresence {
  private readonly db: Kysely<PushDatabase>;

  constructor(db: Kysely<PushDatabase>) {
    this.db = db;
  }

  async issue(pubkey: string, now: number): Promise<{ token: string; expires_at: number }> {
    const token = randomBytes(32).toString('base64url');
    const expires_at = now + PRESENCE_TOKEN_SECONDS;
    await this.db
      .insertInto('push_presence')
      .values({ token_hash: hashOf(token), pubkey, expires_at, focused_until: 0 })
      .execute();
    const rows = await this.db
      .selectFrom('push_presence')
      .select('token_hash')
      .where('pubkey', '=', pubkey)
      .orderBy('expires_at', 'desc')
      .execute();
    const extra = rows.slice(MAX_TOKENS_PER_USER).map((r) => r.token_hash);
    if (extra.length)
      await this.db.deleteFrom('push_presence').where('token_hash', 'in', extra).execute();
    return { token, expires_at };
  }

  /** Records a focus report; undefined for an unknown or expired token. */
  async report(token: string, focused: boolean, now: number): Promise<number | undefined> {
    const focused_until = focused ? now + FOCUS_SECONDS : 0;
    const r = await this.db
      .updateTable('push_presence')
      .set({ focused_until })
      .where('token_hash', '=', hashOf(token))
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? focused_until : undefined;
  }

  /** Whether a tab of `pubkey` reported focus that still holds. */
  async focused(pubkey: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('push_presence')
      .select('token_hash')
      .where('pubkey', '=', pubkey)
      .where('focused_until', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('push_presence').where('expires_at', '<=', now).execute();
  }
}
