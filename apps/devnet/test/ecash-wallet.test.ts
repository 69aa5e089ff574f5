import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  aesGcmCipher,
  decodeToken,
  EcashWallet,
  generateStorageKey,
  inspectToken,
  MemoryBackend,
  MemoryWalletStorage,
  SEALED_PREFIX,
  type HistoryEntry,
} from '@swell/wallet/ecash';
import { finalizeEvent, type NostrEvent } from '@swell/nostr';
import { lnurlCallbackUrl, parseLnurlInvoice, parseLnurlPayParams } from '@swell/wallet';
import { TestSocket } from '@swell/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, lnurlServicePubkey, routingFeeFor } from '../src/index.ts';
import { proofY } from '../src/mint/mint-crypto.ts';
import {
  devnetInvoice,
  devnetServer,
  getJson,
  payDevnetInvoice,
  postJson,
  type DevnetTestServer,
} from './ecash-helpers.ts';

/** Funds a wallet through a devnet invoice, as a user paying from another wallet would. */
async function fund(
  server: DevnetTestServer,
  wallet: EcashWallet,
  sats: number,
): Promise<HistoryEntry> {
  const entry = await wallet.createInvoice(server.mintUrl, sats);
  expect(entry.status).toBe('pending');
  expect(entry.invoice).toMatch(/^lnbc/);
  await payDevnetInvoice(server, entry.invoice!);
  return wallet.waitForInvoice(entry.id, { intervalMs: 20 });
}

describe('ecash wallet against the devnet mint on a real server', () => {
  let server: DevnetTestServer;
  let alice: EcashWallet;
  let bob: EcashWallet;
  // Alice's wallet is encrypted at rest, as with a PIN.
  const aliceBackend = new MemoryBackend();

  beforeAll(async () => {
    server = await devnetServer();
    const cipher = await aesGcmCipher(generateStorageKey());
    alice = await EcashWallet.create({
      storage: new MemoryWalletStorage({ backend: aliceBackend, cipher }),
      lockName: 'alice',
    });
    bob = await EcashWallet.create({ storage: new MemoryWalletStorage(), lockName: 'bob' });
    await alice.addMint(server.mintUrl);
  });

  afterAll(async () => {
    alice?.close();
    bob?.close();
    await server?.close();
  });

  it(
    'mints 1000, sends 300, receives in a second wallet, melts 200 with change, restores',
    {
      timeout: 120_000,
    },
    async () => {
      // Mint 1000 (NUT-04): the invoice is paid on the devnet ledger, the quote polled, proofs minted.
      const minted = await fund(server, alice, 1000);
      expect(minted).toMatchObject({ kind: 'mint', amount: 1000, status: 'done' });
      expect((await alice.balance()).ready).toBe(1000);

      // Send 300 (NUT-03): a cashuB token; the receiver nets 300, the sender pays the fees.
      const { token, entry: sent } = await alice.send(300, { memo: 'for Bob' });
      expect(token.startsWith('cashuB')).toBe(true);
      const summary = inspectToken(token);
      expect(summary.entries[0]!.mint).toBe(server.mintUrl);
      expect(summary.memo).toBe('for Bob');
      expect(summary.amount).toBeGreaterThanOrEqual(300);
      expect(sent).toMatchObject({ kind: 'send', amount: 300, status: 'pending' });
      const afterSend = await alice.balance();
      expect(afterSend.sent).toBe(summary.amount);
      expect(afterSend.ready).toBe(1000 - 300 - sent.fee);

      // Receive it in a second wallet (mint added on the way): exactly 300 arrives.
      const received = await bob.receive(token, { addUnknownMints: true });
      expect(received.tokensWithErrors).toEqual([]);
      expect(received.amount).toBe(300);
      expect((await bob.balance()).ready).toBe(300);
      const bobLine = (await bob.history())[0]!;
      expect(bobLine).toMatchObject({ kind: 'receive', amount: 300, memo: 'for Bob' });

      // The sent proofs are spent at the mint (NUT-07, asked directly) ...
      const { proofs } = decodeToken(token, () => server.devnet.mint!.keysets().map((k) => k.id))
        .entries[0]!;
      const states = await postJson<{ states: Array<{ state: string }> }>(
        `${server.mintUrl}/v1/checkstate`,
        { Ys: proofs.map((p) => proofY(p.secret)) },
      );
      expect(states.json.states.map((s) => s.state)).toEqual(proofs.map(() => 'SPENT'));
      // ... and the sender's wallet notices: the send is done, its proofs gone.
      const [report] = await alice.checkProofStates();
      expect(report).toMatchObject({ claimedSends: 1, spent: proofs.length });
      expect((await alice.history()).find((h) => h.id === sent.id)!.status).toBe('done');
      expect((await alice.balance()).sent).toBe(0);

      // Melt 200 to a devnet invoice (NUT-05) with change for the unused fee reserve (NUT-08).
      const invoice = await devnetInvoice(server, 200, 'coffee');
      const quote = await alice.quotePayment(invoice.invoice);
      expect(quote).toMatchObject({ amount: 200, feeReserve: 2, affordable: true });
      expect(quote.inputFee).toBeGreaterThan(0);
      expect(quote.total).toBe(200 + 2 + quote.inputFee);
      const before = (await alice.balance()).ready;
      const paid = await alice.payQuote(quote);
      expect(bytesToHex(sha256(hexToBytes(paid.preimage!)))).toBe(invoice.paymentHash);
      expect(paid.fee).toBe(quote.inputFee + routingFeeFor(quote.feeReserve));
      expect(paid.fee).toBeLessThan(quote.feeReserve + quote.inputFee);
      expect((await alice.balance()).ready).toBe(before - 200 - paid.fee);
      expect(paid.entry).toMatchObject({
        kind: 'melt',
        amount: 200,
        status: 'done',
        fee: paid.fee,
      });
      const settled = await getJson<{ settled: boolean }>(
        `${server.url}/devnet/invoices/${invoice.paymentHash}`,
      );
      expect(settled.json.settled).toBe(true);

      // History lists every operation, newest first, with amounts and times.
      const history = await alice.history();
      expect(history.map((h) => h.kind)).toEqual(['melt', 'send', 'mint']);
      for (const h of history) expect(h.createdAt).toBeGreaterThan(Date.now() - 60_000);

      // Every record of the encrypted wallet is sealed at rest.
      for (const store of ['meta', 'counters', 'proofs', 'history', 'mints'] as const) {
        const rows = await aliceBackend.getAll(store);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.value.startsWith(SEALED_PREFIX)).toBe(true);
      }

      // Restore from the mnemonic into an empty store (NUT-09/13): the same balance.
      const balance = (await alice.balance()).ready;
      const { wallet: restored, results } = await EcashWallet.restore({
        storage: new MemoryWalletStorage(),
        mnemonic: alice.mnemonic,
        mints: [server.mintUrl],
        lockName: 'alice-restored',
      });
      expect(results[0]!.amount).toBe(balance);
      expect((await restored.balance()).ready).toBe(balance);
      // Its counters moved past every used one: the next operation works (no reused outputs).
      await fund(server, restored, 10);
      expect((await restored.balance()).ready).toBe(balance + 10);
      restored.close();
    },
  );

  it('pays as a Payer and reports what failed in typed errors', async () => {
    const invoice = await devnetInvoice(server, 21);
    const before = (await alice.balance()).ready;
    const payment = await alice.pay(invoice.invoice);
    expect(bytesToHex(sha256(hexToBytes(payment.preimage!)))).toBe(invoice.paymentHash);
    expect((await alice.balance()).ready).toBe(before - 21 - payment.feesPaidMsat! / 1000);

    // The same invoice again: the mint refuses a paid invoice.
    await expect(alice.pay(invoice.invoice)).rejects.toMatchObject({
      name: 'PaymentError',
      code: 'wallet_error',
      walletCode: 'nut-20006',
    });
    // More than the balance: 'Not enough funds available'.
    const big = await devnetInvoice(server, 100_000);
    await expect(alice.pay(big.invoice)).rejects.toMatchObject({
      name: 'PaymentError',
      code: 'insufficient_balance',
      message: 'Not enough funds available',
    });
    await expect(alice.send(1_000_000)).rejects.toMatchObject({
      code: 'insufficient-funds',
      message: 'Not enough funds available',
    });
    // Not an invoice at all.
    await expect(alice.pay('hello')).rejects.toMatchObject({
      code: 'wallet_error',
      walletCode: 'invalid-invoice',
    });
    // The balance did not move on failures.
    expect((await alice.balance()).ready).toBe(before - 21 - payment.feesPaidMsat! / 1000);
  });

  it('takes back a sent token the receiver never redeemed, and a redeemed token cannot be taken twice', async () => {
    const before = (await alice.balance()).ready;
    const { token, entry } = await alice.send(50);
    const back = await alice.reclaim(entry.id);
    expect(back.status).toBe('reclaimed');
    expect((await alice.balance()).sent).toBe(0);
    expect((await alice.balance()).ready).toBe(before - back.fee);
    // The token is now worthless: redeeming it fails and comes back in tokensWithErrors.
    const late = await bob.receive(token);
    expect(late.amount).toBe(0);
    expect(late.tokensWithErrors).toHaveLength(1);
    expect(late.tokensWithErrors[0]!.error.code).toBe('token-spent');
  });

  it('zaps from the wallet: the melt pays the zap invoice and the receipt is published', async () => {
    const carol = demoAccounts.find((a) => a.name === 'carol')!;
    const dave = demoAccounts.find((a) => a.name === 'dave')!;
    const relay = await TestSocket.open(server.wsUrl('/relay'));
    relay.send(['REQ', 'z', { kinds: [9735], '#p': [carol.pubkey] }]);
    while (((await relay.next()) as unknown[])[0] !== 'EOSE');

    const params = parseLnurlPayParams(
      await (await fetch(`${server.url}/.well-known/lnurlp/carol`)).json(),
    );
    const zapRequest = finalizeEvent(
      {
        kind: 9734,
        created_at: Math.floor(Date.now() / 1000),
        content: 'Onward',
        tags: [
          ['relays', server.wsUrl('/relay')],
          ['amount', '42000'],
          ['p', carol.pubkey],
        ],
      },
      hexToBytes(dave.secretKeyHex),
    );
    const res = await fetch(lnurlCallbackUrl(params, { amountMsat: 42_000, zapRequest }));
    const { pr } = parseLnurlInvoice(await res.json());

    const before = (await alice.balance()).ready;
    const payment = await alice.pay(pr);
    expect((await alice.balance()).ready).toBe(before - 42 - payment.feesPaidMsat! / 1000);

    let receipt: NostrEvent | undefined;
    while (!receipt) {
      const m = (await relay.next()) as [string, string, NostrEvent];
      if (m[0] === 'EVENT') receipt = m[2];
    }
    relay.close();
    expect(receipt.pubkey).toBe(lnurlServicePubkey);
    expect(receipt.tags).toContainEqual(['bolt11', pr]);
    expect(receipt.tags).toContainEqual(['description', JSON.stringify(zapRequest)]);
    expect(receipt.tags).toContainEqual(['preimage', payment.preimage]);
  });
});
