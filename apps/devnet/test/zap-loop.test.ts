import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ResultKind } from '@swell/cache-protocol';
import {
  demoAccounts,
  devnetExtension,
  generateNetwork,
  lnurlServicePubkey,
} from '../src/index.ts';
import { finalizeEvent, type NostrEvent } from '@swell/nostr';
import {
  encodeBolt11,
  lnurlCallbackUrl,
  parseLnurlInvoice,
  parseLnurlPayParams,
  supportsZaps,
} from '@swell/wallet';
import { decode } from 'light-bolt11-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheClient, importAll, testServer, TestSocket } from '@swell/server/testing';

type Server = Awaited<ReturnType<typeof testServer>>;
const keyOf = (name: string) => hexToBytes(demoAccounts.find((a) => a.name === name)!.secretKeyHex);
const alice = demoAccounts.find((a) => a.name === 'alice')!;

describe('devnet zap loop: LNURL invoice, development payment, receipt in the cache', () => {
  let server: Server;
  let cache: CacheClient;
  let note: NostrEvent;

  beforeAll(async () => {
    server = await testServer({}, { extensions: [devnetExtension({ demo: false, devnet: true })] });
    // A small demo network for this server, imported through the real pipeline.
    const net = await generateNetwork({
      users: 20,
      days: 2,
      seed: 'zap-loop',
      baseUrl: server.url,
      now: Math.floor(Date.now() / 1000) - 60,
    });
    cache = await CacheClient.open(server.wsUrl('/v1'), false);
    await importAll(cache, net.events);
    note = net.events.find(
      (e) => e.kind === 1 && e.pubkey === alice.pubkey && !e.tags.some((t) => t[0] === 'e'),
    )!;
    expect(note).toBeDefined();
  }, 120_000);

  afterAll(async () => {
    cache?.close();
    await server?.close();
  });

  const zapRequest = (amountMsat: number, sk = keyOf('bob'), extra: string[][] = []) =>
    finalizeEvent(
      {
        kind: 9734,
        created_at: Math.floor(Date.now() / 1000),
        content: 'Onward 🫡',
        tags: [
          ['relays', server.wsUrl('/relay')],
          ['amount', String(amountMsat)],
          ['p', alice.pubkey],
          ['e', note.id],
          ...extra,
        ],
      },
      sk,
    );

  const lnurl = async () => {
    const res = await fetch(`${server.url}/.well-known/lnurlp/alice`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    return parseLnurlPayParams(await res.json());
  };

  it('serves LNURL-pay with allowsNostr and the receipt key', async () => {
    const params = await lnurl();
    expect(supportsZaps(params)).toBe(true);
    expect(params.nostrPubkey).toBe(lnurlServicePubkey);
    expect(params.callback.startsWith(server.url)).toBe(true);
    expect(JSON.parse(params.metadata)).toContainEqual([
      'text/identifier',
      `alice@${new URL(server.url).host}`,
    ]);
  });

  it('pays a zap and the receipt reaches relay subscribers, note stats and top zaps', async () => {
    const before = await cache.page('thread_view', { event_id: note.id });
    const satsBefore = before.stats[note.id]?.satszapped ?? 0;
    const zapsBefore = before.stats[note.id]?.zaps ?? 0;

    const relay = await TestSocket.open(server.wsUrl('/relay'));
    relay.send([
      'REQ',
      'z',
      { kinds: [9735], '#e': [note.id], since: Math.floor(Date.now() / 1000) - 5 },
    ]);
    while (true) {
      const m = (await relay.next()) as unknown[];
      if (m[0] === 'EOSE') break;
    }

    const params = await lnurl();
    const request = zapRequest(210_000_000);
    const res = await fetch(
      lnurlCallbackUrl(params, { amountMsat: 210_000_000, zapRequest: request }),
    );
    expect(res.status).toBe(200);
    const { pr } = parseLnurlInvoice(await res.json());
    const decoded = decode(pr);
    const section = (n: string) =>
      decoded.sections.find((s) => s.name === n) as { value?: unknown };
    expect(section('amount').value).toBe('210000000');
    expect(section('description_hash').value).toBe(
      bytesToHex(sha256(new TextEncoder().encode(JSON.stringify(request)))),
    );

    const paid = await fetch(`${server.url}/devnet/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice: pr }),
    });
    expect(paid.status).toBe(200);
    const body = (await paid.json()) as {
      paid: boolean;
      alreadyPaid: boolean;
      preimage: string;
      receipt: NostrEvent;
    };
    expect(body.paid && !body.alreadyPaid).toBe(true);
    expect(bytesToHex(sha256(hexToBytes(body.preimage)))).toBe(section('payment_hash').value);
    const receipt = body.receipt;
    expect(receipt.kind).toBe(9735);
    expect(receipt.pubkey).toBe(lnurlServicePubkey);
    expect(receipt.tags).toContainEqual(['bolt11', pr]);
    expect(receipt.tags).toContainEqual(['description', JSON.stringify(request)]);
    expect(receipt.tags).toContainEqual(['P', request.pubkey]);

    const live = (await relay.next()) as unknown[];
    expect(live[0]).toBe('EVENT');
    expect((live[2] as NostrEvent).id).toBe(receipt.id);
    relay.close();

    const after = await cache.page('thread_view', { event_id: note.id });
    expect(after.stats[note.id]?.satszapped).toBe(satsBefore + 210_000);
    expect(after.stats[note.id]?.zaps).toBe(zapsBefore + 1);
    expect(after.topZaps[note.id]?.[0]).toMatchObject({
      amount_sats: 210_000,
      sender: request.pubkey,
      zap_receipt_id: receipt.id,
    });

    const zaps = await cache.page('event_zaps_by_satszapped', { event_id: note.id });
    const top = zaps.raw
      .filter((e) => e.kind === ResultKind.TopZap)
      .map((e) => JSON.parse(e.content) as { amount_sats: number; zap_receipt_id: string });
    expect(top[0]).toMatchObject({ amount_sats: 210_000, zap_receipt_id: receipt.id });

    // Paying again is harmless and publishes nothing new.
    const again = await fetch(`${server.url}/devnet/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice: pr }),
    });
    expect(((await again.json()) as { alreadyPaid: boolean }).alreadyPaid).toBe(true);
    const status = (await (
      await fetch(`${server.url}/devnet/invoices/${String(section('payment_hash').value)}`)
    ).json()) as { settled: boolean };
    expect(status.settled).toBe(true);
    const final = await cache.page('thread_view', { event_id: note.id });
    expect(final.stats[note.id]?.zaps).toBe(zapsBefore + 1);
  });

  it('refuses bad zap requests and amounts with the reason', async () => {
    const params = await lnurl();
    const callback = (q: string) =>
      fetch(`${params.callback}?${q}`).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { status?: string; reason?: string },
      }));
    const forged = { ...zapRequest(21_000), content: 'changed' };
    let r = await callback(`amount=21000&nostr=${encodeURIComponent(JSON.stringify(forged))}`);
    expect(r).toMatchObject({
      status: 400,
      body: { status: 'ERROR', reason: 'Invalid signature on zap request.' },
    });
    r = await callback(
      `amount=42000&nostr=${encodeURIComponent(JSON.stringify(zapRequest(21_000)))}`,
    );
    expect(r.body.reason).toMatch(/amount/);
    const twoP = zapRequest(21_000, keyOf('carol'), [['p', alice.pubkey]]);
    r = await callback(`amount=21000&nostr=${encodeURIComponent(JSON.stringify(twoP))}`);
    expect(r.body.reason).toBe("Zap request doesn't have a 'p' tag.");
    r = await callback('amount=21000&nostr=%7Bnot-json');
    expect(r.body.reason).toBe('Invalid zap request JSON.');
    r = await callback('amount=10');
    expect(r.status).toBe(400);
    r = await callback('amount=abc');
    expect(r.status).toBe(400);
    const bad = await fetch(
      `${server.url}/.well-known/lnurlp/${encodeURIComponent('no such/name')}`,
    );
    expect(bad.status).toBe(404);
  });

  it('refuses to pay what is not a devnet invoice', async () => {
    const pay = (body: unknown) =>
      fetch(`${server.url}/devnet/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string } }));
    expect(await pay({ invoice: 'lnbc1garbage' })).toMatchObject({ status: 400 });
    expect(await pay({})).toMatchObject({ status: 400 });
    const foreign = encodeBolt11(
      {
        amountMsat: 1000,
        timestamp: Math.floor(Date.now() / 1000),
        paymentHash: new Uint8Array(32).fill(3),
        description: 'x',
      },
      keyOf('dave'),
    );
    expect(await pay({ invoice: foreign })).toMatchObject({
      status: 400,
      body: { error: 'invoice is not from the devnet node' },
    });
    // The server keeps serving.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('issues plain invoices and lists the ledger', async () => {
    const res = await fetch(`${server.url}/devnet/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amountMsat: 5000, description: 'tip' }),
    });
    const { invoice } = (await res.json()) as { invoice: string };
    expect(decode(invoice).sections.find((s) => s.name === 'description')).toMatchObject({
      value: 'tip',
    });
    const list = (await (await fetch(`${server.url}/devnet/invoices`)).json()) as Array<{
      invoice: string;
      status: string;
    }>;
    expect(list.find((i) => i.invoice === invoice)?.status).toBe('open');
    const bad = await fetch(`${server.url}/devnet/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amountMsat: -1 }),
    });
    expect(bad.status).toBe(400);
  });
});

describe('with the devnet off (SWELL_DEVNET=0)', () => {
  it('has no lightning endpoints but still serves the demo media', async () => {
    const server = await testServer(
      {},
      { extensions: [devnetExtension({ demo: false, devnet: false })] },
    );
    try {
      expect((await fetch(`${server.url}/.well-known/lnurlp/alice`)).status).toBe(404);
      const pay = await fetch(`${server.url}/devnet/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(pay.status).toBe(404);
      const avatar = await fetch(`${server.url}/devnet/media/avatar/0123456789abcdef.png`);
      expect(avatar.status).toBe(200);
      expect(avatar.headers.get('content-type')).toBe('image/png');
    } finally {
      await server.close();
    }
  });

  it('the plain server (no extension) serves no devnet route at all', async () => {
    const server = await testServer();
    try {
      expect((await fetch(`${server.url}/.well-known/lnurlp/alice`)).status).toBe(404);
      const avatar = await fetch(`${server.url}/devnet/media/avatar/0123456789abcdef.png`);
      expect(avatar.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
