import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodePage } from '@swell/cache-protocol';
import {
  generateSecretKey,
  getPublicKey,
  initVerifier,
  verifyEvent,
  type NostrEvent,
} from '@swell/nostr';
import { NwcPayer, WebSocketRelayTransport } from '@swell/wallet';
import { EcashWallet, MemoryWalletStorage } from '@swell/wallet/ecash';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { LocalKeySigner } from '../src/signers/local-key-signer.ts';
import type { Signer } from '../src/signers/signer.ts';
import {
  MembershipClient,
  MembershipClientError,
  membershipSocketUrl,
  parseBackup,
  premiumReminderDue,
  tierOf,
  type ContactListVersion,
} from '../src/membership/index.ts';
import { clientTestServer, type ClientTestServer } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

describe('MembershipClient against the real server and the devnet', () => {
  let server: ClientTestServer;
  let cache: CacheConnection;
  let transport: WebSocketRelayTransport;
  const sk = generateSecretKey();
  const pubkey = getPublicKey(sk);
  const signer = new LocalKeySigner(sk);
  let m: MembershipClient;

  const importEvents = async (events: unknown[]) => {
    const r = await cache.request('import_events', { events: events as never });
    expect(JSON.parse(r.events[0]!.content)).toMatchObject({ errors: 0 });
  };
  const userInfos = async () =>
    decodePage((await cache.request('user_infos', { pubkeys: [pubkey] })).events);
  /** "Copying the invoice": someone pays it on the devnet. */
  const payOnDevnet = async (invoice: string) => {
    const res = await fetch(`${server.url}/devnet/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice }),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    await initVerifier();
    server = await clientTestServer({ devnet: true });
    cache = new CacheConnection({ url: server.cacheUrl });
    transport = new WebSocketRelayTransport();
    m = new MembershipClient({ url: membershipSocketUrl(server.cacheUrl), signer });
    // a taken name
    const bob = generateSecretKey();
    const bobSigner = new LocalKeySigner(bob);
    const b = new MembershipClient({
      url: membershipSocketUrl(server.cacheUrl),
      signer: bobSigner,
    });
    const q = await b.quote({ productId: '3-months-premium', name: 'bobby' });
    await payOnDevnet(q.qr_code);
    b.destroy();
  });
  afterAll(async () => {
    m?.destroy();
    cache?.destroy();
    transport?.close();
    await server?.close();
  });

  it('a new user has no membership; the reminder is due until dismissed', async () => {
    const status = await m.status();
    expect(status).toBeUndefined();
    expect(tierOf(status)).toBe('none');
    const now = Date.now();
    expect(premiumReminderDue('none', undefined, now)).toBe(true);
    expect(premiumReminderDue('none', now - 6 * 86_400_000, now)).toBe(false);
    expect(premiumReminderDue('none', now - 7 * 86_400_000, now)).toBe(true);
    expect(premiumReminderDue('premium', undefined, now)).toBe(false);
  });

  it('checks names: too short (without asking), taken, available', async () => {
    expect(await m.checkName('ab')).toEqual({ available: false, reason: 'too-short' });
    expect(await m.checkName('bobby')).toMatchObject({ available: false, reason: 'taken' });
    expect(await m.checkName('Carla')).toMatchObject({ available: true, name: 'carla' });
    expect(await m.exchangeRate()).toBe(100_000);
  });

  it('buys 3 months paid by a wallet-connect (NIP-47) wallet of the devnet', async () => {
    const res = await fetch(`${server.url}/devnet/nwc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ balanceSats: 100_000 }),
    });
    const { uri } = (await res.json()) as { uri: string };
    const payer = new NwcPayer(uri, { transport });
    const quotes: string[] = [];
    const { quote, completedAt } = await m.buy({
      productId: '3-months-premium',
      name: 'carla',
      payer,
      onQuote: (q) => quotes.push(q.amount_usd),
    });
    expect(quotes).toEqual(['21']);
    expect(quote.amount_btc).toBe('0.00021');
    expect(completedAt).toBeGreaterThan(0);
    const status = await m.status();
    expect(status).toMatchObject({ tier: 'premium', name: 'carla' });
    expect(status!.nostr_address).toBe(`carla@${new URL(server.url).host}`);
    expect(premiumReminderDue(tierOf(status), undefined)).toBe(false);
    const page = await userInfos();
    expect(page.verifiedNames[pubkey]).toBe('carla');
    expect(page.cohorts[pubkey]?.tier).toBe('premium');
  });

  it('extends by 12 months paid by the built-in ecash wallet (the devnet mint)', async () => {
    const mintUrl = `${server.url}/devnet/mint`;
    const wallet = await EcashWallet.create({ storage: new MemoryWalletStorage(), lockName: 'm' });
    try {
      await wallet.addMint(mintUrl);
      const funding = await wallet.createInvoice(mintUrl, 80_000);
      await payOnDevnet(funding.invoice!);
      await wallet.waitForInvoice(funding.id, { intervalMs: 20 });
      const before = (await m.status())!.expires_on!;
      const { quote, completedAt } = await m.buy({
        productId: '12-months-premium',
        name: '',
        payer: wallet,
      });
      expect(quote.amount_usd).toBe('72');
      expect(completedAt).toBeGreaterThan(0);
      // 72,000 sats and the melt's fee left the wallet
      expect((await wallet.balance()).ready).toBeLessThanOrEqual(80_000 - 72_000);
      const after = (await m.status())!.expires_on!;
      expect((after - before) / 86_400).toBeGreaterThanOrEqual(365);
      expect((after - before) / 86_400).toBeLessThanOrEqual(366);
    } finally {
      wallet.close();
    }
  });

  it('a name held for another buyer: name-unavailable, and until when', async () => {
    const other = new MembershipClient({
      url: membershipSocketUrl(server.cacheUrl),
      signer: new LocalKeySigner(generateSecretKey()),
    });
    try {
      const held = await other.quote({ productId: '3-months-premium', name: 'heldname' });
      expect(held).toMatchObject({ name: 'heldname', name_held_until: held.expires_at });
      expect(await m.checkName('heldname')).toEqual({
        available: false,
        reason: 'held',
        name: 'heldname',
        held_until: held.expires_at,
      });
      const refused = await m
        .quote({ productId: '3-months-premium', name: 'heldname' })
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'name-unavailable', heldUntil: held.expires_at });
    } finally {
      other.destroy();
    }
  });

  it('renames; a taken name is name-unavailable', async () => {
    await expect(m.changeName('bobby')).rejects.toMatchObject({ code: 'name-unavailable' });
    await expect(m.changeName('x')).rejects.toBeInstanceOf(MembershipClientError);
    expect(await m.changeName('Carlota')).toBe('carlota');
    expect((await m.status())?.name).toBe('carlota');
  });

  it('customizing before being a legend is legend-required; after a $1000 invoice paid by copying it, it shows in 10000168', async () => {
    await expect(
      m.setLegendCustomization({ style: 'AQUA', custom_badge: true, avatar_glow: true }),
    ).rejects.toMatchObject({ code: 'legend-required' });
    const shown: string[] = [];
    const { quote } = await m.buy({
      productId: 'legend-premium',
      name: '',
      amountUsd: 1000,
      onQuote: (q) => {
        shown.push(q.qr_code);
        void payOnDevnet(q.qr_code);
      },
    });
    expect(shown).toEqual([quote.qr_code]);
    expect((await m.status())?.tier).toBe('premium-legend');
    const saved = await m.setLegendCustomization({
      style: 'PURPLEHAZE',
      custom_badge: true,
      avatar_glow: true,
    });
    expect(saved).toMatchObject({ style: 'PURPLEHAZE', custom_badge: true, avatar_glow: true });
    expect((await userInfos()).legends[pubkey]).toMatchObject({ style: 'PURPLEHAZE' });
    const history = await m.purchaseHistory();
    expect(history.items.map((i) => i.product_id).sort()).toEqual([
      '12-months-premium',
      '3-months-premium',
      'legend-premium',
    ]);
  });

  it('restores an earlier contact list', async () => {
    const friends = [0, 1, 2].map(() => getPublicKey(generateSecretKey()));
    const now = Math.floor(Date.now() / 1000);
    const early = await signer.signEvent({
      kind: 3,
      tags: friends.map((f) => ['p', f]),
      content: '',
      created_at: now - 100,
    });
    const lost = await signer.signEvent({
      kind: 3,
      tags: [['p', friends[0]!]],
      content: '',
      created_at: now - 50,
    });
    await importEvents([early, lost]);
    const { items, range } = await m.contactListVersions();
    expect(items.map((v: ContactListVersion) => v.followsCount)).toEqual([1, 3]);
    expect(range?.elements).toEqual([lost.id, early.id]);
    const restored = await m.signRestoredContactList(items[1]!);
    expect(verifyEvent(restored)).toBe(true);
    await importEvents([restored]);
    const list = await cache.request('contact_list', { pubkey });
    expect(list.events.find((e) => e.kind === 3)?.tags).toEqual(early.tags);
  });

  it('downloads a content backup whose lines verify as signed events', async () => {
    await importEvents([await signer.signEvent({ kind: 1, tags: [], content: 'backed up' })]);
    const stats = await m.contentStats();
    const total = stats.reduce((n, s) => n + s.cnt, 0);
    expect(stats).toContainEqual({ kind: 1, cnt: 1 });
    const { response, filename } = await m.downloadBackup();
    expect(filename).toMatch(/^nostr-content-all-.*\.jsonl$/);
    const events = parseBackup(await response.text());
    expect(events).toHaveLength(total);
    expect(events.every((e) => e.pubkey === pubkey && verifyEvent(e))).toBe(true);
    const notes = parseBackup(await (await m.downloadBackup([1])).response.text());
    expect(notes.map((e) => e.content)).toEqual(['backed up']);
    const viaSocket = await m.backupOverSocket();
    expect(new Set(viaSocket.map((e) => e.id))).toEqual(new Set(events.map((e) => e.id)));
  });

  it('media management of a member who has uploaded nothing yet', async () => {
    expect(await m.mediaStats()).toEqual({ image: 0, video: 0, other: 0 });
    expect((await m.mediaUploads()).items).toEqual([]);
    await expect(m.deleteMedia(`${server.url}/media/${'0'.repeat(64)}.png`)).rejects.toMatchObject({
      code: 'failed',
      notice: 'no such upload of yours',
    });
  });

  it('re-signs a request the server refused as already used (a REQ re-sent after a reconnect)', async () => {
    // A signer that hands out its previous signature once, as a resent REQ carries it again.
    let last: NostrEvent | undefined;
    let replayOnce = false;
    const replaying: Signer = {
      ...signer,
      type: 'local',
      getPublicKey: () => signer.getPublicKey(),
      signEvent: async (t) => {
        if (replayOnce && last) {
          replayOnce = false;
          return last;
        }
        return (last = await signer.signEvent(t));
      },
    };
    const again = new MembershipClient({
      url: membershipSocketUrl(server.cacheUrl),
      signer: replaying,
    });
    expect((await again.status())?.tier).toBe('premium-legend');
    replayOnce = true;
    let signings = 0;
    const counting = replaying.signEvent;
    replaying.signEvent = async (t) => {
      signings++;
      return counting(t);
    };
    expect((await again.status())?.tier).toBe('premium-legend');
    expect(signings).toBe(2); // the replayed one, refused, then a fresh one
    again.destroy();
  });

  it('a non-member gets membership-required for member-only calls', async () => {
    const other = new MembershipClient({
      url: membershipSocketUrl(server.cacheUrl),
      signer: new LocalKeySigner(generateSecretKey()),
    });
    await expect(other.contentStats()).rejects.toMatchObject({ code: 'membership-required' });
    await expect(other.downloadBackup()).rejects.toMatchObject({ code: 'membership-required' });
    other.destroy();
  });
});
