import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  isNip04Payload,
  type NostrEvent,
} from '@swell/nostr';
import { CacheClient, importAll, testServer, TestSocket } from '@swell/server/testing';
import {
  isReceiptFor,
  lookupZapEndpoint,
  NwcPayer,
  parseNwcUri,
  PaymentError,
  payableInvoice,
  WebSocketRelayTransport,
  zap,
  ZapError,
  type Payer,
  type RelayTransport,
  type SignEvent,
} from '@swell/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccounts,
  devnetExtension,
  generateNetwork,
  lnurlServicePubkey,
} from '../src/index.ts';

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection<E>(promise: Promise<unknown>): Promise<E> {
  try {
    await promise;
  } catch (err) {
    return err as E;
  }
  throw new Error('expected a rejection');
}

type Server = Awaited<ReturnType<typeof testServer>>;
const account = (name: string) => demoAccounts.find((a) => a.name === name)!;
const alice = account('alice');
const bob = account('bob');
const signAs =
  (name: string): SignEvent =>
  async (t) =>
    finalizeEvent(t, hexToBytes(account(name).secretKeyHex));

describe(
  'zaps through wallet connect (NIP-47) and WebLN on the devnet',
  { timeout: 30_000 },
  () => {
    let server: Server;
    let cache: CacheClient;
    let events: NostrEvent[];
    let transport: WebSocketRelayTransport;
    const profiles = new Map<string, { lud16?: string; lud06?: string }>();
    const rootNotesOf = (pubkey: string) =>
      events.filter(
        (e) => e.kind === 1 && e.pubkey === pubkey && !e.tags.some((t) => t[0] === 'e'),
      );

    beforeAll(async () => {
      server = await testServer(
        {},
        { extensions: [devnetExtension({ demo: false, devnet: true })] },
      );
      const net = await generateNetwork({
        users: 20,
        days: 4, // enough for notes with invoices
        seed: 'nwc-zap',
        baseUrl: server.url,
        now: Math.floor(Date.now() / 1000) - 60,
      });
      events = net.events;
      for (const e of events) if (e.kind === 0) profiles.set(e.pubkey, JSON.parse(e.content));
      cache = await CacheClient.open(server.wsUrl('/v1'), false);
      await importAll(cache, events);
      transport = new WebSocketRelayTransport();
    }, 120_000);

    afterAll(async () => {
      transport?.close();
      cache?.close();
      await server?.close();
    });

    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const connect = async (body: Record<string, unknown> = {}) => {
      const res = await post('/devnet/nwc', body);
      expect(res.status).toBe(201);
      return res.body as { uri: string; walletPubkey: string; clientPubkey: string; relay: string };
    };

    /** A root note of `pubkey` nobody zapped yet (so a new zap is its top zap). */
    async function unzappedNoteOf(pubkey: string): Promise<NostrEvent> {
      for (const note of rootNotesOf(pubkey)) {
        const page = await cache.page('thread_view', { event_id: note.id });
        if (!page.stats[note.id]?.zaps) return note;
      }
      throw new Error('every note is zapped already');
    }

    /** Waits on /relay for the receipt of a zapped note (subscribed before zapping). */
    async function receiptWatcher(noteId: string) {
      const relay = await TestSocket.open(server.wsUrl('/relay'));
      relay.send([
        'REQ',
        'r',
        { kinds: [9735], '#e': [noteId], since: Math.floor(Date.now() / 1000) - 5 },
      ]);
      while (((await relay.next()) as unknown[])[0] !== 'EOSE');
      return {
        async next(): Promise<NostrEvent> {
          for (;;) {
            const m = (await relay.next()) as unknown[];
            if (m[0] === 'EVENT') return m[2] as NostrEvent;
          }
        },
        close: () => relay.close(),
      };
    }

    /** Zaps `note` as `sender` and checks that the receipt arrives on /relay and counts in the cache. */
    async function zapAndCount(note: NostrEvent, sender: string, payer: Payer, amountSats: number) {
      const before = await cache.page('thread_view', { event_id: note.id });
      const watcher = await receiptWatcher(note.id);
      const pending: string[] = [];
      const result = await zap({
        profile: profiles.get(note.pubkey)!,
        target: { pubkey: note.pubkey, eventId: note.id, kind: 1 },
        amountMsat: amountSats * 1000,
        comment: 'Onward',
        relays: [server.wsUrl('/relay')],
        signEvent: signAs(sender),
        payer,
        onInvoice: (z) => pending.push(z.zapRequest.id),
      });
      expect(pending).toEqual([result.zapRequest.id]);
      expect(bytesToHex(sha256(hexToBytes(result.payment.preimage)))).toBe(
        result.decoded.paymentHash,
      );
      const receipt = await watcher.next();
      watcher.close();
      expect(isReceiptFor(receipt, result)).toBe(true);
      expect(receipt.tags).toContainEqual(['P', account(sender).pubkey]);
      const after = await cache.page('thread_view', { event_id: note.id });
      expect(after.stats[note.id]?.zaps).toBe((before.stats[note.id]?.zaps ?? 0) + 1);
      expect(after.stats[note.id]?.satszapped).toBe(
        (before.stats[note.id]?.satszapped ?? 0) + amountSats,
      );
      return { result, receipt, after };
    }

    it("looks up alice's lightning address on the devnet", async () => {
      const lud16 = profiles.get(alice.pubkey)!.lud16!;
      expect(lud16).toBe(`alice@${new URL(server.url).host}`);
      const endpoint = await lookupZapEndpoint(profiles.get(alice.pubkey)!);
      expect(endpoint).toMatchObject({
        address: lud16,
        url: `${server.url}/.well-known/lnurlp/alice`,
        nostrPubkey: lnurlServicePubkey,
        minSendableMsat: 1000,
        commentAllowed: 255,
      });
    });

    it("alice zaps bob's note through NWC: the receipt arrives on /relay and the note stats count it", async () => {
      const connection = await connect({ balanceSats: 10_000 });
      expect(parseNwcUri(connection.uri)).toMatchObject({
        walletPubkey: connection.walletPubkey,
        relays: [server.wsUrl('/relay')],
      });
      const payer = new NwcPayer(connection.uri, { transport });
      expect(payer.kind).toBe('nwc');
      expect(await payer.getBalance()).toEqual({ balanceMsat: 10_000_000 });
      const note = await unzappedNoteOf(bob.pubkey);
      const { after, receipt } = await zapAndCount(note, 'alice', payer, 42);
      expect(after.topZaps[note.id]?.[0]).toMatchObject({
        sender: alice.pubkey,
        zap_receipt_id: receipt.id,
      });
      expect(await payer.getBalance()).toEqual({ balanceMsat: 10_000_000 - 42_000 });
      const summary = (await (
        await fetch(`${server.url}/devnet/nwc/${connection.walletPubkey}`)
      ).json()) as {
        balanceMsat: number;
        payments: unknown[];
      };
      expect(summary.balanceMsat).toBe(9_958_000);
      expect(summary.payments).toHaveLength(1);
      const info = await payer.client.getInfo();
      expect(info.methods).toEqual([
        'pay_invoice',
        'get_balance',
        'get_info',
        'make_invoice',
        'lookup_invoice',
      ]);
      expect(info.notifications).toEqual(['payment_received', 'payment_sent']);
      expect(info.network).toBe('regtest');
    });

    it('speaks NIP-44 to a wallet that advertises it and NIP-04 to a legacy one', async () => {
      const seen = new Map<string, NostrEvent>();
      const spy = await TestSocket.open(server.wsUrl('/relay'));
      const modern = await connect({ encryption: 'nip44_v2 nip04' });
      const legacy = await connect({ encryption: 'nip04' });
      spy.send([
        'REQ',
        's',
        { kinds: [23194], authors: [modern.clientPubkey, legacy.clientPubkey] },
      ]);
      while (((await spy.next()) as unknown[])[0] !== 'EOSE');
      for (const c of [modern, legacy]) {
        const payer = new NwcPayer(c.uri, { transport });
        expect((await payer.getBalance()).balanceMsat).toBe(1_000_000_000);
        for (;;) {
          const m = (await spy.next()) as unknown[];
          if (m[0] === 'EVENT') {
            seen.set((m[2] as NostrEvent).pubkey, m[2] as NostrEvent);
            break;
          }
        }
      }
      spy.close();
      const modernRequest = seen.get(modern.clientPubkey)!;
      expect(modernRequest.tags).toContainEqual(['encryption', 'nip44_v2']);
      expect(isNip04Payload(modernRequest.content)).toBe(false);
      const legacyRequest = seen.get(legacy.clientPubkey)!;
      expect(legacyRequest.tags.some((t) => t[0] === 'encryption')).toBe(false);
      expect(isNip04Payload(legacyRequest.content)).toBe(true);
      // A request carries an expiration matching its time-out, so a late wallet does not act on it.
      expect(Number(legacyRequest.tags.find((t) => t[0] === 'expiration')?.[1])).toBeGreaterThan(
        legacyRequest.created_at,
      );
    });

    it('falls back to NIP-04 when the wallet refuses NIP-44 with UNSUPPORTED_ENCRYPTION', async () => {
      const legacy = await connect({ encryption: 'nip04' });
      // The info event claims NIP-44 (as a wallet that advertises more than it speaks).
      const overclaiming: RelayTransport = {
        publish: (e, relays) => transport.publish(e, relays),
        subscribe: (filters, opts) =>
          transport.subscribe(filters, {
            ...opts,
            onEvent: (e) =>
              opts.onEvent(
                e.kind === 13194 ? { ...e, tags: [['encryption', 'nip44_v2 nip04']] } : e,
              ),
          }),
      };
      const payer = new NwcPayer(legacy.uri, { transport: overclaiming });
      expect(await payer.getBalance()).toEqual({ balanceMsat: 1_000_000_000 });
    });

    it('surfaces the wallet errors: insufficient balance, revoked connection', async () => {
      const poor = await connect({ balanceSats: 10 });
      const payer = new NwcPayer(poor.uri, { transport });
      const note = rootNotesOf(bob.pubkey)[1] ?? rootNotesOf(bob.pubkey)[0]!;
      const attempt = () =>
        zap({
          profile: profiles.get(bob.pubkey)!,
          target: { pubkey: bob.pubkey, eventId: note.id },
          amountMsat: 21_000,
          relays: [server.wsUrl('/relay')],
          signEvent: signAs('carol'),
          payer,
        });
      const err = await rejection<ZapError>(attempt());
      expect(err).toBeInstanceOf(ZapError);
      expect(err.code).toBe('payment_failed');
      expect(err.paymentError).toMatchObject({
        code: 'insufficient_balance',
        walletCode: 'INSUFFICIENT_BALANCE',
      });
      expect(err.message).toBe('The balance is 10 sats; this payment needs 21.');
      expect((await payer.getBalance()).balanceMsat).toBe(10_000);

      // Revoking needs the connection's secret (or the operator token): the pubkey is public.
      const revoke = (token?: string) =>
        fetch(`${server.url}/devnet/nwc/${poor.walletPubkey}`, {
          method: 'DELETE',
          ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
        });
      expect((await revoke()).status).toBe(401);
      expect((await revoke(parseNwcUri((await connect()).uri).secret)).status).toBe(403);
      expect((await payer.getBalance()).balanceMsat).toBe(10_000);
      expect((await revoke(parseNwcUri(poor.uri).secret)).status).toBe(200);
      const revoked = await rejection<PaymentError>(payer.getBalance());
      expect(revoked).toMatchObject({ code: 'unauthorized', walletCode: 'UNAUTHORIZED' });
    });

    it('times out when no wallet answers, and reports an unreachable relay', async () => {
      const quiet = parseNwcUri((await connect()).uri);
      const nobody = { ...quiet, walletPubkey: getPublicKey(generateSecretKey()) };
      const silent = new NwcPayer(nobody, { transport, payTimeoutMs: 1500 });
      const err = await rejection<PaymentError>(silent.pay('lnbc1anything'));
      expect(err).toBeInstanceOf(PaymentError);
      expect(err.code).toBe('timeout');
      expect(err.message).toMatch(/may still complete/);

      const offline = new NwcPayer(
        { ...quiet, relays: ['ws://127.0.0.1:9/relay'], relay: 'ws://127.0.0.1:9/relay' },
        { transport },
      );
      const down = await rejection<PaymentError>(offline.getBalance());
      expect(down.code).toBe('unreachable');
    });

    it('pays an invoice of a demo note through NWC, with a real proof of payment', async () => {
      const text = events.find((e) => e.kind === 1 && /lnbc\w+/.test(e.content))!.content;
      const invoice = payableInvoice(/lnbc\w+/.exec(text)![0])!;
      const payer = new NwcPayer((await connect()).uri, { transport });
      const { preimage } = await payer.pay(invoice.invoice);
      expect(bytesToHex(sha256(hexToBytes(preimage)))).toBe(invoice.paymentHash);
      // The same invoice again through the same connection: the same proof, charged once.
      expect((await payer.pay(invoice.invoice)).preimage).toBe(preimage);
      expect((await payer.getBalance()).balanceMsat).toBe(1_000_000_000 - invoice.amountMsat!);
      // Through another wallet it is already paid.
      const other = new NwcPayer((await connect()).uri, { transport });
      expect(await rejection<PaymentError>(other.pay(invoice.invoice))).toMatchObject({
        code: 'wallet_error',
        walletCode: 'PAYMENT_FAILED',
        message: 'This invoice has already been paid.',
      });
    });
  },
);
