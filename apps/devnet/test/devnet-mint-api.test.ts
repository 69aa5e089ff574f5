import {
  blindMessage,
  deriveKeysetId,
  Keyset,
  pointFromHex,
  unblindSignature,
  verifyDLEQProof,
} from '@cashu/cashu-ts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeReserveFor, routingFeeFor } from '../src/index.ts';
import { proofY } from '../src/mint/mint-crypto.ts';
import {
  devnetInvoice,
  devnetServer,
  getJson,
  operator,
  payDevnetInvoice,
  postJson,
  type DevnetTestServer,
} from './ecash-helpers.ts';

interface KeysetJson {
  id: string;
  unit: string;
  active: boolean;
  input_fee_ppk: number;
  keys?: Record<string, string>;
}
interface Signature {
  id: string;
  amount: number;
  C_: string;
  dleq: { e: string; s: string };
}
interface Output {
  amount: number;
  id: string;
  B_: string;
  secret: string;
  r: bigint;
}
interface Proof {
  amount: number;
  id: string;
  secret: string;
  C: string;
}

/** Wallet-side blinding done by hand with cashu-ts primitives (random secrets). */
function outputs(keysetId: string, amounts: number[]): Output[] {
  return amounts.map((amount) => {
    const secret = bytesToHex(randomBytes(32));
    const blinded = blindMessage(new TextEncoder().encode(secret));
    return { amount, id: keysetId, B_: blinded.B_.toHex(true), secret, r: blinded.r };
  });
}

const wire = (os: Output[]) => os.map(({ amount, id, B_ }) => ({ amount, id, B_ }));

describe('devnet mint HTTP API (NUT v1)', () => {
  let server: DevnetTestServer;
  let keyset: KeysetJson;
  let proofs: Proof[] = [];
  const url = (path: string) => `${server.mintUrl}${path}`;

  /** Unblinds signatures after checking each one's DLEQ against the output it answers. */
  function unblind(os: Output[], sigs: Signature[]): Proof[] {
    expect(sigs).toHaveLength(os.length);
    return sigs.map((sig, i) => {
      const o = os[i]!;
      expect(sig).toMatchObject({ id: o.id, amount: o.amount });
      const A = pointFromHex(keyset.keys![String(sig.amount)]!);
      const dleq = { e: hexToBytes(sig.dleq.e), s: hexToBytes(sig.dleq.s) };
      expect(verifyDLEQProof(dleq, pointFromHex(o.B_), pointFromHex(sig.C_), A)).toBe(true);
      const C = unblindSignature(pointFromHex(sig.C_), o.r, A);
      return { amount: sig.amount, id: sig.id, secret: o.secret, C: C.toHex(true) };
    });
  }

  async function paidQuote(amount: number): Promise<string> {
    const q = await postJson<{ quote: string; request: string; state: string }>(
      url('/v1/mint/quote/bolt11'),
      { amount, unit: 'sat' },
    );
    expect(q.status).toBe(200);
    expect(q.json.state).toBe('UNPAID');
    await payDevnetInvoice(server, q.json.request);
    return q.json.quote;
  }

  beforeAll(async () => {
    server = await devnetServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('serves info, keys and keysets whose ids re-derive exactly, to any origin', async () => {
    const info = await getJson<{ name: string; nuts: Record<string, unknown> }>(url('/v1/info'));
    expect(info.status).toBe(200);
    expect(info.headers.get('access-control-allow-origin')).toBe('*');
    expect(Object.keys(info.json.nuts).sort()).toEqual(['10', '11', '12', '4', '5', '7', '8', '9']);

    const keys = await getJson<{ keysets: KeysetJson[] }>(url('/v1/keys'));
    const keysets = await getJson<{ keysets: KeysetJson[] }>(url('/v1/keysets'));
    expect(keys.json.keysets).toHaveLength(1);
    keyset = keys.json.keysets[0]!;
    expect(keyset).toMatchObject({ unit: 'sat', active: true, input_fee_ppk: 100 });
    expect(Object.keys(keyset.keys!)).toHaveLength(24);
    expect(keyset.id).toMatch(/^01[0-9a-f]{64}$/);
    expect(deriveKeysetId(keyset.keys!, { unit: 'sat', input_fee_ppk: 100, versionByte: 1 })).toBe(
      keyset.id,
    );
    expect(Keyset.verifyKeysetId({ ...keyset, keys: keyset.keys! })).toBe(true);
    const { keys: _keys, ...meta } = keyset;
    expect(keysets.json.keysets).toEqual([meta]);
    const one = await getJson<{ keysets: KeysetJson[] }>(url(`/v1/keys/${keyset.id}`));
    expect(one.json.keysets[0]!.keys).toEqual(keyset.keys);

    const preflight = await fetch(url('/v1/swap'), {
      method: 'OPTIONS',
      headers: { origin: 'https://wallet.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    const missing = await getJson<{ code: number }>(url('/v1/nothing-here'));
    expect(missing.status).toBe(404);
  });

  it('mints a paid quote once, with signatures in output order', async () => {
    const unpaid = await postJson<{ quote: string; request: string }>(
      url('/v1/mint/quote/bolt11'),
      { amount: 13, unit: 'sat' },
    );
    const early = await postJson(url('/v1/mint/bolt11'), {
      quote: unpaid.json.quote,
      outputs: wire(outputs(keyset.id, [8, 4, 1])),
    });
    expect(early).toMatchObject({ status: 400, json: { code: 20001 } });

    const quote = await paidQuote(100);
    const state = await getJson<{ state: string; amount: number }>(
      url(`/v1/mint/quote/bolt11/${quote}`),
    );
    expect(state.json).toMatchObject({ state: 'PAID', amount: 100 });
    const wrongSum = await postJson(url('/v1/mint/bolt11'), {
      quote,
      outputs: wire(outputs(keyset.id, [64, 32])),
    });
    expect(wrongSum).toMatchObject({ status: 400, json: { code: 11005 } });
    // Deliberately not sorted: the answer must follow the request's order.
    const os = outputs(keyset.id, [4, 64, 32]);
    const minted = await postJson<{ signatures: Signature[] }>(url('/v1/mint/bolt11'), {
      quote,
      outputs: wire(os),
    });
    expect(minted.status).toBe(200);
    proofs = unblind(os, minted.json.signatures);
    const again = await postJson(url('/v1/mint/bolt11'), {
      quote,
      outputs: wire(outputs(keyset.id, [4, 64, 32])),
    });
    expect(again).toMatchObject({ status: 400, json: { code: 20002 } });
    const issued = await getJson<{ state: string }>(url(`/v1/mint/quote/bolt11/${quote}`));
    expect(issued.json.state).toBe('ISSUED');
  });

  it('swaps with the keyset input fee, refuses double spends, reports states, restores', async () => {
    // 3 inputs of 100 ppk: fee ceil(0.3) = 1 sat; 100 in, 99 out.
    const unbalanced = await postJson(url('/v1/swap'), {
      inputs: proofs,
      outputs: wire(outputs(keyset.id, [64, 32, 4])),
    });
    expect(unbalanced).toMatchObject({ status: 400, json: { code: 11005 } });
    const tampered = await postJson(url('/v1/swap'), {
      inputs: [{ ...proofs[0]!, secret: 'not the signed secret' }],
      outputs: wire(outputs(keyset.id, [2, 1])),
    });
    expect(tampered).toMatchObject({ status: 400, json: { code: 10001 } });

    const os = outputs(keyset.id, [1, 2, 32, 64]);
    const swapped = await postJson<{ signatures: Signature[] }>(url('/v1/swap'), {
      inputs: proofs,
      outputs: wire(os),
    });
    expect(swapped.status).toBe(200);
    const fresh = unblind(os, swapped.json.signatures);

    const doubleSpend = await postJson(url('/v1/swap'), {
      inputs: proofs,
      outputs: wire(outputs(keyset.id, [64, 32, 2, 1])),
    });
    expect(doubleSpend).toMatchObject({ status: 400, json: { code: 11001 } });
    const reused = await postJson(url('/v1/swap'), {
      inputs: [fresh[3]!],
      outputs: [wire(os)[2]!, ...wire(outputs(keyset.id, [16, 8, 4, 2, 1]))],
    });
    expect(reused).toMatchObject({ status: 400, json: { code: 11003 } });
    const duplicate = await postJson(url('/v1/swap'), {
      inputs: [fresh[0]!, fresh[0]!],
      outputs: wire(outputs(keyset.id, [1])),
    });
    expect(duplicate).toMatchObject({ status: 400, json: { code: 11007 } });

    const states = await postJson<{ states: Array<{ Y: string; state: string }> }>(
      url('/v1/checkstate'),
      { Ys: [...proofs, ...fresh].map((p) => proofY(p.secret)) },
    );
    expect(states.json.states.map((s) => s.state)).toEqual([
      ...proofs.map(() => 'SPENT'),
      ...fresh.map(() => 'UNSPENT'),
    ]);
    expect(states.json.states[0]!.Y).toBe(proofY(proofs[0]!.secret));

    const unknown = outputs(keyset.id, [1]);
    const restored = await postJson<{ outputs: Array<{ B_: string }>; signatures: Signature[] }>(
      url('/v1/restore'),
      { outputs: wire([unknown[0]!, os[1]!, os[3]!]) },
    );
    expect(restored.json.outputs.map((o) => o.B_)).toEqual([os[1]!.B_, os[3]!.B_]);
    expect(restored.json.signatures.map((s) => s.C_)).toEqual([
      swapped.json.signatures[1]!.C_,
      swapped.json.signatures[3]!.C_,
    ]);
    proofs = fresh;
  });

  it('melts a devnet invoice with change in the blank outputs, and refuses to pay twice', async () => {
    const invoice = await devnetInvoice(server, 50);
    const quote = await postJson<{
      quote: string;
      amount: number;
      fee_reserve: number;
      state: string;
    }>(url('/v1/melt/quote/bolt11'), { request: invoice.invoice, unit: 'sat' });
    expect(quote.json).toMatchObject({
      amount: 50,
      fee_reserve: feeReserveFor(50),
      state: 'UNPAID',
    });

    // 64 in (fee 1): 64 - 1 - 50 - routing fee comes back into the blanks, ascending powers of 2.
    const input = proofs.find((p) => p.amount === 64)!;
    const blanks = outputs(keyset.id, [0, 0, 0, 0]);
    const melted = await postJson<{
      state: string;
      payment_preimage: string;
      change: Signature[];
    }>(url('/v1/melt/bolt11'), { quote: quote.json.quote, inputs: [input], outputs: wire(blanks) });
    expect(melted.status).toBe(200);
    expect(melted.json.state).toBe('PAID');
    expect(bytesToHex(sha256(hexToBytes(melted.json.payment_preimage)))).toBe(invoice.paymentHash);
    const change = 64 - 1 - 50 - routingFeeFor(feeReserveFor(50));
    expect(melted.json.change.reduce((s, c) => s + c.amount, 0)).toBe(change);
    const changeProofs = unblind(
      blanks
        .slice(0, melted.json.change.length)
        .map((b, i) => ({ ...b, amount: melted.json.change[i]!.amount })),
      melted.json.change,
    );
    expect(changeProofs.map((p) => p.amount)).toEqual(
      [1, 2, 4, 8, 16].filter((bit) => (change & bit) !== 0),
    );
    const checked = await getJson<{ state: string; change: Signature[] }>(
      url(`/v1/melt/quote/bolt11/${quote.json.quote}`),
    );
    expect(checked.json.state).toBe('PAID');

    const twice = await postJson(url('/v1/melt/bolt11'), {
      quote: quote.json.quote,
      inputs: [proofs.find((p) => p.amount === 32)!],
    });
    expect(twice).toMatchObject({ status: 400, json: { code: 20006 } });
    const paidInvoice = await postJson(url('/v1/melt/quote/bolt11'), {
      request: invoice.invoice,
      unit: 'sat',
    });
    expect(paidInvoice).toMatchObject({ status: 400, json: { code: 20006 } });
    const short = await devnetInvoice(server, 40);
    const shortQuote = await postJson<{ quote: string }>(url('/v1/melt/quote/bolt11'), {
      request: short.invoice,
      unit: 'sat',
    });
    const notEnough = await postJson(url('/v1/melt/bolt11'), {
      quote: shortQuote.json.quote,
      inputs: [proofs.find((p) => p.amount === 32)!],
    });
    expect(notEnough).toMatchObject({ status: 400, json: { code: 11005 } });
  });

  it('answers malformed and unsupported requests with 400 {code, detail}', async () => {
    const cases: Array<[string, unknown, number]> = [
      ['/v1/mint/quote/bolt11', { amount: 10, unit: 'usd' }, 11013],
      ['/v1/mint/quote/bolt11', { amount: 0, unit: 'sat' }, 11006],
      ['/v1/mint/quote/bolt11', { amount: 1.5, unit: 'sat' }, 10000],
      ['/v1/melt/quote/bolt11', { request: 'lnbc1nonsense', unit: 'sat' }, 10000],
      ['/v1/swap', { inputs: [], outputs: [] }, 10000],
      ['/v1/swap', { inputs: 'x' }, 10000],
      ['/v1/checkstate', { Ys: ['zz'] }, 10000],
      ['/v1/restore', { outputs: 'x' }, 10000],
      ['/v1/mint/bolt11', { quote: 'no-such-quote', outputs: [] }, 10000],
    ];
    for (const [path, body, code] of cases) {
      const res = await postJson<{ code: number; detail: string }>(url(path), body);
      expect({ path, status: res.status, code: res.json.code }).toEqual({
        path,
        status: 400,
        code,
      });
      expect(typeof res.json.detail).toBe('string');
    }
    const badJson = await fetch(url('/v1/swap'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ code: 10000 });
    const unknownKeyset = await getJson<{ code: number }>(url('/v1/keys/01ffff'));
    expect(unknownKeyset).toMatchObject({ status: 400, json: { code: 12001 } });
    // A locked (NUT-10) secret is refused rather than spent unchecked.
    const locked = await postJson(url('/v1/swap'), {
      inputs: [{ ...proofs[0]!, secret: '["P2PK",{"nonce":"00","data":"02aa"}]' }],
      outputs: wire(outputs(keyset.id, [1])),
    });
    expect(locked).toMatchObject({ status: 400, json: { code: 10001 } });
  });

  it('rotates keysets: the old one is inactive for outputs but its proofs still spend', async () => {
    // Only the operator rotates: without the token, or with another, nothing changes.
    expect(await postJson(url('/rotate'), {})).toMatchObject({ status: 401 });
    const wrong = { authorization: 'Bearer not-the-operator-token' };
    expect(await postJson(url('/rotate'), { input_fee_ppk: 0 }, wrong)).toMatchObject({
      status: 403,
    });
    expect((await getJson<{ keysets: unknown[] }>(url('/v1/keysets'))).json.keysets).toHaveLength(
      1,
    );
    const rotated = await postJson<{ id: string; keysets: KeysetJson[] }>(
      url('/rotate'),
      {},
      operator(server),
    );
    expect(rotated.status).toBe(200);
    expect(rotated.json.keysets.map((k) => k.active)).toEqual([false, true]);
    const refused = await postJson(url('/v1/swap'), {
      inputs: [proofs[0]!],
      outputs: wire(outputs(keyset.id, [1])),
    });
    expect(refused).toMatchObject({ status: 400, json: { code: 12002 } });
    // 2 + 1 sat from the old keyset (fee 1) into 2 sats of the new one.
    const input = [proofs.find((p) => p.amount === 2)!, proofs.find((p) => p.amount === 1)!];
    const swapped = await postJson<{ signatures: Signature[] }>(url('/v1/swap'), {
      inputs: input,
      outputs: wire(outputs(rotated.json.id, [2])),
    });
    expect(swapped.status).toBe(200);
    expect(swapped.json.signatures[0]!.id).toBe(rotated.json.id);
    const keys = await getJson<{ keysets: KeysetJson[] }>(url('/v1/keys'));
    expect(keys.json.keysets.map((k) => k.id)).toEqual([rotated.json.id]);
    const old = await getJson<{ keysets: KeysetJson[] }>(url(`/v1/keys/${keyset.id}`));
    expect(old.json.keysets[0]).toMatchObject({ id: keyset.id, active: false });
  });
});
