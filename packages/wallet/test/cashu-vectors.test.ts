import {
  blindMessage,
  createBlindSignature,
  createDLEQProof,
  deriveKeysetId,
  deriveSecretAndBlindingFactor,
  getDecodedTokenBinary,
  getKeysetIdInt,
  hash_e,
  hashToCurve,
  hasValidDleq,
  Keyset,
  pointFromHex,
  splitAmount,
  verifyDLEQProof,
} from '@cashu/cashu-ts';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeToken,
  encodeToken,
  inspectToken,
  invalidKeysReason,
  mnemonicToSeed,
  type DecodedToken,
  type ProofData,
} from '../src/ecash/index.ts';

/** A vector file copied into test/vectors (see SOURCES.md there). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON; each test reads what it checks
function vectors<T = any>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./vectors/${name}`, import.meta.url), 'utf8')) as T;
}

const nut00 = vectors('cashu-nut00.json');
const nut0102 = vectors('cashu-nut01-02-keysets.json');
const nut12 = vectors('cashu-nut12-dleq.json');
const nut13 = vectors('cashu-nut13-deterministic.json');
const legacy = vectors('cashu-legacy-pre-v1.json');

type JsonProof = { id: string; amount: number; secret: string; C: string };
const proofValues = (p: JsonProof): ProofData => ({
  id: p.id,
  amount: p.amount,
  secret: p.secret,
  C: p.C,
});
const plain = (t: DecodedToken) =>
  t.entries.map((e) => ({
    mint: e.mint,
    unit: e.unit,
    proofs: e.proofs.map((p) => proofValues(p as JsonProof)),
  }));

describe('NUT-00 vectors', () => {
  it('hash_to_curve', () => {
    for (const v of nut00.hash_to_curve) {
      expect(hashToCurve(hexToBytes(v.message_hex)).toHex(true)).toBe(v.point);
    }
  });

  it('blinded messages and blind signatures', () => {
    for (const v of nut00.blinded_messages) {
      const blinded = blindMessage(hexToBytes(v.x_hex), BigInt(`0x${v.r}`));
      expect(blinded.B_.toHex(true)).toBe(v.B_);
    }
    for (const v of nut00.blind_signatures) {
      const sig = createBlindSignature(pointFromHex(v.B_), hexToBytes(v.mint_private_key), '00');
      expect(sig.C_.toHex(true)).toBe(v.C_);
    }
  });

  it('TokenV3 (cashuA) decodes to the JSON it serializes, padded or not', () => {
    const t = decodeToken(nut00.tokenV3.serialized);
    expect(t.version).toBe('A');
    expect(t.memo).toBe(nut00.tokenV3.json.memo);
    expect(plain(t)).toEqual(
      nut00.tokenV3.json.token.map((e: { mint: string; proofs: JsonProof[] }) => ({
        mint: e.mint,
        unit: nut00.tokenV3.json.unit,
        proofs: e.proofs.map(proofValues),
      })),
    );
    for (const padded of nut00.tokenV3.valid_padding_variants.tokens) {
      const p = decodeToken(padded);
      expect(p.memo).toBe('Thank you very much.');
      expect(plain(p)).toEqual(plain(t));
    }
    expect(inspectToken(nut00.tokenV3.serialized)).toMatchObject({
      amount: 10,
      memo: 'Thank you.',
    });
  });

  it('TokenV3 with a wrong prefix or none is refused', () => {
    for (const bad of nut00.tokenV3.invalid) {
      expect(() => decodeToken(bad.token), bad.case).toThrow(
        expect.objectContaining({ code: 'invalid-token' }),
      );
      expect(() => inspectToken(bad.token), bad.case).toThrow();
    }
  });

  it('TokenV4 (cashuB) decodes to the CBOR values, and the binary form to the same token', () => {
    for (const v of nut00.tokenV4.tokens) {
      const t = decodeToken(v.token);
      const d = v.decoded_hex_bytes;
      expect(t.version).toBe('B');
      expect(t.memo).toBe(d.d);
      expect(plain(t)).toEqual([
        {
          mint: d.m,
          unit: d.u,
          proofs: d.t.flatMap((entry: { i: string; p: Array<Record<string, unknown>> }) =>
            entry.p.map((p) => ({ id: entry.i, amount: p.a, secret: p.s, C: p.c })),
          ),
        },
      ]);
      // Round trip through our encoder: same values back.
      expect(
        plain(decodeToken(encodeToken({ ...t.entries[0]!, ...(t.memo ? { memo: t.memo } : {}) }))),
      ).toEqual(plain(t));
    }
    const raw = getDecodedTokenBinary(hexToBytes(nut00.tokenV4.raw_binary_craw_hex));
    const first = decodeToken(nut00.tokenV4.tokens[0].token);
    expect(raw.mint).toBe(first.entries[0]!.mint);
    expect(
      raw.proofs.map((p) => ({ ...proofValues({ ...p, amount: p.amount.toNumber() }) })),
    ).toEqual(first.entries[0]!.proofs);
  });

  it('tokens with URI prefixes decode like the bare token', () => {
    const bare = decodeToken(nut00.tokenV4.tokens[1].token);
    for (const prefix of ['cashu:', 'cashu://', 'web+cashu://']) {
      expect(plain(decodeToken(`${prefix}${nut00.tokenV4.tokens[1].token}`))).toEqual(plain(bare));
    }
  });
});

describe('NUT-01/02 vectors', () => {
  it('keysets: valid ones pass, a short or uncompressed key is refused', () => {
    for (const v of nut0102.nut01_valid_keysets) expect(invalidKeysReason(v.keys)).toBeUndefined();
    for (const v of nut0102.nut01_invalid_keysets) {
      expect(invalidKeysReason(v.keys), v.reason).toMatch(/key "\d+"/);
    }
  });

  it('keyset ids re-derive: legacy base64, v1 hex, v2', () => {
    for (const v of nut0102.legacy_base64_ids) {
      expect(deriveKeysetId(v.keys, { isDeprecatedBase64: true })).toBe(v.id);
    }
    for (const v of nut0102.v1_hex_ids) {
      expect(deriveKeysetId(v.keys, { versionByte: 0 })).toBe(v.id);
    }
    for (const v of nut0102.v2_ids) {
      const opts = {
        versionByte: 1,
        unit: v.unit,
        input_fee_ppk: v.input_fee_ppk,
        ...(v.final_expiry ? { expiry: v.final_expiry } : {}),
      };
      expect(deriveKeysetId(v.keys, opts)).toBe(v.id);
      expect(
        Keyset.verifyKeysetId({
          id: v.id,
          unit: v.unit,
          input_fee_ppk: v.input_fee_ppk,
          ...(v.final_expiry ? { final_expiry: v.final_expiry } : {}),
          keys: v.keys,
        }),
      ).toBe(true);
      // Any change of the committed metadata changes the id.
      expect(deriveKeysetId(v.keys, { ...opts, unit: 'usd' })).not.toBe(v.id);
    }
  });
});

describe('NUT-12 vectors', () => {
  const n = nut12;

  it('hash_e over the uncompressed points', () => {
    const points = [n.hash_e.R1, n.hash_e.R2, n.hash_e.K, n.hash_e.C_].map(pointFromHex);
    expect(bytesToHex(hash_e(points))).toBe(n.hash_e.expected);
  });

  it('the deterministic nonce gives the expected e and s', () => {
    const v = n.deterministic_nonce;
    const dleq = createDLEQProof(pointFromHex(v.B_), hexToBytes(v.a));
    expect(bytesToHex(dleq.e)).toBe(v.e);
    expect(bytesToHex(dleq.s)).toBe(v.s);
  });

  it('DLEQ on a blind signature verifies, and fails once tampered', () => {
    const v = n.blind_signature_valid;
    const dleq = {
      e: hexToBytes(v.blind_signature.dleq.e),
      s: hexToBytes(v.blind_signature.dleq.s),
    };
    const args = [
      pointFromHex(v.B_),
      pointFromHex(v.blind_signature.C_),
      pointFromHex(v.A),
    ] as const;
    expect(verifyDLEQProof(dleq, ...args)).toBe(true);
    const s = Uint8Array.from(dleq.s);
    s[31] ^= 1;
    const bad = { ...dleq, s };
    expect(verifyDLEQProof(bad, ...args)).toBe(false);
  });

  it('DLEQ carried in a proof (with r) verifies for another user, and fails once tampered', () => {
    const v = n.proof_valid;
    const keyset = { id: v.proof.id, keys: { '1': v.A } };
    expect(hasValidDleq(v.proof, keyset)).toBe(true);
    const tampered = { ...v.proof, dleq: { ...v.proof.dleq, r: v.proof.dleq.e } };
    expect(hasValidDleq(tampered, keyset)).toBe(false);
  });
});

describe('NUT-13 vectors', () => {
  it('the seed from the mnemonic (2048 rounds, 64 bytes)', async () => {
    const seed = await mnemonicToSeed(nut13.mnemonic);
    expect(seed).toHaveLength(64);
    expect(bytesToHex(seed)).toBe(nut13.seed_hex);
  });

  it('secrets and blinding factors of a v1 (00) keyset', async () => {
    const seed = await mnemonicToSeed(nut13.mnemonic);
    const v = nut13.v1_hex_keyset;
    expect(Number(getKeysetIdInt(v.keyset_id))).toBe(v.keyset_id_int);
    for (let i = 0; i < 5; i++) {
      const d = deriveSecretAndBlindingFactor(seed, v.keyset_id, i);
      expect(bytesToHex(d.secret)).toBe(v.secrets[`secret_${i}`]);
      expect(bytesToHex(d.blindingFactor)).toBe(v.blinding_factors[`r_${i}`]);
      expect(v.derivation_paths[`derivation_path_${i}`]).toBe(
        `m/129372'/0'/${v.keyset_id_int}'/${i}'`,
      );
    }
  });

  it('secrets and blinding factors of a v2 (01) keyset', async () => {
    const seed = await mnemonicToSeed(nut13.mnemonic);
    const v = nut13.v2_keyset;
    for (let i = 0; i < 5; i++) {
      const d = deriveSecretAndBlindingFactor(seed, v.keyset_id, i);
      expect(bytesToHex(d.secret)).toBe(v.secrets[`secret_${i}`]);
      expect(bytesToHex(d.blindingFactor)).toBe(v.blinding_factors[`r_${i}`]);
    }
  });

  it('secrets of a legacy base64 keyset', async () => {
    const seed = await mnemonicToSeed(nut13.mnemonic);
    const v = nut13.legacy_base64_keyset_cashu_ts_0_9;
    expect(Number(getKeysetIdInt(v.keyset_id))).toBe(v.keyset_id_int);
    v.secrets.forEach((secret: string, i: number) => {
      const d = deriveSecretAndBlindingFactor(seed, v.keyset_id, i);
      expect(bytesToHex(d.secret)).toBe(secret);
      expect(bytesToHex(d.blindingFactor)).toBe(v.blinding_factors_computed[i]);
    });
  });
});

describe('pre-v1 (legacy) token vectors', () => {
  it('a legacy TokenV3 with base64 keyset ids decodes', () => {
    const t = decodeToken(legacy.tokenV3.serialized);
    expect(t.memo).toBe(legacy.tokenV3.json.memo);
    expect(plain(t)).toEqual(
      legacy.tokenV3.json.token.map((e: { mint: string; proofs: JsonProof[] }) => ({
        mint: e.mint,
        unit: 'sat',
        proofs: e.proofs.map(proofValues),
      })),
    );
    for (const bad of legacy.tokenV3.invalid)
      expect(() => decodeToken(bad.token), bad.case).toThrow();
  });

  it('cashu-ts 0.9 tokens: its V3 encoding and the V2 token (no prefix) decode', () => {
    const v3 = decodeToken(legacy.cashu_ts_0_9.encode_v3.encoded);
    expect(plain(v3)).toEqual(
      legacy.cashu_ts_0_9.encode_v3.token_object.token.map(
        (e: { mint: string; proofs: JsonProof[] }) => ({
          mint: e.mint,
          unit: 'sat',
          proofs: e.proofs.map(proofValues),
        }),
      ),
    );
    for (const prefix of ['web+cashu://', 'cashu://', 'cashu:']) {
      expect(plain(decodeToken(`${prefix}${legacy.cashu_ts_0_9.encode_v3.encoded}`))).toEqual(
        plain(v3),
      );
    }
    for (const v of legacy.cashu_ts_0_9.decode_v2_token) {
      const t = decodeToken(v.token);
      expect(t.version).toBe('legacy');
      expect(plain(t)).toEqual(
        v.expected.token.map((e: { mint: string; proofs: JsonProof[] }) => ({
          mint: e.mint,
          unit: 'sat',
          proofs: e.proofs.map(proofValues),
        })),
      );
    }
  });

  it('amounts split into powers of two (spec section 5)', () => {
    const keys = Object.fromEntries(
      Array.from({ length: 16 }, (_, i) => [String(2 ** i), '02'.padEnd(66, '0')]),
    );
    for (const v of legacy.cashu_ts_0_9.split_amount) {
      expect(splitAmount(v.amount, keys, undefined, 'asc').map((a) => a.toNumber())).toEqual(
        v.chunks,
      );
    }
  });
});
