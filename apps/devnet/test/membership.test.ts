import { createHash } from 'node:crypto';
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONTENT_BACKUP_PATH,
  MembershipResultKind,
  ResultKind,
  type CacheEvent,
  type ContentStat,
  type MembershipStatus,
  type NameAvailability,
  type PurchaseHistoryItem,
  type PurchaseQuote,
} from '@swell/cache-protocol';
import {
  finalizeEvent,
  httpAuthHeader,
  initVerifier,
  makeHttpAuth,
  verifyEvent,
  type NostrEvent,
} from '@swell/nostr';
import type { ServerContext } from '@swell/server';
import { backendServer, BACKENDS, CacheClient, importAll, User } from '@swell/server/testing';
import { devnetExtension, loadDevnetOptions, type DevnetState } from '../src/index.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = () => Math.floor(Date.now() / 1000);
const content = <T>(e: CacheEvent | undefined): T => JSON.parse(e!.content) as T;
const ofKind = (events: CacheEvent[], kind: number) => events.filter((e) => e.kind === kind);

describe.each(BACKENDS)('membership on %s (devnet lightning)', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let ctx: ServerContext;
  let devnet: DevnetState;
  let wallet: CacheClient;
  let cache: CacheClient;
  let host: string;
  const alice = new User();
  const bob = new User();
  const carol = new User();

  /** A fresh signed request of `user` (kind 30078) for a membership command. */
  const signed = (user: User, body: unknown = {}, tags: string[][] = [], at = now()) =>
    user.sign(30078, typeof body === 'string' ? body : JSON.stringify(body), tags, at);
  const ask = (command: string, user: User, body: unknown = {}, extra: object = {}) =>
    wallet.request(command, {
      event_from_user: signed(user, body, [['p', user.pubkey]]),
      ...extra,
    });
  const nostrJson = async (name: string) =>
    (await (await fetch(`${server.url}/.well-known/nostr.json?name=${name}`)).json()) as {
      names: Record<string, string>;
    };
  const pay = async (invoice: string) => {
    const res = await fetch(`${server.url}/devnet/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice }),
    });
    expect(res.status).toBe(200);
  };
  const buy = async (user: User, body: object): Promise<PurchaseQuote> => {
    const r = await ask('membership_purchase_product', user, body);
    expect(r.notices).toEqual([]);
    return content<PurchaseQuote>(ofKind(r.events, MembershipResultKind.PurchaseQuote)[0]);
  };
  const status = async (user: User) => {
    const r = await ask('membership_status', user);
    expect(r.notices).toEqual([]);
    const e = ofKind(r.events, MembershipResultKind.Status)[0];
    return e ? content<MembershipStatus>(e) : undefined;
  };

  beforeAll(async () => {
    await initVerifier();
    const ext = devnetExtension({ devnet: true, demo: false });
    devnet = ext.state;
    server = await backendServer(backend, {
      extensions: [ext, { name: 'handle', register: (_app, c) => void (ctx = c) }],
    });
    host = new URL(server.url).host;
    wallet = await CacheClient.open(server.wsUrl('/wallet/v1'), true);
    cache = await CacheClient.open(server.wsUrl('/v1'), false);
    await ctx.names.register('bob', bob.pubkey);
  });
  afterAll(async () => {
    wallet?.close();
    cache?.close();
    await server?.stop();
  });

  it('checks names: too short, taken, reserved, available', async () => {
    const check = async (name: string) => {
      const r = await wallet.request('membership_name_available', { name });
      return content<NameAvailability>(r.events[0]);
    };
    expect(await check('al')).toMatchObject({ available: false, reason: 'too-short' });
    expect(await check('Bob')).toMatchObject({ available: false, reason: 'taken' });
    expect(await check('premium')).toMatchObject({ available: false, reason: 'reserved' });
    expect(await check('alice')).toMatchObject({ available: true, name: 'alice' });
    expect(await check('bad name')).toMatchObject({ available: false, reason: 'invalid' });
    // a name its holder asks about is theirs to keep
    const own = await wallet.request('membership_name_available', {
      name: 'bob',
      pubkey: bob.pubkey,
    });
    expect(content<NameAvailability>(own.events[0]).available).toBe(true);
  });

  it('has no status for a user who never was a member (tier none)', async () => {
    const r = await ask('membership_status', alice);
    expect(r).toMatchObject({ events: [], notices: [] });
  });

  it('refuses a purchase without a product or a name', async () => {
    expect(
      (await ask('membership_purchase_product', alice, { product_id: 'forever' })).notices[0],
    ).toMatch(/invalid product_id/);
    expect(
      (await ask('membership_purchase_product', alice, { product_id: '3-months-premium' })).notices,
    ).toEqual(['choose a name first']);
    const taken = await ask('membership_purchase_product', alice, {
      product_id: '3-months-premium',
      name: 'bob',
    });
    expect(taken.notices).toEqual(['name unavailable (taken)']);
  });

  it('prices products at the devnet rate: 3 months $21, 12 months $72', async () => {
    const year = await buy(alice, { product_id: '12-months-premium', name: 'alice' });
    expect(year).toMatchObject({ amount_usd: '72', amount_btc: '0.00072' });
    const amount = decode(year.qr_code).sections.find((s) => s.name === 'amount');
    expect(Number((amount as { value: string }).value)).toBe(72_000_000); // msat at $100k/BTC
  });

  it('buys 3 months paying the devnet invoice: tier, name in nostr.json and 10000158, cohort in 10000169', async () => {
    const quote = await buy(alice, {
      product_id: '3-months-premium',
      name: 'Alice',
      receiver_pubkey: alice.pubkey,
    });
    expect(quote).toMatchObject({
      amount_usd: '21',
      amount_btc: '0.00021',
      product_id: '3-months-premium',
    });
    // while the invoice is open, nobody else is offered the name, and is told until when
    expect(quote).toMatchObject({ name: 'alice', name_held_until: quote.expires_at });
    const held = await wallet.request('membership_name_available', {
      name: 'alice',
      pubkey: carol.pubkey,
    });
    expect(content<NameAvailability>(held.events[0])).toMatchObject({
      available: false,
      reason: 'held',
      held_until: quote.expires_at,
    });

    const updates: Array<{ completed_at: number | null }> = [];
    await wallet.stream(
      'membership_purchase_monitor',
      { membership_quote_id: quote.membership_quote_id },
      'monitor-1',
      (e) => updates.push(content(e)),
    );
    expect(updates).toEqual([
      { membership_quote_id: quote.membership_quote_id, completed_at: null },
    ]);
    await pay(quote.qr_code);
    await vi.waitFor(() => expect(updates.at(-1)?.completed_at).toBeGreaterThan(0));
    wallet.ws.send(JSON.stringify(['CLOSE', 'monitor-1']));

    const s = await status(alice);
    expect(s).toMatchObject({
      pubkey: alice.pubkey,
      tier: 'premium',
      name: 'alice',
      nostr_address: `alice@${host}`,
      lightning_address: `alice@${host}`,
      cohort_1: 'Premium',
      used_storage: 0,
    });
    const days = (s!.expires_on! - now()) / 86_400;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    expect(await nostrJson('alice')).toMatchObject({ names: { alice: alice.pubkey } });
    // the uploads code asks this: 1 GB for members, 100 MB for others
    expect(await ctx.membership.uploadLimitBytes(alice.pubkey)).toBe(1024 ** 3);
    expect(await ctx.membership.uploadLimitBytes(carol.pubkey)).toBe(100 * 1024 ** 2);
    // and the media store applies it, with ten times the storage
    const member = await ctx.media.limitsFor(alice.pubkey);
    const regular = await ctx.media.limitsFor(carol.pubkey);
    expect(member).toMatchObject({ tier: 'premium', maxFileBytes: 1024 ** 3 });
    expect(regular).toMatchObject({ tier: 'regular', maxFileBytes: 100 * 1024 ** 2 });
    expect(member.quotaBytes).toBe(regular.quotaBytes * 10);
    const page = await cache.page('user_infos', { pubkeys: [alice.pubkey, carol.pubkey] });
    expect(page.verifiedNames).toEqual({ [alice.pubkey]: 'alice' });
    expect(page.cohorts[alice.pubkey]).toMatchObject({ tier: 'premium', cohort_1: 'Premium' });
    expect(page.cohorts[carol.pubkey]).toBeUndefined();
    expect(page.legends).toEqual({});
    // a monitor started after the payment answers completed at once
    const late: Array<{ completed_at: number | null }> = [];
    await wallet.stream(
      'membership_purchase_monitor',
      { membership_quote_id: quote.membership_quote_id },
      'monitor-2',
      (e) => late.push(content(e)),
    );
    expect(late[0]?.completed_at).toBe(updates.at(-1)?.completed_at);
  });

  it("a kind 0 claiming the member's name does not change what nostr.json answers", async () => {
    const impostor = new User();
    await importAll(cache, [
      impostor.sign(0, JSON.stringify({ name: 'alice', nip05: `alice@${host}` }), [], 1),
      impostor.sign(0, JSON.stringify({ name: 'alice', nip05: `alice@${host}` }), [], now()),
    ]);
    expect(await nostrJson('alice')).toMatchObject({ names: { alice: alice.pubkey } });
    const page = await cache.page('user_infos', { pubkeys: [impostor.pubkey] });
    expect(page.verifiedNames).toEqual({});
  });

  it('renames a member (and refuses a taken name)', async () => {
    const taken = await ask('membership_change_name', alice, { name: 'bob' });
    expect(content<NameAvailability>(taken.events[0])).toMatchObject({
      available: false,
      reason: 'taken',
    });
    const r = await ask('membership_change_name', alice, { name: 'alicia' });
    expect(content<NameAvailability>(r.events[0])).toEqual({ available: true, name: 'alicia' });
    expect(await nostrJson('alicia')).toMatchObject({ names: { alicia: alice.pubkey } });
    expect(await nostrJson('alice')).toEqual({ names: {} });
    expect((await cache.page('user_infos', { pubkeys: [alice.pubkey] })).verifiedNames).toEqual({
      [alice.pubkey]: 'alicia',
    });
    // only members rename
    const notMember = await ask('membership_change_name', carol, { name: 'carol' });
    expect(notMember.notices).toEqual(['membership required']);
  });

  it('becomes a legend with $1000 or more, then customizes: 10000168 on /v1', async () => {
    const early = await ask('membership_legend_customization', alice, { style: 'AQUA' });
    expect(early.notices).toEqual(['legend membership required']);
    const tooLittle = await ask('membership_purchase_product', alice, {
      product_id: 'legend-premium',
      name: 'alicia',
      amount_usd: '999',
    });
    expect(tooLittle.notices).toEqual(['a legend donation is at least $1000']);
    const quote = await buy(alice, {
      product_id: 'legend-premium',
      name: 'alicia',
      amount_usd: '1000',
    });
    expect(quote).toMatchObject({ amount_usd: '1000', amount_btc: '0.01' });
    await pay(quote.qr_code);
    const s = await status(alice);
    expect(s).toMatchObject({
      tier: 'premium-legend',
      expires_on: null,
      cohort_1: 'Legend',
      name: 'alicia',
    });

    let page = await cache.page('user_infos', { pubkeys: [alice.pubkey] });
    expect(page.legends[alice.pubkey]).toMatchObject({
      style: 'GOLD',
      custom_badge: true,
      avatar_glow: true,
    });
    expect(page.cohorts[alice.pubkey]).toMatchObject({ tier: 'premium-legend', expires_on: null });

    const bad = await ask('membership_legend_customization', alice, { style: 'PINK' });
    expect(bad.notices[0]).toMatch(/invalid style/);
    const r = await ask('membership_legend_customization', alice, {
      style: 'SUNFIRE',
      custom_badge: true,
      avatar_glow: false,
      edited_shoutout: 'open networks',
    });
    expect(r.notices).toEqual([]);
    expect(
      content<Record<string, unknown>>(ofKind(r.events, ResultKind.LegendCustomization)[0]),
    ).toEqual({
      [alice.pubkey]: expect.objectContaining({ style: 'SUNFIRE', avatar_glow: false }),
    });
    page = await cache.page('user_infos', { pubkeys: [alice.pubkey] });
    expect(page.legends[alice.pubkey]).toMatchObject({
      style: 'SUNFIRE',
      custom_badge: true,
      avatar_glow: false,
      current_shoutout: 'open networks',
    });
    // a later premium purchase keeps the legend a legend
    const more = await buy(alice, { product_id: '3-months-premium', name: '' });
    await pay(more.qr_code);
    expect((await status(alice))?.tier).toBe('premium-legend');
  });

  it('lists purchases, newest first, with labels and amounts', async () => {
    const r = await ask('membership_purchase_history', alice, { limit: 10 });
    const items = content<PurchaseHistoryItem[]>(
      ofKind(r.events, MembershipResultKind.PurchaseHistory)[0],
    );
    // (payments within one second tie on purchased_at)
    expect(items.map((i) => i.product_id).sort()).toEqual([
      '3-months-premium',
      '3-months-premium',
      'legend-premium',
    ]);
    const times = items.map((i) => i.purchased_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.find((i) => i.product_id === 'legend-premium')).toMatchObject({
      product_label: 'Legend',
      amount_usd: '1000',
      amount_btc: '0.01',
      currency: 'btc',
      receiver_pubkey: alice.pubkey,
    });
    const range = content<{ elements: string[] }>(ofKind(r.events, ResultKind.FeedRange)[0]);
    expect(range.elements).toEqual(items.map((i) => i.membership_quote_id));
    const page2 = await ask('membership_purchase_history', alice, { limit: 2 }, {});
    expect(
      content<unknown[]>(ofKind(page2.events, MembershipResultKind.PurchaseHistory)[0]),
    ).toHaveLength(2);
  });

  it('exchange rate: fixed on the devnet, settable, also through `wallet {operation_event}`', async () => {
    const rate = async () => {
      const r = await wallet.request('membership_exchange_rate', { target_currency: 'USD' });
      return content<{ rate: number }>(r.events[0]).rate;
    };
    expect(await rate()).toBe(100_000);
    const setRate = (headers: Record<string, string>) =>
      fetch(`${server.url}/devnet/exchange-rate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ usd_per_btc: 50_000 }),
      });
    // Everyone's prices: only the operator sets them.
    expect((await setRate({})).status).toBe(401);
    expect(await rate()).toBe(100_000);
    const set = await setRate({ authorization: `Bearer ${devnet.operatorToken!}` });
    expect(set.status).toBe(200);
    expect(await rate()).toBe(50_000);
    const op = finalizeEvent(
      {
        kind: 10000300,
        created_at: now(),
        tags: [],
        content: JSON.stringify(['exchange_rate', { target_currency: 'USD' }]),
      },
      alice.sk,
    );
    const r = await wallet.request('wallet', { operation_event: op });
    expect(r.events).toEqual([{ kind: 10000305, content: JSON.stringify({ rate: 50_000 }) }]);
    expect((await wallet.request('wallet', { operation_event: op })).notices[0]).toMatch(
      /already used/,
    );
    expect(
      (await wallet.request('membership_exchange_rate', { target_currency: 'EUR' })).notices[0],
    ).toMatch(/USD only/);
    devnet.payments!.setUsdPerBtc(100_000);
    expect(await rate()).toBe(100_000);
  });

  it('restores an earlier contact list', async () => {
    const [x, y, z] = [new User(), new User(), new User()];
    const v1 = alice.sign(
      3,
      '{"wss://relay.one":{"read":true,"write":true}}',
      [
        ['p', x.pubkey],
        ['p', y.pubkey],
      ],
      now() - 200,
    );
    const v2 = alice.sign(3, '', [['p', z.pubkey]], now() - 100);
    await importAll(cache, [v1, v2]);
    // a version older than the stored head, arriving late, joins the history too
    const v0 = alice.sign(3, '', [['p', x.pubkey]], now() - 300);
    const late = await cache.request('import_events', { events: [v0] });
    expect(late.notices).toEqual([]);
    const r = await ask('membership_recovery_contact_lists', alice);
    expect(r.notices).toEqual([]);
    const versions = r.events.filter((e) => e.kind === 3) as NostrEvent[];
    expect(versions.map((e) => e.id)).toEqual([v2.id, v1.id, v0.id]);
    expect(versions.every((e) => verifyEvent(e))).toBe(true);
    expect(
      content<{ elements: string[] }>(ofKind(r.events, ResultKind.FeedRange)[0]).elements,
    ).toEqual([v2.id, v1.id, v0.id]);
    // restoring = signing the old version anew
    const old = versions[1]!;
    const restored = alice.sign(3, old.content, old.tags);
    await importAll(cache, [restored]);
    const list = await cache.request('contact_list', { pubkey: alice.pubkey });
    const head = list.events.find((e) => e.kind === 3)!;
    expect(head.id).toBe(restored.id);
    expect(head.tags).toEqual(v1.tags);
    // four versions now; pages go on from the range: until = since, offset = shown at since
    const page1 = await ask('membership_recovery_contact_lists', alice, {}, { limit: 2 });
    const ids1 = page1.events.filter((e) => e.kind === 3).map((e) => e.id);
    expect(ids1).toEqual([restored.id, v2.id]);
    const since = content<{ since: number }>(ofKind(page1.events, ResultKind.FeedRange)[0]).since;
    expect(since).toBe(v2.created_at);
    const page2 = await ask(
      'membership_recovery_contact_lists',
      alice,
      {},
      { limit: 2, until: since, offset: 1 },
    );
    expect(page2.events.filter((e) => e.kind === 3).map((e) => e.id)).toEqual([v1.id, v0.id]);
    // members only
    expect((await ask('membership_recovery_contact_lists', carol)).notices).toEqual([
      'membership required',
    ]);
  });

  it('content backup: counts per kind, the socket stream and a NIP-98 JSONL download that verify', async () => {
    await importAll(cache, [
      alice.sign(1, 'first note', [], now() - 300),
      alice.sign(1, 'second', [], now() - 299),
    ]);
    const stats = await ask('membership_content_stats', alice);
    const counts = content<ContentStat[]>(
      ofKind(stats.events, MembershipResultKind.ContentStats)[0],
    );
    expect(counts).toContainEqual({ kind: 1, cnt: 2 });
    expect(counts).toContainEqual({ kind: 3, cnt: 1 });
    const total = counts.reduce((n, c) => n + c.cnt, 0);

    const streamed: CacheEvent[] = [];
    await wallet.stream(
      'membership_content_backup',
      { event_from_user: signed(alice, {}, [['p', alice.pubkey]]) },
      'backup-1',
      (e) => streamed.push(e),
    );
    wallet.ws.send(JSON.stringify(['CLOSE', 'backup-1']));
    expect(streamed).toHaveLength(total);
    expect(streamed.every((e) => e.pubkey === alice.pubkey && verifyEvent(e as NostrEvent))).toBe(
      true,
    );

    const url = `${server.url}${CONTENT_BACKUP_PATH}`;
    const auth = (u = url, user = alice) =>
      httpAuthHeader(finalizeEvent(makeHttpAuth({ url: u, method: 'GET' }), user.sk));
    const header = auth();
    const res = await fetch(url, { headers: { authorization: header } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="nostr-content-all-/,
    );
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as NostrEvent);
    expect(lines).toHaveLength(total);
    expect(lines.every((e) => e.pubkey === alice.pubkey && verifyEvent(e))).toBe(true);
    expect(new Set(lines.map((e) => e.id))).toEqual(new Set(streamed.map((e) => e.id)));

    const notes = `${url}?kinds=1`;
    const only = await fetch(notes, { headers: { authorization: auth(notes) } });
    expect((await only.text()).trim().split('\n')).toHaveLength(2);
    // refused: no token, a replayed token, a token for another URL, a non-member
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: header } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: auth(`${url}?kinds=0`) } })).status).toBe(
      401,
    );
    expect((await fetch(url, { headers: { authorization: auth(url, carol) } })).status).toBe(403);
  });

  it("media management lists, sums and deletes the member's real uploads", async () => {
    const empty = await ask('membership_media_management_stats', alice);
    expect(content(ofKind(empty.events, MembershipResultKind.MediaStats)[0])).toEqual({
      image: 0,
      video: 0,
      other: 0,
    });
    const files = [RED_PIXEL_PNG, BLUE_SQUARE_PNG].map((b64) => Buffer.from(b64, 'base64'));
    const hashes: string[] = [];
    for (const file of files) {
      const sha256 = createHash('sha256').update(file).digest('hex');
      hashes.push(sha256);
      const res = await fetch(`${server.url}/upload`, {
        method: 'PUT',
        headers: {
          authorization: blossomAuth(alice, 'upload', sha256),
          'content-type': 'image/png',
        },
        body: file,
      });
      expect(res.status).toBe(201);
    }
    const stats = await ask('membership_media_management_stats', alice);
    expect(content(ofKind(stats.events, MembershipResultKind.MediaStats)[0])).toEqual({
      image: files[0]!.length + files[1]!.length,
      video: 0,
      other: 0,
    });
    const list = await ask('membership_media_management_uploads', alice, {}, { limit: 20 });
    const items = content<{ url: string; size: number; mimetype: string }[]>(
      ofKind(list.events, MembershipResultKind.MediaList)[0],
    );
    expect(items.map((i) => i.mimetype)).toEqual(['image/png', 'image/png']);
    expect(new Set(items.map((i) => i.url))).toEqual(
      new Set(hashes.map((h) => `${server.url}/media/${h}.png`)),
    );
    // one page of one, then the next page skips it
    const first = await ask('membership_media_management_uploads', alice, {}, { limit: 1 });
    const firstItems = content<{ url: string; created_at: number }[]>(
      ofKind(first.events, MembershipResultKind.MediaList)[0],
    );
    expect(firstItems).toHaveLength(1);
    // the next page starts at that upload's second and skips the one upload already shown
    const next = await ask(
      'membership_media_management_uploads',
      alice,
      {},
      { limit: 1, until: firstItems[0]!.created_at, offset: 1 },
    );
    const nextItems = content<{ url: string }[]>(
      ofKind(next.events, MembershipResultKind.MediaList)[0],
    );
    expect(nextItems.map((i) => i.url)).toEqual(
      items.map((i) => i.url).filter((u) => u !== firstItems[0]!.url),
    );

    // someone else's delete is refused; the owner's removes the file
    const notYours = await ask('membership_media_management_delete', bob, { url: items[0]!.url });
    expect(notYours.notices.length).toBe(1);
    const del = await ask('membership_media_management_delete', alice, { url: items[0]!.url });
    expect(del.notices).toEqual([]);
    expect((await fetch(items[0]!.url)).status).toBe(404);
    const after = await ask('membership_media_management_uploads', alice, {}, { limit: 20 });
    expect(
      content<unknown[]>(ofKind(after.events, MembershipResultKind.MediaList)[0]),
    ).toHaveLength(1);
  });
});

/** A Blossom (BUD-11) authorization header of `user` for `verb` on the blob `sha256`. */
function blossomAuth(user: User, verb: string, sha256: string): string {
  const at = Math.floor(Date.now() / 1000);
  const event = user.sign(24242, `${verb} blob`, [
    ['t', verb],
    ['expiration', String(at + 300)],
    ['x', sha256],
  ]);
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString('base64url')}`;
}

/** Two real PNGs (1x1 red, 2x2 blue), made with sharp for this test. */
const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4z8AAAAMBAQCc479ZAAAAAElFTkSuQmCC';
const BLUE_SQUARE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWNgYPgPRmAKABf2A/38FIMyAAAAAElFTkSuQmCC';

describe('SWELL_DEVNET_USD_PER_BTC', () => {
  it('sets the devnet exchange rate; nonsense is refused at start', () => {
    expect(loadDevnetOptions({ SWELL_DEVNET_USD_PER_BTC: '65000' }, []).usdPerBtc).toBe(65_000);
    expect(loadDevnetOptions({}, ['--SWELL_DEVNET_USD_PER_BTC=70000']).usdPerBtc).toBe(70_000);
    expect(loadDevnetOptions({}, []).usdPerBtc).toBeUndefined();
    expect(() => loadDevnetOptions({ SWELL_DEVNET_USD_PER_BTC: 'lots' }, [])).toThrow(
      /SWELL_DEVNET_USD_PER_BTC/,
    );
  });
});
