import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { finalizeEvent, initVerifier, signEventDeterministic, type NostrEvent } from '@swell/nostr';
import { PAYMENTS_NOT_CONFIGURED } from '../src/membership/payment-provider.ts';
import { startPgCluster, type PgCluster } from '../src/testing/pg-cluster.ts';
import { CacheClient, User } from './cache-helpers.ts';
import { testServer } from './helpers.ts';
import { relaySocket } from './relay-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = () => Math.floor(Date.now() / 1000);

describe('/wallet/v1 without payments', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let wallet: CacheClient;
  const alice = new User();
  const status = (event: unknown) =>
    wallet.request('membership_status', { event_from_user: event });

  beforeAll(async () => {
    await initVerifier();
    server = await testServer();
    wallet = await CacheClient.open(server.wsUrl('/wallet/v1'), true);
  });
  afterAll(async () => {
    wallet?.close();
    await server?.close();
  });

  it('speaks the cache message shape (zlib answers) and knows only its own commands', async () => {
    const r = await wallet.request('membership_name_available', { name: 'someone' });
    expect(r.binary).toBe(true);
    expect(r.events).toEqual([
      { kind: 10000600, content: JSON.stringify({ available: true, name: 'someone' }) },
    ]);
    expect((await wallet.request('feed', { pubkey: alice.pubkey })).notices).toEqual([
      'unknown api request',
    ]);
    const cache = await CacheClient.open(server.wsUrl('/v1'), false);
    expect((await cache.request('membership_status', {})).notices).toEqual(['unknown api request']);
    cache.close();
  });

  it('purchases and exchange rates answer that payments are not configured', async () => {
    const buy = await wallet.request('membership_purchase_product', {
      event_from_user: alice.sign(
        30078,
        JSON.stringify({ product_id: '3-months-premium', name: 'alice' }),
        [['p', alice.pubkey]],
      ),
    });
    expect(buy.notices).toEqual([PAYMENTS_NOT_CONFIGURED]);
    const rate = await wallet.request('membership_exchange_rate', { target_currency: 'USD' });
    expect(rate.notices).toEqual([PAYMENTS_NOT_CONFIGURED]);
  });

  it('refuses a replayed event_from_user', async () => {
    const e = alice.sign(30078, '{}', [['p', alice.pubkey]]);
    expect(await status(e)).toEqual({ events: [], notices: [], binary: true });
    const again = await status(e);
    expect(again.notices[0]).toMatch(/already used/);
    // the same id signed again (same second, same content) is a new request: a new signature
    const template = { kind: e.kind, created_at: e.created_at, tags: e.tags, content: e.content };
    const twin = finalizeEvent(template, alice.sk);
    expect(twin.id).toBe(e.id);
    expect(twin.sig).not.toBe(e.sig);
    expect((await status(twin)).notices).toEqual([]);
    // a deterministic signer's twin is the same signature: refused as a replay
    const fixed = signEventDeterministic({ ...template, content: '{ }' }, alice.sk);
    expect((await status(fixed)).notices).toEqual([]);
    expect((await status({ ...fixed })).notices[0]).toMatch(/already used/);
  });

  it('refuses a stale, future, mis-kinded, badly signed or mis-addressed event_from_user', async () => {
    const notice = async (e: unknown, command = 'membership_status') =>
      (await wallet.request(command, { event_from_user: e })).notices[0];
    expect(await notice(alice.sign(30078, '{}', [], now() - 600))).toMatch(/not fresh/);
    expect(await notice(alice.sign(30078, '{}', [], now() + 600))).toMatch(/not fresh/);
    expect(await notice(alice.sign(1, '{}'))).toMatch(/kind must be 30078/);
    const forged = { ...alice.sign(30078, '{}'), content: '{"x":1}' };
    expect(await notice(forged)).toMatch(/invalid event_from_user/);
    expect(await notice(undefined)).toMatch(/invalid event_from_user/);
    const bob = new User();
    expect(
      await notice(
        alice.sign(30078, JSON.stringify({ name: 'bobby' }), [['p', bob.pubkey]]),
        'membership_change_name',
      ),
    ).toMatch(/the p tag must be the signer/);
    expect(await notice(alice.sign(30078, 'not json'), 'membership_change_name')).toMatch(
      /content must be JSON/,
    );
  });

  it('the operation_event of `wallet` must be a fresh signed kind 10000300', async () => {
    const op = (at: number, kind = 10000300) =>
      finalizeEvent(
        {
          kind,
          created_at: at,
          tags: [],
          content: JSON.stringify(['exchange_rate', { target_currency: 'USD' }]),
        },
        alice.sk,
      );
    const notice = async (e: unknown) =>
      (await wallet.request('wallet', { operation_event: e })).notices[0];
    expect(await notice(op(now() - 3600))).toMatch(/not fresh/);
    expect(await notice(op(now(), 30078))).toMatch(/kind must be 10000300/);
    expect(await notice(op(now()))).toBe(PAYMENTS_NOT_CONFIGURED);
    const balance = finalizeEvent(
      { kind: 10000300, created_at: now(), tags: [], content: JSON.stringify(['balance', {}]) },
      alice.sk,
    );
    expect(await notice(balance)).toBe('unsupported wallet operation: balance');
  });
});

describe('the replay guard is shared by server instances on one PostgreSQL database', () => {
  let cluster: PgCluster;
  let a: Awaited<ReturnType<typeof testServer>>;
  let b: Awaited<ReturnType<typeof testServer>>;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase();
    a = await testServer({ databaseUrl });
    b = await testServer({ databaseUrl });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  it('a request used on one instance is refused on the other', async () => {
    const user = new User();
    const e = user.sign(30078, '{}', [['p', user.pubkey]]);
    const [wa, wb] = await Promise.all([
      CacheClient.open(a.wsUrl('/wallet/v1'), false),
      CacheClient.open(b.wsUrl('/wallet/v1'), false),
    ]);
    expect((await wa.request('membership_status', { event_from_user: e })).notices).toEqual([]);
    const replay = await wb.request('membership_status', { event_from_user: e });
    expect(replay.notices[0]).toMatch(/already used/);
    wa.close();
    wb.close();
  });

  it('an event published on one instance proves nothing on the other, whichever comes first', async () => {
    const [relayA, wb] = await Promise.all([
      relaySocket(a.wsUrl('/relay')).then((r) => r.sock),
      CacheClient.open(b.wsUrl('/wallet/v1'), false),
    ]);
    const publish = async (e: NostrEvent): Promise<boolean> => {
      relayA.send(['EVENT', e]);
      for (;;) {
        const m = (await relayA.next(15_000)) as unknown[];
        if (m[0] === 'OK' && m[1] === e.id) return m[2] as boolean;
      }
    };
    // each by a new user: a replaceable event older than the stored one is not stored again
    const request = () => {
      const u = new User();
      return u.sign(30078, '{}', [['p', u.pubkey]]);
    };
    const published = request();
    expect(await publish(published)).toBe(true);
    expect(
      (await wb.request('membership_status', { event_from_user: published })).notices[0],
    ).toMatch(/a published event/);
    // at the same moment on two instances: the database lets exactly one of them through
    for (let n = 1; n <= 6; n++) {
      const e = request();
      const [ok, asked] = await Promise.all([
        publish(e),
        wb.request('membership_status', { event_from_user: e }),
      ]);
      expect(ok !== (asked.notices.length === 0), `round ${n}: ${asked.notices[0]}`).toBe(true);
    }
    relayA.close();
    wb.close();
  });
});
