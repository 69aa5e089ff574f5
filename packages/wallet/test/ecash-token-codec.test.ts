import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeToken,
  EcashError,
  encodeToken,
  encodeTokenV3,
  findTokens,
  inspectToken,
  type ProofData,
} from '../src/ecash/index.ts';

const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const proof = fc.record({
  id: fc.constantFrom('009a1f293253e41e', '00ad268c4d1f5826'),
  amount: fc.integer({ min: 1, max: 2 ** 40 }),
  secret: hex(64),
  C: fc.tuple(fc.constantFrom('02', '03'), hex(64)).map(([p, x]) => p + x),
});
const entry = fc.record({
  mint: fc.constantFrom('https://mint.example', 'http://127.0.0.1:8080/devnet/mint'),
  proofs: fc.array(proof, { minLength: 1, maxLength: 5 }),
});

describe('token codec', () => {
  it('never throws anything but EcashError on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `cashuA${s}`),
          fc.string().map((s) => `cashuB${s}`),
        ),
        (text) => {
          try {
            decodeToken(text);
          } catch (err) {
            expect(err).toBeInstanceOf(EcashError);
          }
        },
      ),
    );
  });

  it('round-trips cashuA tokens of one or several mints', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 3 }),
        fc.option(fc.string({ maxLength: 20 })),
        (entries, memo) => {
          const token = encodeTokenV3({ entries, ...(memo ? { memo } : {}) });
          const decoded = decodeToken(token);
          expect(decoded.entries).toEqual(entries.map((e) => ({ ...e, unit: 'sat' })));
          expect(decoded.memo).toBe(memo || undefined);
          const total = entries.flatMap((e) => e.proofs).reduce((s, p) => s + p.amount, 0);
          expect(inspectToken(token).amount).toBe(total);
        },
      ),
    );
  });

  it('round-trips cashuB tokens (hex keyset ids)', () => {
    fc.assert(
      fc.property(entry, (e) => {
        const token = encodeToken(e);
        expect(token.startsWith('cashuB')).toBe(true);
        const decoded = decodeToken(token);
        expect(decoded.entries[0]!.mint).toBe(e.mint);
        // V4 groups proofs by keyset: compare as sets.
        const sorted = (ps: readonly ProofData[]) =>
          [...ps].sort((a, b) => (a.secret + a.id < b.secret + b.id ? -1 : 1));
        expect(sorted(decoded.entries[0]!.proofs)).toEqual(sorted(e.proofs));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses proofs with missing or invalid fields', () => {
    const good = {
      id: '009a1f293253e41e',
      amount: 2,
      secret: 'a'.repeat(64),
      C: `02${'b'.repeat(64)}`,
    };
    for (const bad of [
      { ...good, amount: 0 },
      { ...good, amount: -1 },
      { ...good, amount: 1.5 },
      { ...good, C: 'zz' },
      { ...good, secret: '' },
      { ...good, id: 7 },
    ]) {
      const token = encodeTokenV3({
        entries: [{ mint: 'https://m.example', proofs: [bad as unknown as ProofData] }],
      });
      expect(() => decodeToken(token)).toThrow(expect.objectContaining({ code: 'invalid-token' }));
    }
  });

  it('finds tokens in text, with or without a URI prefix', () => {
    const a = encodeTokenV3({
      entries: [
        {
          mint: 'https://m.example',
          proofs: [{ id: '00aa', amount: 1, secret: 's', C: `02${'c'.repeat(64)}` }],
        },
      ],
    });
    const text = `gm ${a} and cashu:${a}. not cashuAx`;
    expect(findTokens(text)).toEqual([a, a]);
  });
});
