import fc from 'fast-check';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it, vi } from 'vitest';
import {
  checkEvent,
  finalizeEvent,
  getPublicKey,
  matchFilter,
  parseArticle,
  parseProfile,
  parseThreadRefs,
  parseZapReceipt,
  signatureRangeProblem,
  signSchnorr,
  validateEvent,
  validateZapRequest,
  verifyHttpAuth,
  verifySchnorr,
} from '../src/index.ts';
import type { Filter, NostrEvent } from '../src/index.ts';
import { readJson, readJsonl } from './vectors.ts';

interface Bip340 {
  index: number;
  secret_key: string | null;
  public_key: string;
  aux_rand: string | null;
  message: string;
  signature: string;
  verification_result: boolean;
  comment: string | null;
}
const { vectors } = readJson<{ vectors: Bip340[] }>('bip340-vectors.json');

describe('BIP-340 (bip340-vectors.json)', () => {
  it('has vectors 0-14', () => {
    expect(vectors.map((v) => v.index)).toEqual([...Array(15).keys()]);
  });
  it.each(vectors.map((v) => [v.index, v.comment ?? '', v] as const))(
    'vector %i %s',
    (_i, _c, v) => {
      const sig = v.signature.toLowerCase();
      const pub = v.public_key.toLowerCase();
      const msg = v.message.toLowerCase();
      expect(verifySchnorr(sig, msg, pub)).toBe(v.verification_result);
      if (v.secret_key) {
        const sk = hexToBytes(v.secret_key.toLowerCase());
        expect(getPublicKey(sk)).toBe(pub);
        expect(signSchnorr(msg, sk, hexToBytes(v.aux_rand!.toLowerCase()))).toBe(sig);
      }
      // The range rule of section 5 agrees with BIP-340 on r >= p and s >= n (vectors 12, 13).
      if (v.index === 12) expect(signatureRangeProblem(sig)).toBe('signature r out of range');
      if (v.index === 13) expect(signatureRangeProblem(sig)).toBe('signature s out of range');
    },
  );
});

const real = readJsonl<NostrEvent>('real-events.jsonl');
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const eventLike = fc.record(
  {
    id: fc.oneof(hex(64), fc.anything()),
    pubkey: fc.oneof(hex(64), fc.string()),
    created_at: fc.oneof(fc.nat(), fc.double(), fc.string()),
    kind: fc.oneof(fc.nat({ max: 40000 }), fc.integer(), fc.anything()),
    tags: fc.oneof(
      fc.array(fc.array(fc.string(), { maxLength: 4 }), { maxLength: 4 }),
      fc.anything(),
    ),
    content: fc.oneof(fc.string(), fc.anything()),
    sig: fc.oneof(hex(128), fc.string()),
  },
  { requiredKeys: [] },
);

describe('validators never throw', () => {
  it('validateEvent and checkEvent on anything', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), eventLike), (input) => {
        const a = validateEvent(input);
        const b = checkEvent(input);
        expect(typeof a.ok).toBe('boolean');
        if (!a.ok) expect(a.reason.length).toBeGreaterThan(0);
        if (!b.ok) expect(b.reason.length).toBeGreaterThan(0);
        if (b.ok) expect(a.ok).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
  it('accepted events survive JSON and keep only the NIP-01 fields', () => {
    const sk = new Uint8Array(32).fill(21);
    fc.assert(
      fc.property(
        fc.record({
          kind: fc.nat({ max: 65535 }),
          created_at: fc.nat({ max: 2 ** 32 }),
          tags: fc.array(fc.array(fc.string(), { maxLength: 3 }), { maxLength: 3 }),
          content: fc.string({ unit: 'grapheme' }),
        }),
        (template) => {
          const event = finalizeEvent(template, sk);
          const result = checkEvent(JSON.parse(JSON.stringify({ ...event, extra: true })));
          expect(result).toEqual({ ok: true, event });
        },
      ),
      { numRuns: 200 },
    );
  });
  it('hostile getters do not escape', () => {
    const hostile = Object.defineProperty({}, 'id', {
      get() {
        throw new Error('boom');
      },
    });
    expect(validateEvent(hostile)).toEqual({ ok: false, reason: 'event could not be read' });
    expect(checkEvent(hostile).ok).toBe(false);
  });
  it('parsers and the zap and auth validators on arbitrary events', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const samples = real.filter((_, i) => i % 10 === 0);
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.string(), fc.anything(), (base, junk, any) => {
        const mutated: NostrEvent = { ...base, content: junk, tags: [...base.tags, [junk]] };
        for (const e of [base, mutated]) {
          parseZapReceipt({ ...e, kind: 9735 });
          parseArticle({ ...e, kind: 30023 });
          parseThreadRefs(e);
          const user = parseProfile({ ...e, kind: 0 });
          expect(typeof user.name).toBe('string');
          matchFilter({ '#t': [junk], since: 0 } as Filter, e);
        }
        expect(validateZapRequest(junk).ok).toBe(false);
        expect(verifyHttpAuth(any, { url: 'https://x', method: 'GET' }).ok).toBe(false);
        expect(verifyHttpAuth(junk, { url: 'https://x', method: 'GET' }).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
    warn.mockRestore();
  });
});
