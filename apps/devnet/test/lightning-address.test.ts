import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MembershipResultKind,
  type CacheEvent,
  type MembershipStatus,
  type PurchaseQuote,
} from '@swell/cache-protocol';
import { finalizeEvent, initVerifier, verifyEvent, type NostrEvent } from '@swell/nostr';
import { CacheClient, importAll, testServer, TestSocket, User } from '@swell/server/testing';
import {
  lookupZapEndpoint,
  NwcClient,
  NwcPayer,
  parseNwcUri,
  WebSocketRelayTransport,
  zap,
} from '@swell/wallet';
import { devnetExtension, lnurlServicePubkey } from '../src/index.ts';

// Members' `name@host` forwarded to the lightning address of their own profile (LUD-16). The
// members' own wallets are NIP-47 connections of the devnet's wallet service on one server (the
// wallet host), each with a lightning address of its own; the shop is a plain server paid into
// the operator's wallet there.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

type Server = Awaited<ReturnType<typeof testServer>>;
interface Connection {
  uri: string;
  walletPubkey: string;
  lightningAddress: string;
}

const content = <T>(e: CacheEvent | undefined): T => JSON.parse(e!.content) as T;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("members' lightning addresses", () => {
  let walletHost: Server;
  let shop: Server;
  let shopHost: string;
  let operator: Connection;
  let payer: NwcClient;
  const transport = new WebSocketRelayTransport();

  const connect = async (body: object = {}): Promise<Connection> => {
    const res = await fetch(`${walletHost.url}/devnet/nwc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Connection;
  };
  const walletOf = async (pubkey: string) =>
    (await (await fetch(`${walletHost.url}/devnet/nwc/${pubkey}`)).json()) as {
      balanceMsat: number;
    };
  const lnurlp = async (server: Server, name: string) => {
    const res = await fetch(`${server.url}/.well-known/lnurlp/${name}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const ask = (wallet: CacheClient, command: string, user: User, body: object = {}) =>
    wallet.request(command, {
      event_from_user: user.sign(30078, JSON.stringify(body), [['p', user.pubkey]]),
    });
  const statusOf = async (wallet: CacheClient, user: User) => {
    const r = await ask(wallet, 'membership_status', user);
    const e = r.events.find((x) => x.kind === MembershipResultKind.Status);
    return e ? content<MembershipStatus>(e) : undefined;
  };
  /** `user` buys 3 months named `name` on `server`, paid by `pay`, and has a kind 0 `profile`. */
  const member = async (
    server: Server,
    user: User,
    name: string,
    profile: object,
    pay: (invoice: string) => Promise<unknown>,
  ) => {
    const wallet = await CacheClient.open(server.wsUrl('/wallet/v1'), false);
    const cache = await CacheClient.open(server.wsUrl('/v1'), false);
    try {
      const r = await ask(wallet, 'membership_purchase_product', user, {
        product_id: '3-months-premium',
        name,
      });
      expect(r.notices).toEqual([]);
      const quote = content<PurchaseQuote>(
        r.events.find((e) => e.kind === MembershipResultKind.PurchaseQuote),
      );
      await pay(quote.qr_code);
      for (let i = 0; i < 100 && (await statusOf(wallet, user))?.tier !== 'premium'; i++)
        await sleep(100);
      await importAll(cache, [user.sign(0, JSON.stringify({ name, ...profile }))]);
      return await statusOf(wallet, user);
    } finally {
      wallet.close();
      cache.close();
    }
  };
  const payFromWallet = (invoice: string) => payer.payInvoice(invoice);

  beforeAll(async () => {
    await initVerifier();
    walletHost = await testServer(
      {},
      { extensions: [devnetExtension({ devnet: true, demo: false })] },
    );
    operator = await connect({ balanceSats: 0, methods: ['make_invoice', 'lookup_invoice'] });
    payer = new NwcClient(parseNwcUri((await connect()).uri), { transport });
    shop = await testServer({
      nwcUrl: operator.uri,
      exchangeRate: { url: `${walletHost.url}/devnet/exchange-rate`, field: 'usd_per_btc' },
      // the members' wallets live on a loopback server here
      allowPrivateFetch: true,
    });
    shopHost = new URL(shop.url).host;
  });
  afterAll(async () => {
    transport.close();
    await shop?.close();
    await walletHost?.close();
  });

  it("a zap to alice@host is paid into alice's own wallet, and that wallet signs the receipt", async () => {
    const alice = new User();
    const bob = new User();
    const aliceWallet = await connect({ balanceSats: 0 });
    const status = await member(
      shop,
      alice,
      'alice',
      { lud16: aliceWallet.lightningAddress },
      payFromWallet,
    );
    expect(status).toMatchObject({
      tier: 'premium',
      lightning_address: `alice@${shopHost}`,
    });

    const endpoint = await lookupZapEndpoint({ lud16: `alice@${shopHost}` });
    expect(endpoint.nostrPubkey).toBe(aliceWallet.walletPubkey);
    expect(endpoint.params.callback).toBe(`${shop.url}/lnurlp/alice/callback`);

    const relay = walletHost.wsUrl('/relay');
    const result = await zap({
      endpoint,
      target: { pubkey: alice.pubkey },
      amountMsat: 21_000,
      comment: 'for the name',
      relays: [relay],
      signEvent: async (t) => finalizeEvent(t, bob.sk),
      payer: new NwcPayer((await connect()).uri, { transport }),
    });
    expect((await walletOf(aliceWallet.walletPubkey)).balanceMsat).toBe(21_000);

    const socket = await TestSocket.open(relay);
    socket.send(['REQ', 'r', { kinds: [9735], '#p': [alice.pubkey] }]);
    const receipts: NostrEvent[] = [];
    for (;;) {
      const msg = (await socket.next()) as unknown[];
      if (msg[0] === 'EOSE') break;
      if (msg[0] === 'EVENT') receipts.push(msg[2] as NostrEvent);
    }
    socket.close();
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]!;
    expect(receipt.pubkey).toBe(aliceWallet.walletPubkey);
    expect(verifyEvent(receipt)).toBe(true);
    const description = receipt.tags.find((t) => t[0] === 'description')?.[1];
    expect(JSON.parse(description!)).toMatchObject({ id: result.zapRequest.id });
    expect(receipt.tags.find((t) => t[0] === 'bolt11')?.[1]).toBe(result.invoice);
  });

  it('answers an LNURL error for a member without an address of their own, and for other names', async () => {
    const carol = new User();
    const dave = new User();
    const erin = new User();
    // carol's profile names none; dave's names his own name here (it would come back here);
    // erin's names a service that cannot be reached
    const carolStatus = await member(shop, carol, 'carol', {}, payFromWallet);
    expect(carolStatus?.lightning_address).toBe('');
    await member(shop, dave, 'dave', { lud16: `dave@${shopHost}` }, payFromWallet);
    await member(shop, erin, 'erin', { lud16: 'erin@127.0.0.1:9' }, payFromWallet);

    const carolAnswer = await lnurlp(shop, 'carol');
    expect(carolAnswer).toMatchObject({
      status: 404,
      body: { status: 'ERROR', reason: `carol@${shopHost}: carol has no lightning address` },
    });
    expect((await lnurlp(shop, 'dave')).body).toMatchObject({
      status: 'ERROR',
      reason: `dave@${shopHost}: dave has no lightning address`,
    });
    const erinAnswer = await lnurlp(shop, 'erin');
    expect(erinAnswer.status).toBe(502);
    expect(erinAnswer.body.reason).toMatch(/erin@127\.0\.0\.1:9 could not be reached/);
    expect((await lnurlp(shop, 'nobody')).body).toMatchObject({
      status: 'ERROR',
      reason: `nobody@${shopHost}: no such name on this server`,
    });
    const callback = await fetch(`${shop.url}/lnurlp/carol/callback?amount=1000`);
    expect(callback.status).toBe(404);
    expect(await callback.json()).toMatchObject({ status: 'ERROR' });
  });

  it("with the devnet on, a member's own address wins over the devnet ledger", async () => {
    const frank = new User();
    const grace = new User();
    const frankWallet = await connect({ balanceSats: 0 });
    const pay = async (invoice: string) => {
      const res = await fetch(`${walletHost.url}/devnet/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ invoice }),
      });
      expect(res.status).toBe(200);
    };
    const host = new URL(walletHost.url).host;
    await member(walletHost, frank, 'frank', { lud16: frankWallet.lightningAddress }, pay);
    // grace's profile names her own name@host, as the demo profiles do
    const graceStatus = await member(walletHost, grace, 'grace', { lud16: `grace@${host}` }, pay);
    expect(graceStatus?.lightning_address).toBe(`grace@${host}`);

    const frankAnswer = await lnurlp(walletHost, 'frank');
    expect(frankAnswer.body).toMatchObject({
      nostrPubkey: frankWallet.walletPubkey,
      callback: `${walletHost.url}/lnurlp/frank/callback`,
    });
    for (const name of ['grace', 'somebody']) {
      expect((await lnurlp(walletHost, name)).body).toMatchObject({
        nostrPubkey: lnurlServicePubkey,
        callback: `${walletHost.url}/devnet/lnurlp/${name}/callback`,
      });
    }
    const invoice = (await (
      await fetch(`${walletHost.url}/lnurlp/frank/callback?amount=5000`)
    ).json()) as { pr: string };
    await pay(invoice.pr);
    expect((await walletOf(frankWallet.walletPubkey)).balanceMsat).toBe(5000);
  });
});
