import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MembershipResultKind,
  type CacheEvent,
  type MembershipStatus,
  type PurchaseMonitorUpdate,
  type PurchaseQuote,
} from '@swell/cache-protocol';
import { bytesToHex } from '@noble/hashes/utils.js';
import { generateSecretKey, initVerifier } from '@swell/nostr';
import { loadConfig, startServer, type RunningServer, type ServerConfig } from '@swell/server';
import { CacheClient, testServer, TestSocket, User } from '@swell/server/testing';
import { formatNwcUri, NwcClient, parseNwcUri, WebSocketRelayTransport } from '@swell/wallet';
import { devnetExtension, type DevnetState } from '../src/index.ts';

// The operator's wallet is a NIP-47 connection of the devnet's wallet service on one server (the
// "wallet host"); the shop is a plain server (no devnet) started with SWELL_NWC_URL.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const content = <T>(e: CacheEvent | undefined): T => JSON.parse(e!.content) as T;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Connection {
  uri: string;
  walletPubkey: string;
}

describe('membership paid into the operator wallet over wallet connect (NIP-47)', () => {
  let walletHost: Awaited<ReturnType<typeof testServer>>;
  let devnet: DevnetState;
  let operator: Connection;
  let payer: NwcClient;
  const transport = new WebSocketRelayTransport();
  const dataDirs: string[] = [];
  const running = new Set<RunningServer>();

  const connect = async (body: object): Promise<Connection> => {
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
      received: Array<{ paymentHash: string; amountMsat: number }>;
    };
  const rateUrl = () => `${walletHost.url}/devnet/exchange-rate`;

  /** A shop server on `dataDir` (kept across restarts) paid through `uri`. */
  const startShop = async (
    dataDir: string,
    uri: string,
    exchangeRate: ServerConfig['exchangeRate'] = { url: rateUrl(), field: 'usd_per_btc' },
  ) => {
    const config: ServerConfig = {
      ...loadConfig({}, []),
      port: 0,
      dataDir,
      logLevel: 'error',
      nwcUrl: uri,
      exchangeRate,
    };
    const server = await startServer(config);
    running.add(server);
    return server;
  };
  const stopShop = async (server: RunningServer) => {
    running.delete(server);
    await server.close();
  };
  const newDataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'swell-shop-'));
    dataDirs.push(d);
    return d;
  };
  const membershipSocket = (server: RunningServer) =>
    CacheClient.open(`${server.url.replace('http', 'ws')}/wallet/v1`, false);
  const ask = (wallet: CacheClient, command: string, user: User, body: object = {}) =>
    wallet.request(command, {
      event_from_user: user.sign(30078, JSON.stringify(body), [['p', user.pubkey]]),
    });
  const buy = async (wallet: CacheClient, user: User, name: string) => {
    const r = await ask(wallet, 'membership_purchase_product', user, {
      product_id: '3-months-premium',
      name,
    });
    expect(r.notices).toEqual([]);
    return content<PurchaseQuote>(
      r.events.find((e) => e.kind === MembershipResultKind.PurchaseQuote),
    );
  };
  const statusOf = async (wallet: CacheClient, user: User) => {
    const r = await ask(wallet, 'membership_status', user);
    const e = r.events.find((x) => x.kind === MembershipResultKind.Status);
    return e ? content<MembershipStatus>(e) : undefined;
  };

  beforeAll(async () => {
    await initVerifier();
    const ext = devnetExtension({ devnet: true, demo: false });
    devnet = ext.state;
    walletHost = await testServer({}, { extensions: [ext] });
    // what an operator makes in their wallet: receive only, no spending
    operator = await connect({
      balanceSats: 0,
      methods: ['make_invoice', 'lookup_invoice', 'get_info'],
    });
    const payerConnection = await connect({ balanceSats: 1_000_000 });
    payer = new NwcClient(parseNwcUri(payerConnection.uri), { transport });
  });
  afterAll(async () => {
    for (const s of running) await s.close();
    transport.close();
    await walletHost?.close();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });

  it("quotes with the operator's wallet; paid from another wallet, the membership starts and the operator's balance rises by the price", async () => {
    const shop = await startShop(newDataDir(), operator.uri);
    const wallet = await membershipSocket(shop);
    const alice = new User();
    try {
      const quote = await buy(wallet, alice, 'alice');
      // $21 at the devnet's 100,000 US dollars per bitcoin
      expect(quote.amount_usd).toBe('21');
      expect(quote.amount_btc).toBe('0.00021');
      const before = await walletOf(operator.walletPubkey);
      const updates: PurchaseMonitorUpdate[] = [];
      await wallet.stream(
        'membership_purchase_monitor',
        { membership_quote_id: quote.membership_quote_id },
        'monitor',
        (e) => updates.push(content<PurchaseMonitorUpdate>(e)),
      );
      await payer.payInvoice(quote.qr_code);
      for (let i = 0; i < 200 && !updates.some((u) => u.completed_at); i++) await sleep(50);
      expect(updates.at(-1)?.completed_at).toBeGreaterThan(0);
      const status = await statusOf(wallet, alice);
      expect(status).toMatchObject({ tier: 'premium', name: 'alice' });
      const after = await walletOf(operator.walletPubkey);
      expect(after.balanceMsat - before.balanceMsat).toBe(21_000_000);
      expect(after.received.map((r) => r.amountMsat)).toContain(21_000_000);
    } finally {
      wallet.close();
      await stopShop(shop);
    }
  });

  it('speaks NIP-04 with a wallet that advertises only that', async () => {
    const legacy = await connect({
      balanceSats: 0,
      encryption: 'nip04',
      methods: ['make_invoice', 'lookup_invoice'],
    });
    const shop = await startShop(newDataDir(), legacy.uri);
    const wallet = await membershipSocket(shop);
    const erin = new User();
    try {
      const quote = await buy(wallet, erin, 'erin');
      await payer.payInvoice(quote.qr_code);
      let status: MembershipStatus | undefined;
      for (let i = 0; i < 100 && status?.tier !== 'premium'; i++) {
        status = await statusOf(wallet, erin);
        if (status?.tier !== 'premium') await sleep(100);
      }
      expect(status).toMatchObject({ tier: 'premium', name: 'erin' });
      expect((await walletOf(legacy.walletPubkey)).balanceMsat).toBe(21_000_000);
    } finally {
      wallet.close();
      await stopShop(shop);
    }
  });

  it('finds after a restart a payment made while the server was stopped', async () => {
    const dataDir = newDataDir();
    const bob = new User();
    let shop = await startShop(dataDir, operator.uri);
    let wallet = await membershipSocket(shop);
    const quote = await buy(wallet, bob, 'bob');
    wallet.close();
    await stopShop(shop);
    // paid while no server watches: the wallet's notification reaches nobody
    await payer.payInvoice(quote.qr_code);
    shop = await startShop(dataDir, operator.uri);
    wallet = await membershipSocket(shop);
    try {
      let status: MembershipStatus | undefined;
      for (let i = 0; i < 100 && status?.tier !== 'premium'; i++) {
        status = await statusOf(wallet, bob);
        if (status?.tier !== 'premium') await sleep(100);
      }
      expect(status).toMatchObject({ tier: 'premium', name: 'bob' });
    } finally {
      wallet.close();
      await stopShop(shop);
    }
  });

  it('keeps the price of a quote for its lifetime; later quotes follow the new rate', async () => {
    const setRate = (usd: number) =>
      fetch(`${walletHost.url}/devnet/exchange-rate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${devnet.operatorToken}`,
        },
        body: JSON.stringify({ usd_per_btc: usd }),
      });
    const shop = await startShop(newDataDir(), operator.uri, {
      url: rateUrl(),
      field: 'usd_per_btc',
      refreshSeconds: 0.001,
    });
    const wallet = await membershipSocket(shop);
    const carol = new User();
    const dave = new User();
    try {
      const first = await buy(wallet, carol, 'carol');
      expect((await setRate(200_000)).status).toBe(200);
      const second = await buy(wallet, dave, 'dave');
      expect(second.amount_btc).toBe('0.000105');
      await payer.payInvoice(first.qr_code);
      for (let i = 0; i < 100 && (await statusOf(wallet, carol))?.tier !== 'premium'; i++)
        await sleep(100);
      const history = await ask(wallet, 'membership_purchase_history', carol);
      const items = content<Array<{ amount_btc: string }>>(
        history.events.find((e) => e.kind === MembershipResultKind.PurchaseHistory),
      );
      expect(items.map((h) => h.amount_btc)).toEqual(['0.00021']);
    } finally {
      await setRate(100_000);
      wallet.close();
      await stopShop(shop);
    }
  });

  it('falls back to the last good rate, then to the fixed rate', async () => {
    let answer: { status: number; body: string } = {
      status: 200,
      body: JSON.stringify({ data: { rates: { USD: '50000.5' } } }),
    };
    const source: Server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
    const address = source.address() as { port: number };
    const exchangeRate = {
      url: `http://127.0.0.1:${address.port}/prices`,
      field: 'data.rates.USD',
      refreshSeconds: 0.001,
      fixedUsdPerBtc: 80_000,
    };
    const rateOf = async (server: RunningServer) => {
      const wallet = await membershipSocket(server);
      try {
        const r = await wallet.request('membership_exchange_rate', { target_currency: 'USD' });
        expect(r.notices).toEqual([]);
        return content<{ rate: number }>(r.events[0]).rate;
      } finally {
        wallet.close();
      }
    };
    const dataDir = newDataDir();
    let shop = await startShop(dataDir, operator.uri, exchangeRate);
    try {
      expect(await rateOf(shop)).toBe(50000.5);
      answer = { status: 503, body: 'down' };
      expect(await rateOf(shop)).toBe(50000.5); // the last good one
      await stopShop(shop);
      shop = await startShop(dataDir, operator.uri, exchangeRate);
      expect(await rateOf(shop)).toBe(50000.5); // kept in the database
      await stopShop(shop);
      shop = await startShop(newDataDir(), operator.uri, exchangeRate);
      expect(await rateOf(shop)).toBe(80_000); // no last good rate here: the fixed one
      answer = { status: 200, body: '{"data": {"rates": {"USD": "not a number"}}}' };
      expect(await rateOf(shop)).toBe(80_000);
    } finally {
      await stopShop(shop);
      source.close();
    }
  });

  it('does not start with a connection that cannot take payments, and says why', async () => {
    const start = async (uri: string, exchangeRate?: ServerConfig['exchangeRate']) => {
      const dir = newDataDir();
      try {
        const s = await startShop(dir, uri, exchangeRate);
        await stopShop(s);
        return 'started';
      } catch (err) {
        return (err as Error).message;
      }
    };
    const payOnly = await connect({ methods: ['pay_invoice', 'get_balance', 'get_info'] });
    const noLookup = await connect({ methods: ['make_invoice', 'get_info'] });
    const revoked = await connect({ methods: ['make_invoice', 'lookup_invoice'] });
    const secret = parseNwcUri(revoked.uri).secret;
    const del = await fetch(`${walletHost.url}/devnet/nwc/${revoked.walletPubkey}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(del.status).toBe(200);
    const elsewhere = operator.uri.replace(
      /relay=[^&]+/,
      `relay=${encodeURIComponent('ws://127.0.0.1:9/relay')}`,
    );
    const nobody = operator.uri.replace(operator.walletPubkey, new User().pubkey);
    // a wallet whose info event names only an encryption the server does not speak
    const strange = new User();
    const info = strange.sign(13194, 'make_invoice lookup_invoice', [['encryption', 'nip44_v3']]);
    const relaySocket = await TestSocket.open(walletHost.wsUrl('/relay'));
    relaySocket.send(['EVENT', info]);
    for (;;) {
      const msg = (await relaySocket.next()) as unknown[];
      if (msg[0] === 'OK') break;
    }
    relaySocket.close();
    const unspeakable = formatNwcUri({
      walletPubkey: strange.pubkey,
      relays: [walletHost.wsUrl('/relay')],
      secret: bytesToHex(generateSecretKey()),
    });

    const messages = {
      payOnly: await start(payOnly.uri),
      noLookup: await start(noLookup.uri),
      revoked: await start(revoked.uri),
      elsewhere: await start(elsewhere),
      nobody: await start(nobody),
      unspeakable: await start(unspeakable),
      garbled: await start('nostr+walletconnect://not-a-key?relay=ws://x&secret=00'),
      noRate: await start(operator.uri, {}),
    };
    expect(messages.payOnly).toMatch(/SWELL_NWC_URL: .*lacks the make_invoice permission/);
    expect(messages.noLookup).toMatch(/lacks the lookup_invoice permission/);
    expect(messages.revoked).toMatch(/refused this connection \(UNAUTHORIZED.*revoked/);
    expect(messages.elsewhere).toMatch(/relay ws:\/\/127\.0\.0\.1:9\/relay could not be reached/);
    expect(messages.nobody).toMatch(/no info event \(kind 13194\)/);
    expect(messages.unspeakable).toMatch(/wrong encryption: .*nip44_v2 or nip04/);
    expect(messages.garbled).toMatch(/SWELL_NWC_URL: .*public key/);
    expect(messages.noRate).toMatch(/needs an exchange rate/);
    for (const m of Object.values(messages)) expect(m).not.toContain(secret);
    // the operator's own connection still starts
    expect(await start(operator.uri)).toBe('started');
  });
});
