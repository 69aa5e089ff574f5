import fc from 'fast-check';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import * as nostrTools49 from 'nostr-tools/nip49';
import { describe, expect, it } from 'vitest';
import {
  KeySecurity,
  NIP49_DEFAULT_LOG_N,
  Nip49Error,
  isNcryptsec,
  nip19,
  nip49Decrypt,
  nip49DecryptAsync,
  nip49Encrypt,
  nip49EncryptAsync,
  normalizePassword,
  parseNcryptsec,
} from '../src/index.ts';
import { readJson } from './vectors.ts';

interface Nip49File {
  password_normalization: {
    input_codepoints: string[];
    input_utf8: number[];
    nfkc_codepoints: string[];
    nfkc_utf8: number[];
  }[];
  decrypt: { ncryptsec: string; password: string; log_n: number; secret_key_hex: string }[];
}
const vectors = readJson<Nip49File>('nip49.json');

const fromCodepoints = (list: string[]) =>
  String.fromCodePoint(...list.map((c) => parseInt(c.slice(2), 16)));
const utf8 = (s: string) => [...new TextEncoder().encode(s)];

/** A cheap scrypt for the tests that are not about the cost (2^4 rounds). */
const fast = { logN: 4 } as const;
const key = hexToBytes('7f'.repeat(31) + '01');

/** Rewrites one byte of an ncryptsec's 91-byte payload and re-encodes it with a valid checksum. */
function withByte(ncryptsec: string, index: number, value: number): string {
  const { words } = bech32.decode(ncryptsec as `${string}1${string}`, 200);
  const bytes = bech32.fromWords(words);
  bytes[index] = value;
  return bech32.encode('ncryptsec', bech32.toWords(bytes), 200);
}

function nip49Code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(Nip49Error);
    return (e as Nip49Error).code;
  }
  return undefined;
}

describe('NIP-49 spec vectors (nip49.json)', () => {
  it.each(vectors.decrypt.map((v, i) => [i, v] as const))(
    'decrypts vector %i to its secret key',
    async (_i, v) => {
      const parts = parseNcryptsec(v.ncryptsec);
      expect(parts.logN).toBe(v.log_n);
      const opened = await nip49DecryptAsync(v.ncryptsec, v.password);
      expect(bytesToHex(opened.secretKey)).toBe(v.secret_key_hex);
      expect(opened.logN).toBe(v.log_n);
      expect(opened.keySecurity).toBe(parts.keySecurity);
    },
  );

  it.each(vectors.password_normalization.map((v, i) => [i, v] as const))(
    'normalises password %i to NFKC',
    (_i, v) => {
      const input = fromCodepoints(v.input_codepoints);
      expect(utf8(input)).toEqual(v.input_utf8);
      expect(utf8(normalizePassword(input))).toEqual(v.nfkc_utf8);
      expect(normalizePassword(input)).toBe(fromCodepoints(v.nfkc_codepoints));
    },
  );

  it('seals with the normalised password: either form opens it', () => {
    const v = vectors.password_normalization[0]!;
    const sealed = nip49Encrypt(key, fromCodepoints(v.input_codepoints), fast);
    expect(nip49Decrypt(sealed, fromCodepoints(v.nfkc_codepoints)).secretKey).toEqual(key);
  });
});

describe('NIP-49 format', () => {
  it('writes version 2, log_n, salt, nonce, the key security byte and the sealed key: 91 bytes', () => {
    const salt = Uint8Array.from({ length: 16 }, (_, i) => i);
    const nonce = Uint8Array.from({ length: 24 }, (_, i) => 100 + i);
    const sealed = nip49Encrypt(key, 'pw', {
      ...fast,
      salt,
      nonce,
      keySecurity: KeySecurity.secure,
    });
    expect(sealed.startsWith('ncryptsec1')).toBe(true);
    expect(isNcryptsec(sealed)).toBe(true);
    const bytes = bech32.fromWords(bech32.decode(sealed as `${string}1${string}`, 200).words);
    expect(bytes.length).toBe(91);
    expect([bytes[0], bytes[1]]).toEqual([2, 4]);
    const parts = parseNcryptsec(sealed);
    expect(parts).toMatchObject({ version: 2, logN: 4, keySecurity: 1, salt, nonce });
    expect(parts.ciphertext.length).toBe(48);
    expect(nip49Decrypt(sealed, 'pw')).toEqual({ secretKey: key, logN: 4, keySecurity: 1 });
  });

  it('draws a new salt and nonce each time', () => {
    const a = parseNcryptsec(nip49Encrypt(key, 'pw', fast));
    const b = parseNcryptsec(nip49Encrypt(key, 'pw', fast));
    expect(a.salt).not.toEqual(b.salt);
    expect(a.nonce).not.toEqual(b.nonce);
  });

  it('refuses a wrong password, and a changed key security byte (it is authenticated)', async () => {
    const sealed = nip49Encrypt(key, 'correct horse', { ...fast, keySecurity: 2 });
    expect(nip49Code(() => nip49Decrypt(sealed, 'correct hors'))).toBe('wrong-password');
    await expect(nip49DecryptAsync(sealed, 'Correct horse')).rejects.toMatchObject({
      code: 'wrong-password',
    });
    expect(nip49Code(() => nip49Decrypt(withByte(sealed, 42, 1), 'correct horse'))).toBe(
      'wrong-password',
    );
  });

  it('opens no other version and no log_n above 20 (before any scrypt work)', () => {
    const sealed = nip49Encrypt(key, 'pw', fast);
    expect(nip49Code(() => nip49Decrypt(withByte(sealed, 0, 1), 'pw'))).toBe('unknown-version');
    expect(nip49Code(() => nip49Decrypt(withByte(sealed, 1, 21), 'pw'))).toBe('bad-log-n');
    expect(nip49Code(() => nip49Decrypt(withByte(sealed, 1, 0), 'pw'))).toBe('bad-log-n');
    expect(nip49Code(() => nip49Decrypt(withByte(sealed, 42, 3), 'pw'))).toBe('bad-key-security');
  });

  it('is not fooled by other bech32 strings', () => {
    const nsec = nip19.nsecEncode(key);
    expect(isNcryptsec(nsec)).toBe(false);
    expect(nip49Code(() => parseNcryptsec(nsec))).toBe('not-ncryptsec');
    const sealed = nip49Encrypt(key, 'pw', fast);
    const badChecksum = sealed.slice(0, -1) + (sealed.endsWith('q') ? 'p' : 'q');
    expect(nip49Code(() => parseNcryptsec(badChecksum))).toBe('not-ncryptsec');
    // A valid bech32 ncryptsec of the wrong length.
    const short = bech32.encode('ncryptsec', bech32.toWords(new Uint8Array(90)), 200);
    expect(nip49Code(() => parseNcryptsec(short))).toBe('not-ncryptsec');
    // Pasted with spaces or a nostr: prefix.
    expect(parseNcryptsec(`  nostr:${sealed}\n`).logN).toBe(4);
  });

  it('refuses to seal what is not a secret key, or with a log_n it could not open', () => {
    expect(nip49Code(() => nip49Encrypt(new Uint8Array(32), 'pw', fast))).toBe('invalid-key');
    expect(nip49Code(() => nip49Encrypt(key.slice(1), 'pw', fast))).toBe('invalid-key');
    expect(nip49Code(() => nip49Encrypt(key, 'pw', { logN: 21 }))).toBe('bad-log-n');
  });

  it('parses any text into a Nip49Error or a value, never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `ncryptsec1${s}`),
        ),
        (text) => {
          try {
            parseNcryptsec(text);
          } catch (e) {
            expect(e).toBeInstanceOf(Nip49Error);
          }
        },
      ),
    );
  });
});

describe('NIP-49 interop with nostr-tools', () => {
  it('an ncryptsec made by Swell (defaults, unnormalised password) opens in nostr-tools', async () => {
    const v = vectors.password_normalization[0]!;
    const sealed = await nip49EncryptAsync(key, fromCodepoints(v.input_codepoints));
    expect(parseNcryptsec(sealed).logN).toBe(NIP49_DEFAULT_LOG_N);
    expect(nostrTools49.decrypt(sealed, fromCodepoints(v.nfkc_codepoints))).toEqual(key);
  });

  it('an ncryptsec made by nostr-tools (its defaults) opens in Swell', async () => {
    const sealed = nostrTools49.encrypt(key, 'pässword 🔑', undefined, 0x01);
    const opened = await nip49DecryptAsync(sealed, 'pässword 🔑');
    expect(opened).toEqual({ secretKey: key, logN: 16, keySecurity: 1 });
  });
});
