import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTENT_BACKUP_PATH, MembershipResultKind } from '@swell/cache-protocol';
import {
  finalizeEvent,
  httpAuthHeader,
  initVerifier,
  makeHttpAuth,
  type NostrEvent,
} from '@swell/nostr';
import type { ServerContext } from '../src/context.ts';
import { commandHandlers, streamHandlers } from '../src/cache/router.ts';
import { proofOf, type RequestProof } from '../src/cache/proven-command.ts';
import { membershipDb } from '../src/membership/membership-tables.ts';
import { walletRoutes } from '../src/wallet/router.ts';
import { CacheClient, User } from './cache-helpers.ts';
import { testServer, type TestSocket } from './helpers.ts';
import { relaySocket } from './relay-helpers.ts';
import { blossomAuthEvent } from './upload-helpers.ts';

// Issue 30, finding 2: a legend member's published settings event (kind 30078, served by /relay
// to anyone) was accepted on /wallet/v1 as `event_from_user`. Every command of both sockets is
// enumerated from the routers: each declares its signed request (`proven`) or is listed here as
// taking none, so a new command is covered or fails this suite.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

/** Commands that take no signed request: public reads, and publications (the event IS the data). */
const TAKES_NO_REQUEST = new Set([
  // /v1 reads of public data
  'feed',
  'mega_feed_directive',
  'advanced_feed',
  'long_form_content_feed',
  'thread_view',
  'events',
  'long_form_content_thread_view',
  'parametrized_replaceable_event',
  'parametrized_replaceable_events',
  'get_highlights',
  'user_infos',
  'user_profile',
  'contact_list',
  'author_subscriptions',
  'is_user_following',
  'user_followers',
  'user_profile_scored_content',
  'user_profile_followed_by',
  'user_zaps_sent',
  'event_actions',
  'note_mentions',
  'note_mentions_count',
  'event_zaps_by_satszapped',
  'explore',
  'explore_people',
  'explore_zaps',
  'explore_media',
  'explore_topics',
  'explore_legend_counts',
  'scored',
  'scored_users_24h',
  'search',
  'user_search',
  'search_filterlist',
  'get_home_feeds',
  'get_reads_feeds',
  'get_reads_topics',
  'get_featured_authors',
  'get_recommended_reads',
  'get_default_relays',
  'get_suggested_users',
  'get_app_releases',
  'get_default_app_settings',
  'mutelist',
  'mutelists',
  'allowlist',
  'get_bookmarks',
  'get_user_relays',
  'parameterized_replaceable_list',
  'creator_paid_tiers',
  'get_featured_dvm_feeds',
  'dvm_feed_info',
  'get_advanced_feeds',
  'get_notifications',
  'get_notifications_seen',
  'get_directmsg_contacts',
  'get_directmsgs',
  'net_stats',
  'notification_counts',
  'directmsg_count',
  // /v1 Web Push: the public VAPID key; a tab's focus report carries a token issued under a
  // signed request (push_presence_token), so a focus change needs no signature
  'push_config',
  'push_presence',
  // /v1 publications: the signed events are stored and served as they are
  'set_app_settings',
  'import_events',
  'broadcast_events',
  // /wallet/v1: public facts, the exchange rate, a quote id that is the buyer's secret
  'membership_name_available',
  'membership_exchange_rate',
  'membership_purchase_monitor',
]);

/** Arguments besides the request, and the request's content, where a command needs them. */
const PARAMS: Record<string, object> = {
  report_user: { pubkey: 'b'.repeat(64) },
  reset_directmsg_count: { sender: 'b'.repeat(64) },
};
const CONTENT: Record<string, unknown> = {
  get_app_subsettings: { subkey: 'user-home-feeds' },
  set_app_subsettings: { subkey: 'user-home-feeds', settings: [] },
  upload_chunk: { upload_id: 'proof-suite' },
  upload_complete: { upload_id: 'proof-suite', file_length: 1, sha256: '0'.repeat(64) },
  upload_cancel: { upload_id: 'proof-suite' },
  membership_legend_customization: { style: 'GOLD', custom_badge: true, avatar_glow: true },
  membership_change_name: { name: 'alice' },
  membership_media_management_delete: { url: 'http://127.0.0.1/media/none.png' },
  membership_purchase_product: { product_id: '3-months-premium', name: '' },
  wallet: ['exchange_rate', { target_currency: 'USD' }],
  push_subscribe: {
    subscription: {
      endpoint: 'https://push.example.com/proof-suite',
      keys: {
        p256dh: (() => {
          const ecdh = createECDH('prime256v1');
          ecdh.generateKeys();
          return ecdh.getPublicKey().toString('base64url');
        })(),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  },
  push_unsubscribe: { endpoint: 'https://push.example.com/proof-suite' },
};

interface Route {
  socket: '/v1' | '/wallet/v1';
  command: string;
  proof: RequestProof | undefined;
}

const routes: Route[] = [
  ...Object.entries({ ...commandHandlers, ...streamHandlers }).map(([command, h]) => ({
    socket: '/v1' as const,
    command,
    proof: proofOf(h),
  })),
  ...Object.entries({ ...walletRoutes.commands, ...walletRoutes.streams }).map(([command, h]) => ({
    socket: '/wallet/v1' as const,
    command,
    proof: proofOf(h),
  })),
];
const proven = routes.filter((r) => r.proof !== undefined);

const PROOF_REFUSAL = /^invalid (event_from_user|operation_event|settings_event|auth event): /;

describe('signed requests: fresh, of the kind and tags, never published, used once', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let ctx: ServerContext;
  const sockets = new Map<string, CacheClient>();
  let relay: TestSocket;
  const alice = new User();
  const now = () => Math.floor(Date.now() / 1000);

  /** Tags every command's request accepts: the client's name, and the signer as the p tag. */
  const requestTags = [
    ['d', 'Swell Web'],
    ['p', alice.pubkey],
  ];
  const request = (route: Route, event: NostrEvent, field = route.proof!.fields[0]) =>
    sockets.get(route.socket)!.request(route.command, {
      ...PARAMS[route.command],
      [field]: event,
    });
  /** A request signed now, unlike any other (the same content in the same second is one id). */
  const fresh = (route: Route) =>
    alice.sign(route.proof!.kind, JSON.stringify(CONTENT[route.command] ?? {}), [
      ...requestTags,
      ['nonce', randomBytes(8).toString('hex')],
    ]);

  /** Publishes on /relay; resolves the OK's [accepted, message]. */
  const publish = async (e: NostrEvent): Promise<[boolean, string]> => {
    relay.send(['EVENT', e]);
    for (;;) {
      const m = (await relay.next(15_000)) as unknown[];
      if (m[0] === 'OK' && m[1] === e.id) return [m[2] as boolean, String(m[3])];
    }
  };
  /** What a third party reads on /relay. */
  const capture = async (filter: object): Promise<NostrEvent[]> => {
    relay.send(['REQ', 'capture', filter]);
    const out: NostrEvent[] = [];
    for (;;) {
      const m = (await relay.next(15_000)) as unknown[];
      if (m[0] === 'EVENT' && m[1] === 'capture') out.push(m[2] as NostrEvent);
      if (m[0] === 'EOSE' && m[1] === 'capture') break;
    }
    relay.send(['CLOSE', 'capture']);
    return out;
  };
  const legendStyle = async () => (await ctx.membership.members.get(alice.pubkey))?.legend.style;

  beforeAll(async () => {
    await initVerifier();
    server = await testServer(
      {},
      { extensions: [{ name: 'ctx', register: (_a, c) => void (ctx = c) }] },
    );
    for (const path of ['/v1', '/wallet/v1'])
      sockets.set(path, await CacheClient.open(server.wsUrl(path), false));
    relay = (await relaySocket(server.wsUrl('/relay'))).sock;
    // alice is a legend with a name and a purchase in her history
    const t = now();
    const db = membershipDb(ctx.store.db);
    await db
      .insertInto('memberships')
      .values({
        pubkey: alice.pubkey,
        tier: 'premium-legend',
        premium_since: t - 86_400,
        legend_since: t - 86_400,
        expires_on: null,
        cohort_1: 'Legend',
        cohort_2: '2026',
        donated_usd_cents: 100_000,
        legend_style: 'GOLD',
        legend_custom_badge: 1,
        legend_avatar_glow: 1,
        legend_in_leaderboard: 1,
        legend_shoutout: 'hello',
        updated_at: t,
      })
      .execute();
    await db
      .insertInto('membership_quotes')
      .values({
        id: 'a'.repeat(32),
        payer: alice.pubkey,
        receiver: alice.pubkey,
        product_id: 'legend-premium',
        name: 'alice',
        amount_usd_cents: 100_000,
        amount_msat: 1e9,
        bolt11: 'lnbc1',
        payment_hash: 'c'.repeat(64),
        created_at: t - 86_400,
        expires_at: t - 82_800,
        completed_at: t - 86_000,
      })
      .execute();
    await ctx.names.register('alice', alice.pubkey);
  });
  afterAll(async () => {
    for (const s of sockets.values()) s.close();
    relay?.close();
    await server?.close();
  });

  it('every command of /v1 and /wallet/v1 declares its signed request or is listed as taking none', () => {
    const unclassified = routes
      .filter((r) => r.proof === undefined && !TAKES_NO_REQUEST.has(r.command))
      .map((r) => r.command);
    expect(unclassified, 'declare the request with proven(), or list the command above').toEqual(
      [],
    );
    const listedButProven = proven.filter((r) => TAKES_NO_REQUEST.has(r.command));
    expect(listedButProven.map((r) => r.command)).toEqual([]);
    expect(proven.length).toBeGreaterThanOrEqual(22);
  });

  it("refuses the legend's captured settings event everywhere: nothing changes, nothing private is read", async () => {
    // The app saves settings through /v1 as a kind 30078, which /relay then serves to anyone.
    const settings = alice.sign(30078, JSON.stringify({ theme: 'midnight' }), [['d', 'Swell Web']]);
    const saved = await sockets
      .get('/v1')!
      .request('set_app_settings', { settings_event: settings });
    expect(saved.notices).toEqual([]);
    const [captured] = await capture({ kinds: [30078], authors: [alice.pubkey] });
    expect(captured?.id).toBe(settings.id);

    for (const route of proven) {
      for (const field of route.proof!.fields) {
        const r = await request(route, captured!, field);
        expect(r.notices[0], `${route.command} (${field})`).toMatch(PROOF_REFUSAL);
        if (route.proof!.kind === 30078)
          expect(r.notices[0], route.command).toMatch(/a published event/);
        expect(r.events.filter((e) => e.kind === MembershipResultKind.PurchaseHistory)).toEqual([]);
      }
    }
    expect(await legendStyle()).toBe('GOLD');
  });

  it('refuses, for each command, a published event of its own kind and tags', async () => {
    for (const route of proven) {
      const e = fresh(route);
      // accepted (an older version of a replaceable address is answered `duplicate:`, still OK)
      expect((await publish(e))[0], route.command).toBe(true);
      const r = await request(route, e);
      expect(r.notices[0], route.command).toMatch(/a published event/);
    }
  });

  it('accepts, for each command, a fresh unpublished request once', async () => {
    for (const route of proven) {
      const e = fresh(route);
      const first = await request(route, e);
      for (const n of first.notices) expect(n, route.command).not.toMatch(PROOF_REFUSAL);
      expect((await request(route, e)).notices[0], route.command).toMatch(/already used/);
    }
    // the fresh legend request did act, and the history was read
    const history = await request(
      proven.find((r) => r.command === 'membership_purchase_history')!,
      alice.sign(30078, '{}', [['p', alice.pubkey]]),
    );
    expect(history.events.some((e) => e.kind === MembershipResultKind.PurchaseHistory)).toBe(true);
  });

  it('a used request is never published afterwards, and a publication racing a request wins once', async () => {
    const status = proven.find((r) => r.command === 'membership_status')!;
    const used = fresh(status);
    expect((await request(status, used)).notices).toEqual([]);
    const [ok, message] = await publish(used);
    expect(ok).toBe(false);
    expect(message).toMatch(/^blocked: this event was used as a signed request/);
    expect(await capture({ ids: [used.id] })).toEqual([]);

    for (let i = 0; i < 6; i++) {
      const e = fresh(status);
      const [published, asked] = await Promise.all([publish(e), request(status, e)]);
      const accepted = asked.notices.length === 0;
      expect(published[0] !== accepted, `round ${i}: ${published[1]} / ${asked.notices[0]}`).toBe(
        true,
      );
    }
  });

  it('NIP-98 backups and Blossom refuse a published token', async () => {
    const url = `${server.url}${CONTENT_BACKUP_PATH}`;
    const backup = (token: NostrEvent) =>
      fetch(url, { headers: { authorization: httpAuthHeader(token) } });
    const token = () => finalizeEvent(makeHttpAuth({ url, method: 'GET' }), alice.sk);
    const published = token();
    expect((await publish(published))[0]).toBe(true);
    const refused = await backup(published);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/a published event/);
    const ok = await backup(token());
    expect(ok.status).toBe(200);
    await ok.text();

    const list = (token: NostrEvent) =>
      fetch(`${server.url}/list/${alice.pubkey}`, {
        headers: {
          authorization: `Nostr ${Buffer.from(JSON.stringify(token)).toString('base64url')}`,
        },
      });
    const ephemeral = blossomAuthEvent(alice, 'list');
    expect((await publish(ephemeral))[0]).toBe(true);
    const res = await list(ephemeral);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-reason')).toBe('authorization was published (sign a new one)');
    expect((await list(blossomAuthEvent(alice, 'list'))).status).toBe(200);
  });
});
