import {
  EcashWallet,
  MemoryBackend,
  MemoryWalletStorage,
  seedFingerprint,
  mnemonicToSeed,
} from '@swell/wallet/ecash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devnetInvoice,
  devnetServer,
  operator,
  payDevnetInvoice,
  recordingTransport,
  signedOutputs,
  type DevnetTestServer,
  type RecordedRequest,
} from './ecash-helpers.ts';

const mintCall = (r: RecordedRequest) => r.endpoint.endsWith('/v1/mint/bolt11');

describe('a crash between reserving counters and the mint answer never reuses a counter', () => {
  let server: DevnetTestServer;

  beforeAll(async () => {
    server = await devnetServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  /** The storage's counter cursor for the mint's active keyset. */
  async function cursor(backend: MemoryBackend, mnemonic: string): Promise<number> {
    const storage = new MemoryWalletStorage({ backend });
    const counters = await storage.counters(seedFingerprint(await mnemonicToSeed(mnemonic)));
    const active = server.devnet.mint!.keysets().find((k) => k.active)!;
    return counters[active.id] ?? 0;
  }

  for (const when of ['after', 'before'] as const) {
    it(
      `crash ${when} the mint request: the restarted wallet recovers and skips the counters`,
      {
        timeout: 120_000,
      },
      async () => {
        const backend = new MemoryBackend();
        let crashing = true;
        const first = recordingTransport((r) => (crashing && mintCall(r) ? when : undefined));
        const wallet = await EcashWallet.create({
          storage: new MemoryWalletStorage({ backend }),
          request: first.request,
          lockName: `crash-${when}-1`,
        });
        await wallet.addMint(server.mintUrl);
        const entry = await wallet.createInvoice(server.mintUrl, 64);
        await payDevnetInvoice(server, entry.invoice!);
        const start = await cursor(backend, wallet.mnemonic);

        // The process "dies" inside the mint request: counters were reserved and stored first.
        await expect(wallet.checkInvoice(entry.id)).rejects.toThrow(/simulated crash/);
        const reserved = await cursor(backend, wallet.mnemonic);
        expect(reserved).toBeGreaterThan(start);
        expect(first.requests.filter(mintCall)).toHaveLength(when === 'after' ? 1 : 0);
        crashing = false;

        // Restart: a new wallet object on the same storage.
        const second = recordingTransport();
        const restarted = await EcashWallet.open({
          storage: new MemoryWalletStorage({ backend }),
          request: second.request,
          lockName: `crash-${when}-2`,
        });
        const [report] = await restarted.sync();
        expect(report!.error).toBeUndefined();
        // 'after': the mint signed, so the journaled counters are restored (NUT-09).
        // 'before': the mint never saw it, so the paid quote is redeemed again with new counters.
        expect((await restarted.balance()).ready).toBe(64);
        expect((await restarted.history())[0]).toMatchObject({ kind: 'mint', status: 'done' });
        const after = await cursor(backend, restarted.mnemonic);
        expect(after).toBeGreaterThanOrEqual(reserved);

        // Keep using the wallet: more mints, a send and a receive.
        const more = await restarted.createInvoice(server.mintUrl, 40);
        await payDevnetInvoice(server, more.invoice!);
        await restarted.waitForInvoice(more.id, { intervalMs: 20 });
        const { token } = await restarted.send(30);
        await restarted.receive(token);

        // No blinded message was ever sent to be signed twice, across the crash.
        const outputs = [...signedOutputs(first.requests), ...signedOutputs(second.requests)];
        expect(outputs.length).toBeGreaterThan(0);
        expect(new Set(outputs).size).toBe(outputs.length);

        // The gap left by the skipped counters does not stop a restore.
        const balance = (await restarted.balance()).ready;
        const { wallet: restored } = await EcashWallet.restore({
          storage: new MemoryWalletStorage(),
          mnemonic: restarted.mnemonic,
          mints: [server.mintUrl],
          lockName: `crash-${when}-3`,
        });
        expect((await restored.balance()).ready).toBe(balance);
        for (const w of [wallet, restarted, restored]) w.close();
      },
    );
  }
});

describe('keyset rotation and tokens of several mints', () => {
  let a: DevnetTestServer;
  let b: DevnetTestServer;

  beforeAll(async () => {
    [a, b] = await Promise.all([devnetServer(), devnetServer()]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  async function funded(
    server: DevnetTestServer,
    name: string,
    sats: number,
    storage = new MemoryWalletStorage(),
  ) {
    const wallet = await EcashWallet.create({ storage, lockName: name });
    await wallet.addMint(server.mintUrl);
    const entry = await wallet.createInvoice(server.mintUrl, sats);
    await payDevnetInvoice(server, entry.invoice!);
    await wallet.waitForInvoice(entry.id, { intervalMs: 20 });
    return wallet;
  }

  it(
    'moves ecash out of a retired keyset and keeps accepting tokens of it',
    { timeout: 60_000 },
    async () => {
      const storage = new MemoryWalletStorage();
      const wallet = await funded(a, 'rotate', 500, storage);
      const { token: oldToken } = await wallet.send(100);
      const old = a.devnet.mint!.keysets().find((k) => k.active)!;
      const res = await fetch(`${a.mintUrl}/rotate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...operator(a) },
        body: JSON.stringify({ input_fee_ppk: 0 }),
      });
      expect(res.status).toBe(200);
      const fresh = a.devnet.mint!.keysets().find((k) => k.active)!;
      expect(fresh.id).not.toBe(old.id);

      // The wallet has not looked since: its outputs go to the retired keyset, the mint refuses
      // them (12002), the wallet refreshes its keysets and retries. No failed line is left.
      const topUp = await wallet.createInvoice(a.mintUrl, 50);
      await payDevnetInvoice(a, topUp.invoice!);
      expect((await wallet.waitForInvoice(topUp.id, { intervalMs: 20 })).status).toBe('done');
      const invoice = await devnetInvoice(a, 20);
      const paid = await wallet.payQuote(await wallet.quotePayment(invoice.invoice));
      expect(paid.entry.status).toBe('done');
      expect((await wallet.history()).filter((h) => h.status === 'failed')).toEqual([]);

      const before = (await wallet.balance()).ready;
      const stale = (await storage.proofs()).filter((p) => p.state === 'ready' && p.id === old.id);
      expect(stale.length).toBeGreaterThan(0);
      const [report] = await wallet.sync({ force: true });
      expect(report!.error).toBeUndefined();
      expect(report!.rotated).toBe(stale.length);
      // Every ready proof is in the new keyset now; only the old keyset's input fee was paid
      // (100 ppk per input, rounded up once: NUT-02).
      const ready = (await storage.proofs()).filter((p) => p.state === 'ready');
      expect(ready.every((p) => p.id === fresh.id)).toBe(true);
      const after = await wallet.balance();
      expect(before - after.ready).toBe(Math.ceil((stale.length * 100) / 1000));
      const mints = await wallet.mints();
      expect(mints[0]!.info!.keysets.map((k) => [k.id, k.active])).toEqual([
        [old.id, false],
        [fresh.id, true],
      ]);

      // A token of the retired keyset still redeems, into the new keyset, with its old fee.
      const receiver = await EcashWallet.create({
        storage: new MemoryWalletStorage(),
        lockName: 'rotate-rx',
      });
      const got = await receiver.receive(oldToken, { addUnknownMints: true });
      expect(got.amount).toBe(100);
      const stored = await receiver.balance();
      expect(stored.ready).toBe(100);
      wallet.close();
      receiver.close();
    },
  );

  it(
    'redeems a cashuA token with entries of two mints, returning the failing entry',
    { timeout: 60_000 },
    async () => {
      const fromA = await funded(a, 'multi-a', 100);
      const fromB = await funded(b, 'multi-b', 100);
      const { token: tokenA } = await fromA.send(20);
      const { token: tokenB } = await fromB.send(30);
      const { token: spentToken } = await fromB.send(5);
      const { decodeToken, encodeTokenV3 } = await import('@swell/wallet/ecash');
      const idsA = a.devnet.mint!.keysets().map((k) => k.id);
      const idsB = b.devnet.mint!.keysets().map((k) => k.id);
      const entryA = decodeToken(tokenA, () => idsA).entries[0]!;
      const entryB = decodeToken(tokenB, () => idsB).entries[0]!;
      const multi = encodeTokenV3({ entries: [entryA, entryB], memo: 'two mints' });

      const receiver = await EcashWallet.create({
        storage: new MemoryWalletStorage(),
        lockName: 'multi-rx',
      });
      await receiver.addMint(a.mintUrl);
      // Mint B is unknown: its entry fails (and comes back as a token) unless mints may be added.
      const first = await receiver.receive(multi);
      expect(first.amount).toBe(20);
      expect(first.tokensWithErrors).toHaveLength(1);
      expect(first.tokensWithErrors[0]).toMatchObject({
        mint: b.mintUrl,
        amount: entryB.proofs.reduce((s, p) => s + p.amount, 0),
      });
      expect(first.tokensWithErrors[0]!.error.code).toBe('unknown-mint');
      const retry = await receiver.receive(first.tokensWithErrors[0]!.token, {
        addUnknownMints: true,
      });
      expect(retry.amount).toBe(30);
      expect(retry.tokensWithErrors).toEqual([]);

      // An entry already redeemed fails on its own; the other entry still arrives.
      await fromB.receive(spentToken); // the sender takes it back: its proofs are spent
      const entrySpent = decodeToken(spentToken, () => idsB).entries[0]!;
      const { token: tokenA2 } = await fromA.send(7);
      const entryA2 = decodeToken(tokenA2, () => idsA).entries[0]!;
      const mixed = await receiver.receive(encodeTokenV3({ entries: [entrySpent, entryA2] }));
      expect(mixed.amount).toBe(7);
      expect(mixed.tokensWithErrors.map((t) => t.error.code)).toEqual(['token-spent']);
      expect((await receiver.balance()).ready).toBe(57);
      for (const w of [fromA, fromB, receiver]) w.close();
    },
  );
});
