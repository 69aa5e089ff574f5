import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, initVerifier } from '@swell/nostr';
import {
  acceptUserRequest,
  checkUserRequest,
  MemoryReplayGuard,
  UserRequestError,
} from '../src/auth/user-request.ts';
import { activeTier, addMonths, type MemberRecord } from '../src/membership/members.ts';
import { btcString, usdString } from '../src/membership/purchases.ts';
import { isReservedName } from '../src/membership/reserved-names.ts';
import { uploadLimitBytes } from '@swell/cache-protocol';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('membership units', () => {
  it('adds calendar months, clamping to the last day', () => {
    expect(addMonths(at('2025-01-31T10:00:00Z'), 1)).toBe(at('2025-02-28T10:00:00Z'));
    expect(addMonths(at('2024-01-31T10:00:00Z'), 1)).toBe(at('2024-02-29T10:00:00Z'));
    expect(addMonths(at('2025-11-15T00:00:00Z'), 3)).toBe(at('2026-02-15T00:00:00Z'));
    expect(addMonths(at('2025-03-01T00:00:00Z'), 12)).toBe(at('2026-03-01T00:00:00Z'));
  });

  it('writes amounts as the reference does: decimal strings', () => {
    expect(btcString(21_000_000)).toBe('0.00021');
    expect(btcString(1_000_000_000)).toBe('0.01');
    expect(btcString(250_000_000_000)).toBe('2.5');
    expect(btcString(100_000_000_000)).toBe('1');
    expect(usdString(2100)).toBe('21');
    expect(usdString(100050)).toBe('1000.5');
  });

  it('tiers: a legend forever, premium until it expires', () => {
    const m = { tier: 'premium', expiresOn: 1000 } as MemberRecord;
    expect(activeTier(m, 999)).toBe('premium');
    expect(activeTier(m, 1000)).toBe('none');
    expect(activeTier({ ...m, tier: 'premium-legend', expiresOn: null }, 1e12)).toBe(
      'premium-legend',
    );
    expect(activeTier(undefined, 0)).toBe('none');
  });

  it('upload limit by tier: 100 MB regular, 1 GB premium and legend', () => {
    expect(uploadLimitBytes('none')).toBe(100 * 1024 * 1024);
    expect(uploadLimitBytes('premium')).toBe(1024 * 1024 * 1024);
    expect(uploadLimitBytes('premium-legend')).toBe(1024 * 1024 * 1024);
  });

  it('reserves app routes and service names', () => {
    for (const n of ['home', 'premium', 'admin', 'swell', 'wallet', 'p', 'e'])
      expect(isReservedName(n)).toBe(true);
    expect(isReservedName('alice')).toBe(false);
  });

  it('reserves the first segment of every route of the web app (a name is a /:name link)', () => {
    const router = readFileSync(
      fileURLToPath(new URL('../../web/src/app/router.tsx', import.meta.url)),
      'utf8',
    );
    const firsts = [...router.matchAll(/path: '\/?([a-z0-9-]+)/g)].map((m) => m[1]!);
    expect(firsts).toContain('home');
    expect(firsts).toContain('drafts');
    expect(firsts.filter((f) => !isReservedName(f))).toEqual([]);
  });

  it('user requests: fresh, of the kind, passing the endpoint check, never published, once', async () => {
    await initVerifier();
    const sk = generateSecretKey();
    const now = 1_800_000_000;
    const sign = (created_at: number, kind = 30078, tags: string[][] = []) =>
      finalizeEvent({ kind, created_at, tags, content: '{}' }, sk);
    const rules = { field: 'event_from_user', kind: 30078, now };
    expect(checkUserRequest(sign(now - 300), rules).created_at).toBe(now - 300);
    expect(() => checkUserRequest(sign(now - 301), rules)).toThrow(/not fresh/);
    expect(() => checkUserRequest(sign(now + 301), rules)).toThrow(/not fresh/);
    expect(() => checkUserRequest(sign(now, 1), rules)).toThrow(UserRequestError);
    expect(() =>
      checkUserRequest(sign(now, 30078, [['x']]), { ...rules, check: () => 'no x please' }),
    ).toThrow('invalid event_from_user: no x please');
    const guard = new MemoryReplayGuard(2);
    const deps = { replays: guard, store: { getEvents: async () => [] } };
    const e = sign(now);
    await acceptUserRequest(e, rules, deps);
    await expect(acceptUserRequest(e, rules, deps)).rejects.toThrow(/already used/);
    // a published event proves nothing, whether the ledger or the store knows it
    const published = sign(now);
    guard.publish(published.sig, now + 300);
    await expect(acceptUserRequest(published, rules, deps)).rejects.toThrow(/a published event/);
    const stored = sign(now);
    await expect(
      acceptUserRequest(stored, rules, { ...deps, store: { getEvents: async () => [stored] } }),
    ).rejects.toThrow(/a published event/);
    // bounded: the oldest (and stale) entries go first
    await guard.claim('a', now - 1, now);
    await guard.claim('b', now + 10, now);
    expect(await guard.claim(e.sig, now + 10, now)).toBe('claimed');
  });
});
