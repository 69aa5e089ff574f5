import fc from 'fast-check';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  calcPaddedLen,
  getConversationKey,
  getMessageKeys,
  getPublicKey,
  isNip04Payload,
  nip04Decrypt,
  nip04Encrypt,
  nip04SharedKey,
  nip44Decrypt,
  nip44DecryptFrom,
  nip44Encrypt,
  nip44EncryptTo,
  Nip44Error,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJson, readJsonl } from './vectors.ts';

interface Nip04File {
  decrypt_vectors: {
    decrypt_with_secret_key: string;
    counterparty_pubkey: string;
    ciphertext: string;
    plaintext: string;
  }[];
  shared_secret_vector: { sk1: string; sk2: string; shared_x: string };
  format_detection_positive: { payloads: string[]; quirk_tolerated_by_amethyst: string };
  real_kind4_stats: { count: number; match_base64_iv_format: number };
}
const nip04 = readJson<Nip04File>('nip04.json');

describe('NIP-04 (nip04.json)', () => {
  it.each(nip04.decrypt_vectors.map((v, i) => [i, v] as const))('decrypts vector %i', (_i, v) => {
    expect(
      nip04Decrypt(hexToBytes(v.decrypt_with_secret_key), v.counterparty_pubkey, v.ciphertext),
    ).toBe(v.plaintext);
  });
  it.each(nip04.decrypt_vectors.map((v, i) => [i, v] as const))(
    'encrypts vector %i byte for byte with its given IV',
    (_i, v) => {
      const iv = base64.decode(v.ciphertext.split('?iv=')[1]!);
      const sk = hexToBytes(v.decrypt_with_secret_key);
      expect(nip04Encrypt(sk, v.counterparty_pubkey, v.plaintext, iv)).toBe(v.ciphertext);
    },
  );
  it('refuses a given IV that is not 16 bytes', () => {
    const sk = hexToBytes('11'.repeat(32));
    const pk = getPublicKey(hexToBytes('22'.repeat(32)));
    expect(() => nip04Encrypt(sk, pk, 'x', new Uint8Array(15))).toThrow('iv must be 16 bytes');
  });
  it('computes the shared secret', () => {
    const { sk1, sk2, shared_x } = nip04.shared_secret_vector;
    expect(bytesToHex(nip04SharedKey(hexToBytes(sk1), getPublicKey(hexToBytes(sk2))))).toBe(
      shared_x,
    );
    expect(bytesToHex(nip04SharedKey(hexToBytes(sk2), getPublicKey(hexToBytes(sk1))))).toBe(
      shared_x,
    );
  });
  it('detects the payload format, like the real kind 4 events', () => {
    for (const p of nip04.format_detection_positive.payloads) expect(isNip04Payload(p)).toBe(true);
    expect(isNip04Payload(nip04.format_detection_positive.quirk_tolerated_by_amethyst)).toBe(true);
    const dms = readJsonl<NostrEvent>('real-events.jsonl').filter((e) => e.kind === 4);
    expect(dms.length).toBe(nip04.real_kind4_stats.count);
    expect(dms.filter((e) => isNip04Payload(e.content)).length).toBe(
      nip04.real_kind4_stats.match_base64_iv_format,
    );
  });
  it('round-trips and rejects a wrong key', () => {
    const a = hexToBytes('11'.repeat(32));
    const b = hexToBytes('22'.repeat(32));
    const payload = nip04Encrypt(a, getPublicKey(b), 'héllo 🔥');
    expect(nip04Decrypt(b, getPublicKey(a), payload)).toBe('héllo 🔥');
    expect(() => nip04Decrypt(hexToBytes('33'.repeat(32)), getPublicKey(a), payload)).toThrow();
    expect(() => nip04Decrypt(b, getPublicKey(a), 'garbage')).toThrow('not a NIP-04 payload');
  });
});

type V2 = {
  valid: {
    get_conversation_key: { sec1: string; pub2: string; conversation_key: string }[];
    get_message_keys: {
      conversation_key: string;
      keys: { nonce: string; chacha_key: string; chacha_nonce: string; hmac_key: string }[];
    };
    calc_padded_len: [number, number][];
    encrypt_decrypt: {
      sec1: string;
      sec2: string;
      conversation_key: string;
      nonce: string;
      plaintext: string;
      payload: string;
    }[];
    encrypt_decrypt_long_msg: {
      conversation_key: string;
      nonce: string;
      pattern?: string;
      letter?: string;
      repeat: number;
      plaintext_sha256?: string;
      payload_sha256?: string;
    }[];
  };
  invalid: {
    encrypt_msg_lengths: number[];
    decrypt_msg_lengths?: number[];
    get_conversation_key: { sec1: string; pub2: string; note: string }[];
    decrypt: { conversation_key: string; payload: string; note: string }[];
  };
};
const official = readJson<{ v2: V2 }>('nip44.vectors.json').v2;
const variant = readJson<{ v2: V2 }>('nip44.vectors.nostr-tools-variant.json').v2;
const utf8 = new TextEncoder();

describe('NIP-44 v2 (nip44.vectors.json)', () => {
  it.each(official.valid.get_conversation_key.map((v, i) => [i, v] as const))(
    'conversation key %i',
    (_i, v) => {
      expect(bytesToHex(getConversationKey(hexToBytes(v.sec1), v.pub2))).toBe(v.conversation_key);
    },
  );
  it('message keys', () => {
    const ck = hexToBytes(official.valid.get_message_keys.conversation_key);
    for (const k of official.valid.get_message_keys.keys) {
      const keys = getMessageKeys(ck, hexToBytes(k.nonce));
      expect(bytesToHex(keys.chachaKey)).toBe(k.chacha_key);
      expect(bytesToHex(keys.chachaNonce)).toBe(k.chacha_nonce);
      expect(bytesToHex(keys.hmacKey)).toBe(k.hmac_key);
    }
  });
  it('padded lengths', () => {
    for (const [len, padded] of official.valid.calc_padded_len)
      expect(calcPaddedLen(len)).toBe(padded);
  });
  it.each(official.valid.encrypt_decrypt.map((v, i) => [i, v] as const))(
    'encrypt/decrypt %i',
    (_i, v) => {
      const sec1 = hexToBytes(v.sec1);
      const sec2 = hexToBytes(v.sec2);
      const ck = getConversationKey(sec1, getPublicKey(sec2));
      expect(bytesToHex(ck)).toBe(v.conversation_key);
      expect(nip44Encrypt(v.plaintext, ck, hexToBytes(v.nonce))).toBe(v.payload);
      expect(nip44Decrypt(v.payload, ck)).toBe(v.plaintext);
      expect(nip44DecryptFrom(sec2, getPublicKey(sec1), v.payload)).toBe(v.plaintext);
    },
  );
  it.each(official.valid.encrypt_decrypt_long_msg.map((v, i) => [i, v] as const))(
    'long message %i',
    (_i, v) => {
      const plaintext = v.pattern!.repeat(v.repeat);
      expect(bytesToHex(sha256(utf8.encode(plaintext)))).toBe(v.plaintext_sha256);
      const ck = hexToBytes(v.conversation_key);
      const payload = nip44Encrypt(plaintext, ck, hexToBytes(v.nonce));
      expect(bytesToHex(sha256(utf8.encode(payload)))).toBe(v.payload_sha256);
      expect(nip44Decrypt(payload, ck)).toBe(plaintext);
    },
  );
  it('refuses plaintexts outside 1..65535 bytes', () => {
    const ck = new Uint8Array(32).fill(1);
    for (const len of official.invalid.encrypt_msg_lengths) {
      expect(() => nip44Encrypt('a'.repeat(len), ck)).toThrow(Nip44Error);
    }
  });
  it.each(official.invalid.get_conversation_key.map((v) => [v.note, v] as const))(
    'invalid key: %s',
    (_n, v) => {
      expect(() => getConversationKey(hexToBytes(v.sec1), v.pub2)).toThrow();
    },
  );
  it.each(
    [...official.invalid.decrypt, ...variant.invalid.decrypt].map((v) => [v.note, v] as const),
  )('invalid decrypt: %s', (_n, v) => {
    expect(() => nip44Decrypt(v.payload, hexToBytes(v.conversation_key))).toThrow(Nip44Error);
  });
  it('refuses payloads outside 132..87472 characters (variant decrypt_msg_lengths)', () => {
    const ck = new Uint8Array(32).fill(1);
    for (const len of variant.invalid.decrypt_msg_lengths!) {
      expect(() => nip44Decrypt('A'.repeat(len), ck)).toThrow(Nip44Error);
    }
    expect(() => nip44Decrypt('A'.repeat(87473), ck)).toThrow('invalid payload length: 87473');
    expect(() => nip44Decrypt('A'.repeat(131), ck)).toThrow('invalid payload length: 131');
  });
  it('the variant long message (ф x 65535) round-trips at the payload limit', () => {
    const v = variant.valid.encrypt_decrypt_long_msg[0]!;
    const plaintext = v.letter!.repeat(v.repeat);
    const ck = hexToBytes(v.conversation_key);
    // 2 bytes per letter: 131070 bytes is over the 65535-byte limit, so it must be refused.
    expect(() => nip44Encrypt(plaintext, ck, hexToBytes(v.nonce))).toThrow(Nip44Error);
    const max = 'x'.repeat(65535);
    const payload = nip44Encrypt(max, ck, hexToBytes(v.nonce));
    expect(payload.length).toBe(87472);
    expect(nip44Decrypt(payload, ck)).toBe(max);
    expect(nip44Encrypt('a', ck).length).toBe(132);
  });
  it('nip44EncryptTo takes a given nonce (vector payloads byte for byte)', () => {
    for (const v of official.valid.encrypt_decrypt) {
      const sec1 = hexToBytes(v.sec1);
      const pub2 = getPublicKey(hexToBytes(v.sec2));
      expect(nip44EncryptTo(sec1, pub2, v.plaintext, hexToBytes(v.nonce))).toBe(v.payload);
    }
    const ck = new Uint8Array(32).fill(1);
    expect(() => nip44Encrypt('a', ck, new Uint8Array(31))).toThrow('invalid nonce length');
  });
  it('round-trips arbitrary text between two keys', () => {
    const a = hexToBytes('aa'.repeat(32));
    const b = hexToBytes('bb'.repeat(32));
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300, unit: 'binary' }), (text) => {
        expect(nip44DecryptFrom(b, getPublicKey(a), nip44EncryptTo(a, getPublicKey(b), text))).toBe(
          text,
        );
      }),
      { numRuns: 200 },
    );
  });
});
