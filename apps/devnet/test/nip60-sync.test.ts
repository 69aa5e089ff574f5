import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip44DecryptFrom,
  nip44EncryptTo,
  parseNutzapInfo,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import { WebSocketRelayTransport } from '@swell/wallet';
import {
  EcashWallet,
  MemoryWalletStorage,
  type Nip60Io,
  type WalletBalance,
} from '@swell/wallet/ecash';
import { lockPublicKey, parseWalletContent } from '@swell/wallet/nip60';
import { bytesToHex } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetServer, payDevnetInvoice, type DevnetTestServer } from './ecash-helpers.ts';

/** A device of the user: its own socket to the relay, NIP-44 to self with the user's key. */
function device(server: DevnetTestServer, key: Uint8Array) {
  const transport = new WebSocketRelayTransport();
  const relay = server.wsUrl('/relay');
  const pubkey = getPublicKey(key);
  const query = (filters: Filter[]) =>
    new Promise<NostrEvent[]>((resolve) => {
      const events: NostrEvent[] = [];
      const sub = transport.subscribe(filters, {
        relays: [relay],
        onEvent: (e) => events.push(e),
        onEose: () => {
          queueMicrotask(() => sub.close());
          resolve(events);
        },
      });
    });
  const io: Nip60Io = {
    pubkey,
    relays: [relay],
    encrypt: async (text) => nip44EncryptTo(key, pubkey, text),
    decrypt: async (payload) => nip44DecryptFrom(key, pubkey, payload),
    publish: async (template) => {
      const event = finalizeEvent({ ...template, created_at: Math.floor(Date.now() / 1000) }, key);
      const sent = transport.publish(event, [relay]).then(
        () => true,
        () => false,
      );
      await sent;
      return { id: event.id, sent };
    },
    query,
  };
  return { io, query, close: () => transport.close() };
}

const ready = (b: WalletBalance) => b.ready;

describe('NIP-60: one ecash wallet on two devices through the relay (devnet mint)', () => {
  let server: DevnetTestServer;
  const aliceKey = generateSecretKey();
  let a: ReturnType<typeof device>;
  let b: ReturnType<typeof device>;
  let walletA: EcashWallet;
  const storageA = new MemoryWalletStorage();
  let walletB: EcashWallet | undefined;

  beforeAll(async () => {
    server = await devnetServer();
    a = device(server, aliceKey);
    b = device(server, aliceKey);
    walletA = await EcashWallet.create({ storage: storageA, lockName: 'nip60-a' });
    await walletA.addMint(server.mintUrl);
  });

  afterAll(async () => {
    walletA?.close();
    walletB?.close();
    a?.close();
    b?.close();
    await server?.close();
  });

  it(
    'a second device opens the wallet without the phrase, follows spends, and both converge after a conflict',
    { timeout: 180_000 },
    async () => {
      // Device A: 1000 sats by lightning, then the first sync publishes them.
      const quote = await walletA.createInvoice(server.mintUrl, 1000);
      await payDevnetInvoice(server, quote.invoice!);
      await walletA.waitForInvoice(quote.id, { intervalMs: 20 });
      const first = await walletA.syncRelays(a.io);
      expect(first).toMatchObject({ published: 1, walletPublished: true, deleted: 0 });

      // What the relay holds: nothing readable without alice's key.
      const stored = await a.query([{ authors: [getPublicKey(aliceKey)] }]);
      expect(stored.map((e) => e.kind).sort((x, y) => x - y)).toEqual([7375, 7376, 10019, 17375]);
      const proofs = await walletA.balance();
      expect(ready(proofs)).toBe(1000);
      const secrets = (await storageA.proofs()).map((p) => p.secret);
      for (const e of stored) {
        const raw = JSON.stringify(e);
        for (const s of secrets) expect(raw).not.toContain(s);
        expect(raw).not.toContain(walletA.mnemonic.split(' ')[0] + ' ');
      }
      // The wallet's P2PK key is its own, not alice's Nostr key; the 10019 names its public key.
      const walletEvent = stored.find((e) => e.kind === 17375)!;
      const content = parseWalletContent(
        nip44DecryptFrom(aliceKey, getPublicKey(aliceKey), walletEvent.content),
      )!;
      expect(content.mints).toEqual([server.mintUrl]);
      expect(content.privkey).not.toBe(bytesToHex(aliceKey));
      const info = parseNutzapInfo(stored.find((e) => e.kind === 10019)!)!;
      expect(info.pubkey).toBe(lockPublicKey(content.privkey));
      expect(info.mints.map((m) => m.url)).toEqual([server.mintUrl]);

      // Device B, fresh storage, no phrase typed: 1000 sats.
      walletB = await EcashWallet.fromRelays({
        storage: new MemoryWalletStorage(),
        lockName: 'nip60-b',
        io: b.io,
      });
      expect(walletB).toBeDefined();
      expect(walletB!.mnemonic).toBe(walletA.mnemonic);
      expect(ready(await walletB!.balance())).toBe(1000);
      // A relay that answers nothing (or in part) takes nothing away, nor makes B publish again.
      const silent = await walletB!.syncRelays({ ...b.io, query: async () => [] });
      expect(silent).toMatchObject({ dropped: 0, published: 0, deleted: 0 });
      expect(ready(await walletB!.balance())).toBe(1000);

      // A sends a token of 300: once A synced, B no longer offers those proofs.
      const { entry: sent } = await walletA.send(300);
      const afterSend = ready(await walletA.balance());
      expect(afterSend).toBe(700 - sent.fee);
      const rolled = await walletA.syncRelays(a.io);
      expect(rolled.deleted).toBeGreaterThan(0);
      await walletB!.syncRelays(b.io);
      expect(ready(await walletB!.balance())).toBe(afterSend);

      // Both spend at once, more than half each, so from the same proofs: the mint decides.
      const outcomes = await Promise.allSettled([walletA.send(400), walletB!.send(400)]);
      const spent = outcomes.reduce(
        (sum, o) =>
          o.status === 'fulfilled' ? sum + o.value.entry.amount + o.value.entry.fee : sum,
        0,
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect(spent).toBeGreaterThan(400);
      // A few rounds of sync on each side (plus the mint's word on what is spent) converge.
      for (let round = 0; round < 3; round++) {
        await walletA.syncRelays(a.io);
        await walletB!.syncRelays(b.io);
        await walletA.checkProofStates();
        await walletB!.checkProofStates();
      }
      await walletA.syncRelays(a.io);
      await walletB!.syncRelays(b.io);
      const midA = ready(await walletA.balance());
      expect(ready(await walletB!.balance())).toBe(midA);
      expect(midA).toBe(afterSend - spent);

      // Both receive at once: both go through, though both devices derive their outputs from
      // the same seed and counters (the second to reach the mint hears "outputs already signed"
      // and moves its counters on).
      const invoices = await Promise.all([
        walletA.createInvoice(server.mintUrl, 50),
        walletB!.createInvoice(server.mintUrl, 30),
      ]);
      for (const q of invoices) await payDevnetInvoice(server, q.invoice!);
      const minted = await Promise.all([
        walletA.checkInvoice(invoices[0].id),
        walletB!.checkInvoice(invoices[1].id),
      ]);
      expect(minted.map((m) => m.status)).toEqual(['done', 'done']);
      for (let round = 0; round < 2; round++) {
        await walletA.syncRelays(a.io);
        await walletB!.syncRelays(b.io);
      }
      const endA = ready(await walletA.balance());
      const endB = ready(await walletB!.balance());
      expect(endA).toBe(endB);
      expect(endA).toBe(midA + 80);

      // The phrase alone, no relay: a restore finds the same ecash (what is ready and what was
      // sent but not redeemed yet).
      const restored = await EcashWallet.restore({
        storage: new MemoryWalletStorage(),
        lockName: 'nip60-restore',
        mnemonic: walletA.mnemonic,
        mints: [server.mintUrl],
      });
      const outstanding = (await walletA.balance()).sent + (await walletB!.balance()).sent;
      expect(ready(await restored.wallet.balance())).toBe(endA + outstanding);
      restored.wallet.close();
    },
  );
});
