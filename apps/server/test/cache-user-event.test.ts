import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

describe('event_from_user must be made for the request', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let c: CacheClient;
  const alice = new User();
  const bob = new User();
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    server = await testServer();
    c = await CacheClient.open(server.wsUrl('/v1'), false);
  });
  afterAll(async () => {
    c.close();
    await server.close();
  });

  const seen = async () =>
    (await c.page('get_notifications_seen', { pubkey: alice.pubkey })).notificationsSeen;

  it("refuses a user's old public events, stale or wrong-kind events and replays", async () => {
    // alice's public note, as anyone could fetch it from a relay
    const note = alice.sign(1, 'hello world');
    const oldSettings = alice.sign(30078, '{}', [['d', 'Swell']], 1);
    await importAll(c, [note]);
    const marker = await seen();
    for (const [event, reason] of [
      [note, /kind must be 30078/],
      [oldSettings, /not fresh/],
      [alice.sign(30078, '{}', [['d', 'Swell']], now() - 3600), /not fresh/],
      [alice.sign(30078, '{}', [['d', 'Swell']], now() + 3600), /not fresh/],
    ] as const) {
      for (const command of ['set_notifications_seen', 'reset_directmsg_counts']) {
        const r = await c.request(command, { event_from_user: event });
        expect(r.notices[0], command).toMatch(reason);
      }
      const report = await c.request('report_user', { pubkey: bob.pubkey, event_from_user: event });
      expect(report.notices[0]).toMatch(reason);
    }
    expect(await seen()).toBe(marker);

    // A fresh one works once per command; the same event again is a replay.
    const fresh = alice.sign(30078, '{"description":"seen"}', [['d', 'Swell']]);
    expect((await c.request('set_notifications_seen', { event_from_user: fresh })).notices).toEqual(
      [],
    );
    expect(await seen()).toBe(fresh.created_at);
    const replay = await c.request('set_notifications_seen', { event_from_user: fresh });
    expect(replay.notices[0]).toMatch(/already used/);
    const report = alice.sign(30078, '{"description":"report"}', [['d', 'Swell']]);
    expect(
      (await c.request('report_user', { pubkey: bob.pubkey, event_from_user: report })).notices,
    ).toEqual([]);
    expect(
      (await c.request('report_user', { pubkey: bob.pubkey, event_from_user: report })).notices[0],
    ).toMatch(/already used/);
  });

  it('refuses a fresh event the user published (their app settings, of the same kind)', async () => {
    const settings = alice.sign(30078, '{"theme":"dark"}', [['d', 'Primal-Web App']]);
    await importAll(c, [settings]);
    const marker = await seen();
    for (const command of ['set_notifications_seen', 'reset_directmsg_counts']) {
      const r = await c.request(command, { event_from_user: settings });
      expect(r.notices[0], command).toMatch(/a published event/);
    }
    expect(await seen()).toBe(marker);
  });

  it('accepts set_notifications_seen as the stock reference client signs it (no tags)', async () => {
    const e = alice.sign(
      30078,
      '{ "description": "update notifications last seen timestamp"}',
      [],
      now() + 1,
    );
    expect(e.tags).toEqual([]);
    expect((await c.request('set_notifications_seen', { event_from_user: e })).notices).toEqual([]);
    expect(await seen()).toBe(e.created_at);
  });

  it('a settings read is a request like any other: once, never stale', async () => {
    const ask = alice.sign(30078, '', [['d', 'Swell']]);
    expect((await c.request('get_app_settings', { event_from_user: ask })).notices).toEqual([]);
    expect((await c.request('get_app_settings', { event_from_user: ask })).notices[0]).toMatch(
      /already used/,
    );
    const stale = alice.sign(30078, '', [['d', 'Swell']], now() - 3600);
    expect((await c.request('get_app_settings', { event_from_user: stale })).notices[0]).toMatch(
      /not fresh/,
    );
  });
});
