import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  generateMnemonic as generateBip39,
  mnemonicToEntropy,
  mnemonicToSeed as bip39Seed,
} from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { EcashError, ecashMessages } from './errors.ts';

/** Word counts BIP-39 allows (spec section 5: 128 to 256 bits of entropy). */
export const MNEMONIC_WORD_COUNTS = [12, 15, 18, 21, 24] as const;
export type MnemonicWordCount = (typeof MNEMONIC_WORD_COUNTS)[number];

/** The English BIP-39 list (2048 words), for word-by-word entry and suggestions. */
export const mnemonicWords: readonly string[] = wordlist;

/** A new random mnemonic (12 words, 128 bits, unless asked for more). */
export function generateMnemonic(words: MnemonicWordCount = 12): string {
  if (!MNEMONIC_WORD_COUNTS.includes(words)) {
    throw new EcashError('invalid-mnemonic', ecashMessages.invalidMnemonic);
  }
  return generateBip39(wordlist, (words / 3) * 32);
}

/** Lower case, single spaces, no surrounding whitespace: how people type and paste phrases. */
export function normalizeMnemonic(text: string): string {
  return text.trim().toLowerCase().split(/\s+/).join(' ');
}

/**
 * Checks a mnemonic and returns it normalized. Throws `EcashError` 'Invalid mnemonic' for a
 * wrong word count or a word outside the list, 'Invalid checksum' when the words are all valid
 * but the checksum does not match (spec section 8).
 */
export function validateMnemonic(text: string): string {
  const normalized = normalizeMnemonic(typeof text === 'string' ? text : '');
  const words = normalized === '' ? [] : normalized.split(' ');
  if (
    !(MNEMONIC_WORD_COUNTS as readonly number[]).includes(words.length) ||
    words.some((w) => !wordlist.includes(w))
  ) {
    throw new EcashError('invalid-mnemonic', ecashMessages.invalidMnemonic);
  }
  try {
    mnemonicToEntropy(normalized, wordlist);
  } catch {
    throw new EcashError('invalid-checksum', ecashMessages.invalidChecksum);
  }
  return normalized;
}

/** The 64-byte BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 iterations, empty passphrase). */
export async function mnemonicToSeed(text: string): Promise<Uint8Array> {
  return bip39Seed(validateMnemonic(text));
}

/**
 * A short public fingerprint of a seed (first 8 bytes of its SHA-256, hex): the key under which
 * counters are kept, so two seeds in one store never share counters. Reveals nothing of the seed.
 */
export function seedFingerprint(seed: Uint8Array): string {
  return bytesToHex(sha256(seed)).slice(0, 16);
}
