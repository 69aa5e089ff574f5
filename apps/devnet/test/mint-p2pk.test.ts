import { OutputData, Wallet, type MintKeys, type P2PKOptions, type Proof } from '@cashu/cashu-ts';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MintError } from '../src/index.ts';
import { proofY } from '../src/mint/mint-crypto.ts';
import {
  checkSpendingConditions,
  sigAllMessage,
  type ConditionInput,
  type ConditionOutput,
} from '../src/mint/spending-conditions.ts';
import {
  devnetServer,
  operator,
  payDevnetInvoice,
  postJson,
  type DevnetTestServer,
} from './ecash-helpers.ts';

interface Request {
  inputs: ConditionInput[];
  outputs: ConditionOutput[];
  quote?: string;
}
const vectors = JSON.parse(
  readFileSync(new URL('./vectors/cashu-nut11.json', import.meta.url), 'utf8'),
) as {
  proofs: Array<{ name: string; proof: ConditionInput; valid: boolean }>;
  sigAllMessages: Array<{ name: string; request: Request; msg: string; sha256: string }>;
  swaps: Array<{ name: string; request: Request; valid: boolean }>;
  melts: Array<{ name: string; request: Request; valid: boolean }>;
  htlcSwaps: Array<{ name: string; request: Request }>;
};

const now = () => Math.floor(Date.now() / 1000);

/** Whether the conditions pass, or the refusal's detail. */
function verdict(r: Request): true | string {
  try {
    checkSpendingConditions(r.inputs, r.outputs, now(), r.quote);
    return true;
  } catch (err) {
    expect(err).toBeInstanceOf(MintError);
    expect((err as MintError).code).toBe(10001);
    return (err as Error).message;
  }
}

describe('NUT-10/11 spending conditions (cashubtc/nuts test vectors)', () => {
  it.each(vectors.proofs)('SIG_INPUTS proof: $name', ({ proof, valid }) => {
    const result = verdict({ inputs: [proof], outputs: [] });
    if (valid) expect(result).toBe(true);
    else expect(result).toMatch(/witness does not meet/);
  });

  it.each(vectors.sigAllMessages)('SIG_ALL message of a $name', ({ request, msg, sha256: h }) => {
    const message = sigAllMessage(request.inputs, request.outputs, request.quote);
    expect(message).toBe(msg);
    expect(bytesToHex(sha256(new TextEncoder().encode(message)))).toBe(h);
  });

  it.each([...vectors.swaps, ...vectors.melts])('SIG_ALL: $name', ({ request, valid }) => {
    const result = verdict(request);
    if (valid) expect(result).toBe(true);
    else expect(result).toMatch(/same P2PK conditions/);
  });

  it.each(vectors.htlcSwaps)('refuses NUT-14 HTLC, not supported: $name', ({ request }) => {
    expect(verdict(request)).toMatch(/kind HTLC are not supported/);
  });

  it('refuses a valid signature once the witness is taken off or moved to a SIG_ALL melt', () => {
    const valid = vectors.proofs.find((v) => v.name === 'SIG_INPUTS, valid signature')!.proof;
    expect(verdict({ inputs: [{ ...valid, witness: undefined }], outputs: [] })).toMatch(
      /witness does not meet/,
    );
    // A melt signed for one quote does not pay another.
    const melt = vectors.melts[0]!.request;
    expect(verdict({ ...melt, quote: 'another-quote' })).toMatch(/SIG_ALL witness/);
  });

  it('refuses malformed P2PK secrets instead of spending them as ordinary ones', () => {
    const key = bytesToHex(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
    const secret = (tags: unknown[]) => JSON.stringify(['P2PK', { nonce: '00', data: key, tags }]);
    const cases: Array<[unknown[], RegExp]> = [
      [[['sigflag', 'SIG_NONE']], /unknown sigflag/],
      [
        [
          ['n_sigs', '1'],
          ['n_sigs', '1'],
        ],
        /appears twice/,
      ],
      [[['n_sigs', '2']], /n_sigs must be/],
      [[['pubkeys', `03${key.slice(2)}`]], /one key twice/],
      [[['locktime', 1]], /non-empty strings/],
      [[['refund', 'not-a-key']], /compressed public keys/],
    ];
    for (const [tags, message] of cases) {
      expect(verdict({ inputs: [{ secret: secret(tags), C: '02' }], outputs: [] })).toMatch(
        message,
      );
    }
    // Not the well-known shape at all: an ordinary secret, left to the signature check.
    expect(verdict({ inputs: [{ secret: '["P2PK"]', C: '02' }], outputs: [] })).toBe(true);
  });
});

describe('P2PK at the devnet mint (swap and checkstate, cashu-ts as the wallet)', () => {
  let server: DevnetTestServer;
  let wallet: Wallet;
  const bobKey = secp256k1.utils.randomSecretKey();
  const bobPub = bytesToHex(secp256k1.getPublicKey(bobKey, true));
  const refundKey = secp256k1.utils.randomSecretKey();

  /** Mints `amount` sats as proofs locked with `p2pk`. */
  async function lockedProofs(amount: number, p2pk: P2PKOptions): Promise<Proof[]> {
    const quote = await wallet.createMintQuoteBolt11(amount);
    await payDevnetInvoice(server, quote.request);
    return wallet.mintProofsBolt11(amount, quote.quote, {}, { type: 'p2pk', options: p2pk });
  }

  /** Swaps `inputs` (signed or not) into fresh ordinary outputs; the mint's answer. */
  async function swap(inputs: Proof[]) {
    const keys = wallet.keyChain.getKeyset() as unknown as MintKeys;
    const total = inputs.reduce((s, p) => s + p.amount.toNumber(), 0);
    const outputs = OutputData.createRandomData(total, keys);
    return postJson<{ code?: number; detail?: string; signatures?: unknown[] }>(
      `${server.mintUrl}/v1/swap`,
      {
        inputs: inputs.map((p) => ({
          id: p.id,
          amount: p.amount.toNumber(),
          secret: p.secret,
          C: p.C,
          ...(p.witness ? { witness: p.witness } : {}),
        })),
        outputs: outputs.map(({ blindedMessage: b }) => ({
          id: b.id,
          amount: Number(b.amount),
          B_: b.B_,
        })),
      },
    );
  }

  beforeAll(async () => {
    server = await devnetServer();
    // Free swaps keep the amounts simple.
    await postJson(`${server.mintUrl}/rotate`, { input_fee_ppk: 0 }, operator(server));
    wallet = new Wallet(server.mintUrl, { unit: 'sat' });
    await wallet.loadMint();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('spends locked proofs only with the key, and checkstate returns the witness', async () => {
    const proofs = await lockedProofs(8, { pubkey: bobPub });
    expect(proofs[0]!.secret).toMatch(/^\["P2PK",/);

    const bare = await swap(proofs);
    expect(bare).toMatchObject({ status: 400, json: { code: 10001 } });
    const stranger = wallet.signP2PKProofs(proofs, bytesToHex(secp256k1.utils.randomSecretKey()));
    expect(await swap(stranger)).toMatchObject({ status: 400, json: { code: 10001 } });

    const signed = wallet.signP2PKProofs(proofs, bytesToHex(bobKey));
    const ok = await swap(signed);
    expect(ok.status).toBe(200);
    expect(ok.json.signatures!.length).toBeGreaterThan(0);
    // Spent once: the same signed proofs are refused the second time.
    expect(await swap(signed)).toMatchObject({ status: 400, json: { code: 11001 } });

    const states = await postJson<{ states: Array<{ state: string; witness: string | null }> }>(
      `${server.mintUrl}/v1/checkstate`,
      { Ys: signed.map((p) => proofY(p.secret)) },
    );
    expect(states.json.states.map((s) => s.state)).toEqual(signed.map(() => 'SPENT'));
    const witness = JSON.parse(states.json.states[0]!.witness!) as { signatures: string[] };
    const message = sha256(new TextEncoder().encode(signed[0]!.secret));
    const xOnly = secp256k1.getPublicKey(bobKey, true).slice(1);
    expect(schnorr.verify(hexToBytes(witness.signatures[0]!), message, xOnly)).toBe(true);
  });

  it('lets the refund key spend only after the locktime', async () => {
    const refundPub = bytesToHex(secp256k1.getPublicKey(refundKey, true));
    const future = await lockedProofs(4, {
      pubkey: bobPub,
      locktime: now() + 3600,
      refundKeys: [refundPub],
    });
    const early = wallet.signP2PKProofs(future, bytesToHex(refundKey));
    expect(await swap(early)).toMatchObject({ status: 400, json: { code: 10001 } });

    const past = await lockedProofs(4, {
      pubkey: bobPub,
      locktime: now() - 60,
      refundKeys: [refundPub],
    });
    expect((await swap(wallet.signP2PKProofs(past, bytesToHex(refundKey)))).status).toBe(200);
  });

  it('takes a SIG_ALL swap signed over its outputs and refuses the same witness on others', async () => {
    const proofs = await lockedProofs(4, { pubkey: bobPub, sigFlag: 'SIG_ALL' });
    const preview = await wallet.prepareSwapToReceive(proofs);
    const sigAll = wallet.signP2PKProofs(preview.inputs, bytesToHex(bobKey), preview.keepOutputs);
    expect(sigAll[0]!.witness).toBeTruthy();
    // The inputs signed over the preview's outputs, sent with other outputs: refused.
    expect(await swap(sigAll)).toMatchObject({ status: 400, json: { code: 10001 } });
    const received = await wallet.completeSwap(preview, bytesToHex(bobKey));
    expect(received.keep.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(4);
  });
});
