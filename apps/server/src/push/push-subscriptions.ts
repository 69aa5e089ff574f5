import { createECDH, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DEFAULT_PUSH_TYPES,
  PUSH_NOTIFICATION_TYPES,
  type PushPreferences,
  type PushSubscriptionInfo,
  type WebPushSubscription,
} from '@swell/cache-protocol';
import type { PushDatabase, PushSubscriptionsTable } from './push-tables.ts';

/** Devices kept per user; registering one more drops the least recently registered. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;
/** Longest endpoint accepted (the browsers' push services use about 200 characters). */
const MAX_ENDPOINT_LENGTH = 1024;

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  types: [...DEFAULT_PUSH_TYPES],
  dms: true,
  quiet_when_focused: true,
};

/** A subscription whose endpoint and keys were checked. */
export interface CheckedSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A browser's subscription (`PushSubscription.toJSON()`), checked: an https endpoint without
 * credentials (or one of this server's own push services, `isLocal`), a P-256 public key that
 * is a point of the curve and a 16-byte auth secret. The reason as a string otherwise.
 */
export function checkSubscription(
  raw: unknown,
  isLocal: (endpoint: string) => boolean,
): CheckedSubscription | string {
  if (!isRecord(raw)) return 'must be an object';
  const { endpoint, keys } = raw as Partial<WebPushSubscription>;
  if (typeof endpoint !== 'string' || endpoint.length > MAX_ENDPOINT_LENGTH)
    return 'endpoint must be a URL';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (!isLocal(endpoint)) {
    if (url.protocol !== 'https:') return 'endpoint must be https';
    if (url.username || url.password) return 'endpoint must not carry credentials';
  }
  if (!isRecord(keys) || typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string')
    return 'keys must be p256dh and auth';
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4) return 'p256dh must be a P-256 point';
  try {
    // Throws on a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(p256dh);
  } catch {
    return 'p256dh must be a P-256 point';
  }
  if (auth.length !== 16) return 'auth must be 16 bytes';
  return {
    endpoint,
    p256dh: p256dh.toString('base64url'),
    auth: auth.toString('base64url'),
  };
}

/** Preferences with defaults filled in; the reason as a string when a field is wrong. */
export function checkPreferences(
  raw: unknown,
  base: PushPreferences = DEFAULT_PUSH_PREFERENCES,
): PushPreferences | string {
  if (raw === undefined) return { ...base, types: [...base.types] };
  if (!isRecord(raw)) return 'must be an object';
  const out: PushPreferences = { ...base, types: [...base.types] };
  if (raw.types !== undefined) {
    if (
      !Array.isArray(raw.types) ||
      raw.types.length > PUSH_NOTIFICATION_TYPES.length ||
      !raw.types.every((t) => typeof t === 'number' && PUSH_NOTIFICATION_TYPES.includes(t))
    )
      return `types must be notification types (${PUSH_NOTIFICATION_TYPES.join(', ')})`;
    out.types = [...new Set(raw.types as number[])].sort((a, b) => a - b);
  }
  for (const flag of ['dms', 'quiet_when_focused'] as const) {
    if (raw[flag] === undefined) continue;
    if (typeof raw[flag] !== 'boolean') return `${flag} must be true or false`;
    out[flag] = raw[flag];
  }
  return out;
}

export function preferencesOf(
  row: Pick<PushSubscriptionsTable, 'types' | 'dms' | 'quiet_when_focused'>,
): PushPreferences {
  let types: number[] = [];
  try {
    const parsed = JSON.parse(row.types) as unknown;
    if (Array.isArray(parsed)) types = parsed.filter((t): t is number => typeof t === 'number');
  } catch {
    // a damaged row pushes nothing but messages
  }
  return { types, dms: row.dms === 1, quiet_when_focused: row.quiet_when_focused === 1 };
}

export function subscriptionInfo(row: PushSubscriptionsTable): PushSubscriptionInfo {
  return {
    endpoint: row.endpoint,
    preferences: preferencesOf(row),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The devices of each user: registered, listed and removed under a signed request. */
export class PushSubscriptions {
  private readonly db: Kysely<PushDatabase>;
  private readonly burst: () => number;

  constructor(db: Kysely<PushDatabase>, burst: () => number) {
    this.db = db;
    this.burst = burst;
  }

  /**
   * Registers a device for `pubkey`, or updates its preferences. An endpoint is one browser
   * profile: registered by another user, it moves to this one (the browser now pushes for
   * whoever signed in last). Past MAX_SUBSCRIPTIONS_PER_USER the oldest goes.
   */
  async register(
    pubkey: string,
    sub: CheckedSubscription,
    preferences: PushPreferences,
    now: number,
  ): Promise<PushSubscriptionsTable> {
    const prefs = {
      types: JSON.stringify(preferences.types),
      dms: preferences.dms ? 1 : 0,
      quiet_when_focused: preferences.quiet_when_focused ? 1 : 0,
    };
    const row: PushSubscriptionsTable = {
      id: randomBytes(16).toString('hex'),
      pubkey,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      ...prefs,
      created_at: now,
      updated_at: now,
      tokens: this.burst(),
      tokens_at: now,
      blocked_until: 0,
    };
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          pubkey,
          p256dh: sub.p256dh,
          auth: sub.auth,
          ...prefs,
          updated_at: now,
        }),
      )
      .execute();
    const stored = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', sub.endpoint)
      .executeTakeFirstOrThrow();
    const all = await this.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('pubkey', '=', pubkey)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    const extra = all.slice(MAX_SUBSCRIPTIONS_PER_USER).map((r) => r.id);
    if (extra.length) await this.removeIds(extra);
    return stored;
  }

  /** Removes a device of `pubkey` by its endpoint; false when it had none there. */
  async remove(pubkey: string, endpoint: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('pubkey', '=', pubkey)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    if (!row) return false;
    await this.removeIds([row.id]);
    return true;
  }

  /** Forgets devices and what was waiting for them (a 404/410 of their push service). */
  async removeIds(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('push_deliveries').where('subscription_id', 'in', ids).execute();
      await tx.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
    });
  }

  async list(pubkey: string): Promise<PushSubscriptionsTable[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('pubkey', '=', pubkey)
      .orderBy('created_at')
      .execute();
  }

  async byId(id: string): Promise<PushSubscriptionsTable | undefined> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
