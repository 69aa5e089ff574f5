import { generateSecretKey } from '@swell/nostr';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

const DEFAULT_ACCOUNT = 'default_account';
const FEED_SERVICE_KEY = 'feed_service_secret_key';
const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Settings the server keeps in its database, so every instance and every restart sees them:
 * the default account (whose follows guests see) and the key that signs this server's feed
 * announcements. A configured value (SWELL_DEFAULT_ACCOUNT) wins over the stored one.
 */
export class ServerSettings {
  private readonly db: Kysely<Database>;
  private readonly configured: { defaultAccount?: string };
  private serviceKey?: Promise<string>;

  constructor(db: Kysely<Database>, configured: { defaultAccount?: string } = {}) {
    this.db = db;
    this.configured = configured;
  }

  private async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('server_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  private async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** A stored value of another part of the server (its own key, e.g. the last good exchange rate). */
  getValue(key: string): Promise<string | undefined> {
    return this.get(key);
  }

  setValue(key: string, value: string): Promise<void> {
    return this.set(key, value);
  }

  /**
   * Stores `value` under `key` unless a value is there already, and answers the stored one:
   * instances making a key at the same time all end up with the first one stored.
   */
  async keepFirst(key: string, value: string): Promise<string> {
    await this.db
      .insertInto('server_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const stored = await this.get(key);
    if (stored === undefined) throw new Error(`server setting ${key} missing`);
    return stored;
  }

  /**
   * The account whose follows stand in for a guest's (or an unknown user's) home and reads
   * feeds: the configured one, else the stored one (the demo network stores its own).
   */
  async defaultAccount(): Promise<string | undefined> {
    if (this.configured.defaultAccount) return this.configured.defaultAccount;
    const stored = await this.get(DEFAULT_ACCOUNT);
    return stored && HEX64.test(stored) ? stored : undefined;
  }

  async setDefaultAccount(pubkey: string): Promise<void> {
    if (!HEX64.test(pubkey)) throw new Error('default account must be a hex pubkey');
    await this.set(DEFAULT_ACCOUNT, pubkey);
  }

  /**
   * The secret key (hex) that signs this server's feed announcements (kind 31990): made on first
   * use and kept, so the announcements keep their author across restarts and instances. It signs
   * nothing else.
   */
  feedServiceKey(): Promise<string> {
    this.serviceKey ??= (async () => {
      const fresh = Buffer.from(generateSecretKey()).toString('hex');
      // Another instance may make one at the same time: the first stored key wins.
      await this.db
        .insertInto('server_settings')
        .values({ key: FEED_SERVICE_KEY, value: fresh })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const stored = await this.get(FEED_SERVICE_KEY);
      if (!stored || !HEX64.test(stored)) throw new Error('feed service key missing');
      return stored;
    })();
    this.serviceKey.catch(() => (this.serviceKey = undefined));
    return this.serviceKey;
  }
}
