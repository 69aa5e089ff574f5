import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultKind, type CacheEvent } from '@swell/cache-protocol';
import { backendServer, BACKENDS, CacheClient, importAll } from './cache-helpers.ts';
import { alice, bob, carol, dave, now, seedPersonal } from './cache-personal-data.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

describe.each(BACKENDS)('on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  beforeAll(async () => {
    server = await backendServer(backend);
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    await seedPersonal(c);
    c.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('state-changing commands', () => {
    let c: CacheClient;
    beforeAll(async () => {
      c = await CacheClient.open(server.wsUrl('/v1'), true);
    });
    afterAll(() => c.close());

    it('app settings: defaults, set, get', async () => {
      // each read signs its own request (used once)
      const ask = () => alice.sign(30078, '', [['d', 'Swell']]);
      const first = await c.page('get_app_settings', { event_from_user: ask() });
      expect(first.defaultSettings?.client).toBe('Swell');
      const settings = alice.sign(
        30078,
        JSON.stringify({ theme: 'midnight', applyContentModeration: true }),
        [['d', 'Swell']],
      );
      const set = await c.request('set_app_settings', { settings_event: settings });
      expect(set.events[0]?.id).toBe(settings.id);
      const again = await c.request('get_app_settings', { event_from_user: ask() });
      expect(again.events[0]?.id).toBe(settings.id);
    });

    it('app subsettings: default home feeds, set, get', async () => {
      const ask = () =>
        alice.sign(30078, JSON.stringify({ subkey: 'user-home-feeds' }), [['d', 'Swell']]);
      // the content of 10000155 is the bare value: the feeds array
      const first = await c.request('get_app_subsettings', { event_from_user: ask() });
      expect(first.events.map((e) => e.kind)).toEqual([ResultKind.AppSubsettings]);
      expect((JSON.parse(first.events[0]!.content) as unknown[]).length).toBeGreaterThan(0);
      const mine = [
        { name: 'Mine', spec: '{"id":"latest","kind":"notes"}', description: '', enabled: true },
      ];
      const set = alice.sign(30078, JSON.stringify({ subkey: 'user-home-feeds', settings: mine }), [
        ['d', 'Swell'],
      ]);
      // under event_from_user, as the reference client sends it
      const echo = await c.request('set_app_subsettings', { event_from_user: set });
      expect(JSON.parse(echo.events[0]!.content)).toEqual(mine);
      const again = await c.request('get_app_subsettings', { event_from_user: ask() });
      expect(JSON.parse(again.events[0]!.content)).toEqual(mine);
      expect(
        (await c.page('get_app_subsettings', { event_from_user: ask() })).appSubsettings,
      ).toEqual({ settings: mine });
      // settings_event still works, for older clients
      const reads = [{ name: 'R', spec: '{"kind":"reads"}', description: '', enabled: true }];
      const setReads = alice.sign(
        30078,
        JSON.stringify({ subkey: 'user-reads-feeds', settings: reads }),
        [['d', 'Swell']],
      );
      await c.request('set_app_subsettings', { settings_event: setReads });
      const askReads = alice.sign(30078, JSON.stringify({ subkey: 'user-reads-feeds' }), [
        ['d', 'Swell'],
      ]);
      const gotReads = await c.request('get_app_subsettings', { event_from_user: askReads });
      expect(JSON.parse(gotReads.events[0]!.content)).toEqual(reads);
    });

    it('moderation follows the user settings, mute list, filter lists and allowlist', async () => {
      const home = { spec: '{"id":"latest","kind":"notes"}', user_pubkey: alice.pubkey };
      const authorsOf = async () =>
        new Set((await c.page('mega_feed_directive', home)).notes.map((n) => n.pubkey));
      await importAll(c, [alice.sign(10000, '', [['p', bob.pubkey]], now - 10)]);
      expect(await authorsOf()).toEqual(new Set([carol.pubkey]));
      const profile = await c.page('user_profile', {
        pubkey: bob.pubkey,
        user_pubkey: alice.pubkey,
      });
      expect(profile.filteringReasons).toEqual([{ action: 'block', pubkey: bob.pubkey }]);
      // a filter list whose owner mutes carol, content scope on
      await importAll(c, [
        dave.sign(10000, '', [['p', carol.pubkey]], now - 10),
        alice.sign(
          30000,
          '',
          [
            ['d', 'mutelists'],
            ['p', dave.pubkey, '', '', '{"content":true,"trending":false}'],
          ],
          now - 9,
        ),
      ]);
      expect(await authorsOf()).toEqual(new Set());
      // trending scope is off for that list: carol still shows in most-zapped
      const mz = await c.page('mega_feed_directive', {
        spec: '{"id":"most-zapped","kind":"notes","hours":4}',
        user_pubkey: alice.pubkey,
      });
      expect(mz.notes.map((n) => n.pubkey)).toEqual([carol.pubkey]);
      await importAll(c, [
        alice.sign(
          30000,
          '',
          [
            ['d', 'allowlist'],
            ['p', carol.pubkey],
          ],
          now - 8,
        ),
      ]);
      expect(await authorsOf()).toEqual(new Set([carol.pubkey]));
      // moderation off in the settings: everything shows
      const off = alice.sign(
        30078,
        JSON.stringify({ applyContentModeration: false }),
        [['d', 'Swell']],
        Math.floor(Date.now() / 1000) + 5,
      );
      const offAnswer = await c.request('set_app_settings', { settings_event: off });
      expect(offAnswer.notices).toEqual([]);
      expect(await authorsOf()).toEqual(new Set([bob.pubkey, carol.pubkey]));
      const ml = await c.page('mutelist', { pubkey: alice.pubkey });
      expect(Object.keys(ml.users)).toEqual([bob.pubkey]);
      const mls = await c.page('mutelists', { pubkey: alice.pubkey });
      expect(mls.others[0]?.kind).toBe(30000);
      const al = await c.page('allowlist', { pubkey: alice.pubkey });
      expect(Object.keys(al.users)).toEqual([carol.pubkey]);
    });

    it('notifications seen and DM resets need a signed event', async () => {
      const seenEvent = bob.sign(30078, '{}', [['d', 'Swell']]);
      const r = await c.request('set_notifications_seen', { event_from_user: seenEvent });
      expect(r.notices).toEqual([]);
      const seen = await c.page('get_notifications_seen', { pubkey: bob.pubkey });
      expect(seen.notificationsSeen).toBe(seenEvent.created_at);
      const counts: CacheEvent[] = [];
      await c.stream('notification_counts', { pubkey: bob.pubkey }, 'nc', (e) => counts.push(e));
      expect(counts[0]?.kind).toBe(ResultKind.NotificationCounts);
      // every type is there, zero when nothing is unseen
      expect(counts[0]).toMatchObject({ pubkey: bob.pubkey, '1': 0, '8': 0, '104': 0, '204': 0 });
      const dm: CacheEvent[] = [];
      await c.stream('directmsg_count', { pubkey: alice.pubkey }, 'dc', (e) => dm.push(e));
      expect(dm[0]?.cnt).toBe(1);
      await c.request('reset_directmsg_counts', {
        event_from_user: alice.sign(30078, '{}', [['d', 'Swell']]),
      });
      const contacts = await c.page('get_directmsg_contacts', { user_pubkey: alice.pubkey });
      expect(contacts.dmContacts[bob.pubkey]?.cnt).toBe(0);
      const report = await c.request('report_user', {
        pubkey: bob.pubkey,
        event_from_user: alice.sign(30078, '{"description":"report"}', [['d', 'Swell']]),
      });
      expect(report.notices).toEqual([]);
    });
  });
});
