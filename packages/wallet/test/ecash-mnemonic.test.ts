import { describe, expect, it } from 'vitest';
import {
  generateMnemonic,
  MNEMONIC_WORD_COUNTS,
  mnemonicToSeed,
  mnemonicWords,
  seedFingerprint,
  validateMnemonic,
} from '../src/ecash/index.ts';

const vector = 'half depart obvious quality work element tank gorilla view sugar picture humble';

describe('mnemonic (BIP-39)', () => {
  it('generates valid phrases of every allowed length from the 2048-word list', () => {
    expect(mnemonicWords).toHaveLength(2048);
    for (const n of MNEMONIC_WORD_COUNTS) {
      const m = generateMnemonic(n);
      expect(m.split(' ')).toHaveLength(n);
      expect(validateMnemonic(m)).toBe(m);
    }
    expect(generateMnemonic()).not.toBe(generateMnemonic());
  });

  it("refuses a wrong word count or an unknown word with 'Invalid mnemonic'", () => {
    const words = vector.split(' ');
    for (const bad of [
      words.slice(0, 11).join(' '),
      [...words, 'abandon'].join(' '),
      '',
      [...words.slice(0, 11), 'notaword'].join(' '),
    ]) {
      expect(() => validateMnemonic(bad)).toThrow(
        expect.objectContaining({ code: 'invalid-mnemonic', message: 'Invalid mnemonic' }),
      );
    }
    expect(() => generateMnemonic(13 as 12)).toThrow('Invalid mnemonic');
  });

  it("refuses valid words with a bad checksum with 'Invalid checksum'", () => {
    const words = vector.split(' ');
    words[11] = words[11] === 'abandon' ? 'ability' : 'abandon';
    expect(() => validateMnemonic(words.join(' '))).toThrow(
      expect.objectContaining({ code: 'invalid-checksum', message: 'Invalid checksum' }),
    );
  });

  it('accepts what people type: case and extra spaces', async () => {
    const typed = `  ${vector.toUpperCase().split(' ').join('   ')}\n`;
    expect(validateMnemonic(typed)).toBe(vector);
    const seed = await mnemonicToSeed(typed);
    expect(seed).toEqual(await mnemonicToSeed(vector));
    expect(seedFingerprint(seed)).toMatch(/^[0-9a-f]{16}$/);
  });
});
