import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testServer } from '@swell/server/testing';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_MINT_FILE, DevnetMint, devnetExtension, InvoiceLedger } from '../src/index.ts';
import { proofY } from '../src/mint/mint-crypto.ts';
import {
  blindOutputs,
  devnetInvoice,
  getJson,
  operator,
  payDevnetInvoice,
  postJson,
  unblindProofs,
  wireOutputs,
  type DevnetTestServer,
} from './ecash-helpers.ts';

interface KeysetJson {
  id: string;
  active: boolean;
  input_fee_ppk: number;
  keys?: Record<string, string>;
}
type Proof = ReturnType<typeof unblindProofs>[number];

/** The devnet on a real server whose data folder is `dataDir` (kept when it closes). */
async function serverOn(dataDir: string): Promise<DevnetTestServer> {
  const ext = devnetExtension({ demo: false, devnet: true });
  const server = await testServer({ dataDir }, { extensions: [ext] });
  return { ...server, devnet: ext.state, mintUrl: `${server.url}/devnet/mint` };
}

describe('devnet mint across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-mint-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // What the first process did, checked by the second.
  let spent: Proof[] = [];
  let unspent: Proof[] = [];
  let swapOutputs: Array<{ amount: number; id: string; B_: string }> = [];
  let issuedQuote = '';
  let paidQuote = '';
  let unpaidQuote = { quote: '', request: '' };
  let meltQuote = '';
  let firstKeyset: KeysetJson;
  let rotatedId = '';

  beforeAll(async () => {
    const a = await serverOn(dataDir);
    try {
      const url = (path: string) => `${a.mintUrl}${path}`;
      firstKeyset = (await getJson<{ keysets: KeysetJson[] }>(url('/v1/keys'))).json.keysets[0]!;
      const quote = async (amount: number) =>
        (
          await postJson<{ quote: string; request: string }>(url('/v1/mint/quote/bolt11'), {
            amount,
            unit: 'sat',
          })
        ).json;

      // 100 sats minted into 4 proofs; all 4 swapped (fee 1 sat).
      const q1 = await quote(100);
      await payDevnetInvoice(a, q1.request);
      const minted = blindOutputs(firstKeyset.id, [64, 32, 2, 2]);
      const m = await postJson<{ signatures: Array<{ id: string; amount: number; C_: string }> }>(
        url('/v1/mint/bolt11'),
        { quote: q1.quote, outputs: wireOutputs(minted) },
      );
      expect(m.status).toBe(200);
      spent = unblindProofs(minted, m.json.signatures, firstKeyset.keys!);
      const swapped = blindOutputs(firstKeyset.id, [64, 32, 2, 1]);
      swapOutputs = wireOutputs(swapped);
      const s = await postJson<{ signatures: Array<{ id: string; amount: number; C_: string }> }>(
        url('/v1/swap'),
        { inputs: spent, outputs: swapOutputs },
      );
      expect(s.status).toBe(200);
      unspent = unblindProofs(swapped, s.json.signatures, firstKeyset.keys!);
      issuedQuote = q1.quote;

      // A quote paid but not minted yet, and one not paid at all.
      const q2 = await quote(50);
      await payDevnetInvoice(a, q2.request);
      paidQuote = q2.quote;
      unpaidQuote = await quote(21);

      // A melt of 32 sats' proof for a 20-sat invoice, with change.
      const invoice = await devnetInvoice(a, 20);
      const mq = await postJson<{ quote: string }>(url('/v1/melt/quote/bolt11'), {
        request: invoice.invoice,
        unit: 'sat',
      });
      const input = unspent.find((p) => p.amount === 32)!;
      const melted = await postJson<{ state: string }>(url('/v1/melt/bolt11'), {
        quote: mq.json.quote,
        inputs: [input],
        outputs: wireOutputs(blindOutputs(firstKeyset.id, [0, 0, 0, 0])),
      });
      expect(melted.json.state).toBe('PAID');
      meltQuote = mq.json.quote;
      spent.push(input);
      unspent = unspent.filter((p) => p !== input);

      // The keyset rotated, with a new fee.
      const rotated = await postJson<{ id: string }>(
        url('/rotate'),
        { input_fee_ppk: 250 },
        operator(a),
      );
      expect(rotated.status).toBe(200);
      rotatedId = rotated.json.id;
    } finally {
      await a.close();
    }
    expect(existsSync(join(dataDir, DEVNET_MINT_FILE))).toBe(true);
  });

  let b: DevnetTestServer;
  const url = (path: string) => `${b.mintUrl}${path}`;
  beforeAll(async () => {
    b = await serverOn(dataDir);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('keeps spent proofs spent: checkstate says SPENT and a swap is refused', async () => {
    const states = await postJson<{ states: Array<{ state: string }> }>(url('/v1/checkstate'), {
      Ys: [...spent, ...unspent].map((p) => proofY(p.secret)),
    });
    expect(states.json.states.map((s) => s.state)).toEqual([
      ...spent.map(() => 'SPENT'),
      ...unspent.map(() => 'UNSPENT'),
    ]);
    expect(spent).toHaveLength(5);
    // Each of the 4 swapped proofs, and the melted one, alone: refused as spent.
    for (const proof of spent) {
      const again = await postJson(url('/v1/swap'), {
        inputs: [proof],
        outputs: wireOutputs(blindOutputs(rotatedId, [1])),
      });
      expect(again).toMatchObject({ status: 400, json: { code: 11001 } });
    }
    // Unspent proofs of the retired keyset still spend (fee 100 ppk: 2 + 1 - 1 = 2).
    const ok = await postJson(url('/v1/swap'), {
      inputs: unspent.filter((p) => p.amount <= 2),
      outputs: wireOutputs(blindOutputs(rotatedId, [2])),
    });
    expect(ok.status).toBe(200);
  });

  it('keeps the rotated keyset rotated, with its fee', async () => {
    const keysets = await getJson<{ keysets: KeysetJson[] }>(url('/v1/keysets'));
    expect(keysets.json.keysets.map((k) => [k.id, k.active, k.input_fee_ppk])).toEqual([
      [firstKeyset.id, false, 100],
      [rotatedId, true, 250],
    ]);
    const refused = await postJson(url('/v1/swap'), {
      inputs: [unspent.find((p) => p.amount === 64)!],
      outputs: wireOutputs(blindOutputs(firstKeyset.id, [32, 16, 8, 4, 2, 1])),
    });
    expect(refused).toMatchObject({ status: 400, json: { code: 12002 } });
  });

  it('keeps quotes: issued stays issued, paid stays paid and mints, melted stays paid', async () => {
    const issued = await getJson<{ state: string }>(url(`/v1/mint/quote/bolt11/${issuedQuote}`));
    expect(issued.json.state).toBe('ISSUED');
    const reissue = await postJson(url('/v1/mint/bolt11'), {
      quote: issuedQuote,
      outputs: wireOutputs(blindOutputs(rotatedId, [64, 32, 4])),
    });
    expect(reissue).toMatchObject({ status: 400, json: { code: 20002 } });

    const paid = await getJson<{ state: string }>(url(`/v1/mint/quote/bolt11/${paidQuote}`));
    expect(paid.json.state).toBe('PAID');
    const minted = await postJson(url('/v1/mint/bolt11'), {
      quote: paidQuote,
      outputs: wireOutputs(blindOutputs(rotatedId, [32, 16, 2])),
    });
    expect(minted.status).toBe(200);

    const melt = await getJson<{ state: string; change: unknown[] }>(
      url(`/v1/melt/quote/bolt11/${meltQuote}`),
    );
    expect(melt.json.state).toBe('PAID');
    expect(melt.json.change.length).toBeGreaterThan(0);
  });

  it('pays an unpaid quote from before the restart, and still knows what it signed', async () => {
    const before = await getJson<{ state: string }>(
      url(`/v1/mint/quote/bolt11/${unpaidQuote.quote}`),
    );
    expect(before.json.state).toBe('UNPAID');
    await payDevnetInvoice(b, unpaidQuote.request);
    const after = await getJson<{ state: string }>(
      url(`/v1/mint/quote/bolt11/${unpaidQuote.quote}`),
    );
    expect(after.json.state).toBe('PAID');

    const restored = await postJson<{ outputs: Array<{ B_: string }> }>(url('/v1/restore'), {
      outputs: swapOutputs,
    });
    expect(restored.json.outputs.map((o) => o.B_)).toEqual(swapOutputs.map((o) => o.B_));
    const resigned = await postJson(url('/v1/swap'), {
      inputs: [unspent.find((p) => p.amount === 64)!],
      outputs: [{ ...swapOutputs[0]!, id: rotatedId }],
    });
    expect(resigned).toMatchObject({ status: 400, json: { code: 11003 } });
  });
});

describe('devnet mint stopped in the middle of a melt', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-mint-melt-'));
  const file = join(dataDir, DEVNET_MINT_FILE);
  const mints: DevnetMint[] = [];
  afterAll(() => {
    for (const m of mints) m.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles it as paid on the next start: its inputs never spend again', async () => {
    const ledger = new InvoiceLedger();
    const first = new DevnetMint(ledger, { file });
    mints.push(first);
    const keyset = first.keysets()[0]!;
    const q = first.createMintQuote({ amount: 64, unit: 'sat' });
    await ledger.pay(q.request);
    const os = blindOutputs(keyset.id, [64]);
    const proofs = unblindProofs(
      os,
      first.mint({ quote: q.quote, outputs: wireOutputs(os) }).signatures,
      keyset.keys,
    );
    // The payment goes out and the process "stops" before the melt finishes: a paid-invoice
    // listener that never returns holds the melt where a crash would have cut it.
    ledger.onPaid(() => new Promise(() => {}));
    const invoice = ledger.issue({ amountMsat: 40_000 });
    const mq = first.createMeltQuote({ request: invoice.bolt11, unit: 'sat' });
    void first.melt({ quote: mq.quote, inputs: proofs });
    const Y = proofY(proofs[0]!.secret);
    await expect.poll(() => first.checkState({ Ys: [Y] }).states[0]!.state).toBe('PENDING');

    const second = new DevnetMint(new InvoiceLedger(), { file });
    mints.push(second);
    expect(second.settledMelts).toBe(1);
    expect(second.checkState({ Ys: [Y] }).states[0]!.state).toBe('SPENT');
    expect(second.checkMeltQuote(mq.quote).state).toBe('PAID');
    expect(() =>
      second.swap({ inputs: proofs, outputs: wireOutputs(blindOutputs(keyset.id, [32, 16, 8])) }),
    ).toThrow(/already spent/);
  });
});

describe('devnet mint file of an older version', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-mint-v1-'));
  const file = join(dataDir, DEVNET_MINT_FILE);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its spent proofs and gains the witness column (schema 1 -> 2)', async () => {
    const ledger = new InvoiceLedger();
    const first = new DevnetMint(ledger, { file });
    const keyset = first.keysets()[0]!;
    const os = blindOutputs(keyset.id, [8]);
    const q = first.createMintQuote({ amount: 8, unit: 'sat' });
    await ledger.pay(q.request);
    const proofs = unblindProofs(
      os,
      first.mint({ quote: q.quote, outputs: wireOutputs(os) }).signatures,
      keyset.keys,
    );
    // 8 in, the input fee of 1 out.
    first.swap({ inputs: proofs, outputs: wireOutputs(blindOutputs(keyset.id, [4, 2, 1])) });
    first.close();
    // What a schema-1 file looks like: no witness column.
    const db = new BetterSqlite3(file);
    db.exec('ALTER TABLE proofs DROP COLUMN witness');
    db.pragma('user_version = 1');
    db.close();

    const second = new DevnetMint(new InvoiceLedger(), { file });
    try {
      const state = second.checkState({ Ys: [proofY(proofs[0]!.secret)] }).states[0]!;
      expect(state).toMatchObject({ state: 'SPENT', witness: null });
    } finally {
      second.close();
    }
  });
});
