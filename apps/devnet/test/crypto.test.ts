import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  getConversationKey,
  nip04Decrypt,
  nip04Encrypt,
  nip19 as nip19Encode,
  nip44Decrypt,
  nip44Encrypt,
} from '@swell/nostr';
import { conversationKey } from '../src/conversation-key.ts';
import { deriveSecretKey, publicKeyHex } from '../src/keys.ts';
import { naddr, nevent, nprofile } from '../src/nip19.ts';
import { Rng } from '../src/rng.ts';
import { decode } from 'nostr-tools/nip19';

const vectors = JSON.parse(
  readFileSync(new URL('./vectors/nip44.vectors.json', import.meta.url), 'utf8'),
) as {
  v2: {
    valid: {
      get_conversation_key: Array<{ sec1: string; pub2: string; conversation_key: string }>;
      encrypt_decrypt: Array<{
        sec1: string;
        sec2: string;
        conversation_key: string;
        nonce: string;
        plaintext: string;
        payload: string;
      }>;
    };
  };
};
const nip19 = JSON.parse(
  readFileSync(new URL('./vectors/nip19.json', import.meta.url), 'utf8'),
) as {
  valid: Array<{ bech32: string; type: string; data: unknown }>;
};
/** nostr-tools leaves out absent optional fields; the vectors may hold them as empty. */
function stripEmpty(d: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(d).filter(
      ([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

describe('NIP-44 v2 (official vectors)', () => {
  it('derives conversation keys', () => {
    for (const v of vectors.v2.valid.get_conversation_key) {
      expect(bytesToHex(conversationKey(hexToBytes(v.sec1), v.pub2))).toBe(v.conversation_key);
      expect(conversationKey(hexToBytes(v.sec1), v.pub2)).toEqual(
        getConversationKey(hexToBytes(v.sec1), v.pub2),
      );
    }
  });

  it('encrypts to the expected payload with a given nonce, and decrypts', () => {
    for (const v of vectors.v2.valid.encrypt_decrypt) {
      const key = conversationKey(hexToBytes(v.sec1), publicKeyHex(hexToBytes(v.sec2)));
      expect(bytesToHex(key)).toBe(v.conversation_key);
      expect(nip44Encrypt(v.plaintext, key, hexToBytes(v.nonce))).toBe(v.payload);
      expect(nip44Decrypt(v.payload, key)).toBe(v.plaintext);
    }
  });

  it('rejects a tampered payload', () => {
    const v = vectors.v2.valid.encrypt_decrypt[0]!;
    const key = hexToBytes(v.conversation_key);
    const bytes = Buffer.from(v.payload, 'base64');
    bytes[40] = bytes[40]! ^ 1;
    expect(() => nip44Decrypt(bytes.toString('base64'), key)).toThrow(/MAC/);
  });
});

describe('NIP-04', () => {
  it('round-trips between two keys and is deterministic for one IV', () => {
    const a = deriveSecretKey('test-a');
    const b = deriveSecretKey('test-b');
    const iv = new Uint8Array(16).fill(9);
    const payload = nip04Encrypt(a, publicKeyHex(b), 'hola ☕', iv);
    expect(payload).toMatch(/^[A-Za-z0-9+/=]+\?iv=[A-Za-z0-9+/=]+$/);
    expect(nip04Encrypt(a, publicKeyHex(b), 'hola ☕', iv)).toBe(payload);
    expect(nip04Decrypt(b, publicKeyHex(a), payload)).toBe('hola ☕');
  });
});

describe('NIP-19 encoders', () => {
  it('encode what nostr-tools decodes back to the NIP-19 vectors', () => {
    let checked = 0;
    for (const v of nip19.valid) {
      const d = v.data as Record<string, unknown>;
      let mine: string | undefined;
      if (v.type === 'npub') mine = nip19Encode.npubEncode(v.data as string);
      else if (v.type === 'nprofile')
        mine = nprofile(d.pubkey as string, (d.relays as string[]) ?? []);
      else if (v.type === 'nevent') {
        mine = nevent(d.id as string, {
          relays: (d.relays as string[]) ?? [],
          ...(d.author ? { author: d.author as string } : {}),
          ...(typeof d.kind === 'number' ? { kind: d.kind } : {}),
        });
      } else if (v.type === 'naddr') {
        mine = naddr({
          identifier: d.identifier as string,
          pubkey: d.pubkey as string,
          kind: d.kind as number,
          relays: (d.relays as string[]) ?? [],
        });
      }
      if (mine === undefined) continue;
      const decoded = decode(mine);
      expect(decoded.type).toBe(v.type);
      expect(decoded.data).toEqual(
        v.type === 'npub' ? v.data : expect.objectContaining(stripEmpty(d)),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('Rng', () => {
  it('repeats for one seed and differs between seeds', () => {
    const a = new Rng('x');
    const b = new Rng('x');
    const c = new Rng('y');
    const seqA = Array.from({ length: 50 }, () => a.nextUint32());
    expect(Array.from({ length: 50 }, () => b.nextUint32())).toEqual(seqA);
    expect(Array.from({ length: 50 }, () => c.nextUint32())).not.toEqual(seqA);
  });

  it('stays in range', () => {
    const r = new Rng('range');
    for (let i = 0; i < 2000; i++) {
      const n = r.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      expect(r.weighted([0, 1, 0])).toBe(1);
    }
  });
});
