import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { finalizeEvent, type NostrEvent } from '@swell/nostr';
import { CacheClient, importAll, testServer, TestSocket } from '@swell/server/testing';
import type { PaymentError } from '@swell/wallet';
import {
  isReceiptFor,
  parseLightningInvoice,
  WebLnPayer,
  zap,
  ZapError,
  type WebLnProvider,
} from '@swell/wallet';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, devnetExtension, generateNetwork } from '../src/index.ts';

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

describe(
  'the WebLN stand-in (/devnet/webln.js) and the devnet HTTP routes',
  { timeout: 30_000 },
  () => {
    let server: Server;
    let cache: CacheClient;
    let events: NostrEvent[];

    beforeAll(async () => {
      server = await testServer(
        {},
        { extensions: [devnetExtension({ demo: false, devnet: true })] },
      );
      events = (
        await generateNetwork({
          users: 12,
          days: 2,
          seed: 'webln',
          baseUrl: server.url,
          now: Math.floor(Date.now() / 1000) - 60,
        })
      ).events;
      cache = await CacheClient.open(server.wsUrl('/v1'), false);
      await importAll(cache, events);
    }, 120_000);

    afterAll(async () => {
      cache?.close();
      await server?.close();
    });

    /** Runs the served script as a browser would and returns its `window.webln`. */
    async function injectWebln(query = ''): Promise<WebLnProvider & Record<string, unknown>> {
      const res = await fetch(`${server.url}/devnet/webln.js${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      const window: Record<string, unknown> = {};
      runInNewContext(await res.text(), { window, fetch });
      return window.webln as WebLnProvider & Record<string, unknown>;
    }

    it("zaps bob's note as alice through the injected window.webln; the receipt reaches /relay and the stats", async () => {
      const webln = await injectWebln();
      expect(webln.isSwellDevnet).toBe(true);
      const bob = account('bob');
      const note = events.find(
        (e) => e.kind === 1 && e.pubkey === bob.pubkey && !e.tags.some((t) => t[0] === 'e'),
      )!;
      const profile = JSON.parse(
        events.find((e) => e.kind === 0 && e.pubkey === bob.pubkey)!.content,
      ) as { lud16: string };
      const before = await cache.page('thread_view', { event_id: note.id });
      const relay = await TestSocket.open(server.wsUrl('/relay'));
      relay.send(['REQ', 'z', { kinds: [9735], '#e': [note.id] }]);
      while (((await relay.next()) as unknown[])[0] !== 'EOSE');

      const result = await zap({
        profile,
        target: { pubkey: bob.pubkey, eventId: note.id, kind: 1 },
        amountMsat: 21_000,
        comment: 'great post',
        relays: [server.wsUrl('/relay')],
        signEvent: async (t) => finalizeEvent(t, hexToBytes(account('alice').secretKeyHex)),
        payer: new WebLnPayer({ provider: () => webln }),
      });
      expect(bytesToHex(sha256(hexToBytes(result.payment.preimage)))).toBe(
        result.decoded.paymentHash,
      );
      let receipt: NostrEvent | undefined;
      while (!receipt) {
        const m = (await relay.next()) as unknown[];
        if (m[0] === 'EVENT') receipt = m[2] as NostrEvent;
      }
      relay.close();
      expect(isReceiptFor(receipt, result)).toBe(true);
      const after = await cache.page('thread_view', { event_id: note.id });
      expect(after.stats[note.id]?.zaps).toBe((before.stats[note.id]?.zaps ?? 0) + 1);
      expect(after.stats[note.id]?.satszapped).toBe((before.stats[note.id]?.satszapped ?? 0) + 21);
    });

    it('pays plain invoices, refuses to pay twice, and can play a user who declines', async () => {
      const webln = await injectWebln();
      await expect(webln.sendPayment('lnbc1x')).rejects.toThrow(/must be enabled/);
      await webln.enable();
      const made = (await (
        webln.makeInvoice as (a: unknown) => Promise<{ paymentRequest: string }>
      )({
        amount: 500,
        defaultMemo: 'tip jar',
      })) as { paymentRequest: string };
      const invoice = parseLightningInvoice(made.paymentRequest)!;
      expect(invoice).toMatchObject({ amountSats: 500, description: 'tip jar' });
      const payer = new WebLnPayer({ provider: () => webln });
      const { preimage } = await payer.pay(made.paymentRequest);
      expect(bytesToHex(sha256(hexToBytes(preimage)))).toBe(invoice.paymentHash);
      const twice = await rejection<PaymentError>(payer.pay(made.paymentRequest));
      expect(twice).toMatchObject({
        code: 'wallet_error',
        message: 'This invoice has already been paid.',
      });

      const declining = new WebLnPayer({ provider: () => undefined });
      expect((await rejection<PaymentError>(declining.pay('x'))).code).toBe('no_webln_extension');
      const reluctant = await injectWebln('?reject=1');
      const err = await rejection<ZapError>(
        zap({
          profile: { lud16: `carol@${new URL(server.url).host}` },
          target: { pubkey: account('carol').pubkey },
          amountMsat: 1000,
          relays: [server.wsUrl('/relay')],
          signEvent: async (t) => finalizeEvent(t, hexToBytes(account('alice').secretKeyHex)),
          payer: new WebLnPayer({ provider: () => reluctant }),
        }),
      );
      expect(err).toBeInstanceOf(ZapError);
      expect(err.paymentError?.code).toBe('rejected');
    });

    it('answers the CORS preflight of the pay endpoint (the page may come from the dev server)', async () => {
      const res = await fetch(`${server.url}/devnet/pay`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    });

    it('checks what POST /devnet/nwc is given, and 404s unknown connections', async () => {
      const post = (body: unknown) =>
        fetch(`${server.url}/devnet/nwc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      for (const bad of [
        { balanceSats: -1 },
        { balanceSats: 1.5 },
        { balanceSats: '10' },
        { encryption: 'nip99' },
        { lud16: 42 },
      ]) {
        const res = await post(bad);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toBeTruthy();
      }
      const plain = await fetch(`${server.url}/devnet/nwc`, { method: 'POST' });
      expect(plain.status).toBe(201);
      const created = (await plain.json()) as {
        uri: string;
        balanceMsat: number;
        encryption: string;
      };
      expect(created.balanceMsat).toBe(1_000_000_000);
      expect(created.encryption).toBe('nip44_v2 nip04');
      expect(created.uri).toMatch(/^nostr\+walletconnect:\/\/[0-9a-f]{64}\?relay=ws/);
      expect((await fetch(`${server.url}/devnet/nwc/${'a'.repeat(64)}`)).status).toBe(404);
      expect((await fetch(`${server.url}/devnet/nwc/nope`, { method: 'DELETE' })).status).toBe(404);
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    });
  },
);
