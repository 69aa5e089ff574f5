import fc from 'fast-check';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  decodeNostrUri,
  nip19,
  Nip19Error,
  parseSecretKey,
  toNostrUri,
  tryDecodeNostrUri,
} from '../src/index.ts';
import type { Nip19Entity } from '../src/index.ts';
import { readJson } from './vectors.ts';

interface Valid {
  bech32: string;
  type: string;
  data: unknown;
  reencoded_by_nostr_tools: string;
}
interface Invalid {
  bech32: string;
  type_prefix: string;
  note?: string;
}
const file = readJson<{ valid: Valid[]; invalid: Invalid[] }>('nip19.json');

function plain(entity: Nip19Entity): unknown {
  return entity.type === 'nsec' ? bytesToHex(entity.data) : entity.data;
}

function withDefaults(data: unknown): unknown {
  if (typeof data === 'object' && data !== null && !('relays' in data))
    return { ...data, relays: [] };
  return data;
}

describe('NIP-19 vectors (nip19.json)', () => {
  it('has 57 valid and 13 invalid strings', () => {
    expect(file.valid).toHaveLength(57);
    expect(file.invalid).toHaveLength(13);
  });
  it.each(file.valid.map((v) => [v.bech32.slice(0, 24), v] as const))('decodes %s', (_s, v) => {
    const entity = nip19.decode(v.bech32);
    expect(entity.type).toBe(v.type);
    expect(plain(entity)).toEqual(withDefaults(v.data));
    expect(nip19.encode(entity)).toBe(v.reencoded_by_nostr_tools);
  });
  it.each(file.invalid.map((v) => [v.bech32.slice(0, 24), v] as const))('rejects %s', (_s, v) => {
    expect(() => nip19.decode(v.bech32)).toThrow(Nip19Error);
    expect(nip19.tryDecode(v.bech32)).toBeUndefined();
  });
  it('errors carry a code', () => {
    const err = (() => {
      try {
        nip19.decode('nevent1qq5v4rkz');
      } catch (e) {
        return e as Nip19Error;
      }
    })();
    expect(err?.code).toBe('bad-tlv');
    expect(() => nip19.decode('hello')).toThrow(expect.objectContaining({ code: 'not-bech32' }));
    const foo = 'foo1' + nip19.npubEncode('f'.repeat(64)).slice(5);
    expect(() => nip19.decode(foo)).toThrow(Nip19Error);
  });
});

describe('nrelay and NIP-21', () => {
  it('round-trips nrelay', () => {
    const s = nip19.nrelayEncode('wss://relay.example.com');
    expect(s.startsWith('nrelay1')).toBe(true);
    expect(nip19.decode(s)).toEqual({ type: 'nrelay', data: 'wss://relay.example.com' });
  });
  it('decodes nostr: URIs and refuses nsec', () => {
    const npub = file.valid.find((v) => v.type === 'npub')!;
    expect(decodeNostrUri(`nostr:${npub.bech32}`)).toEqual({ type: 'npub', data: npub.data });
    expect(toNostrUri(npub.bech32)).toBe(`nostr:${npub.bech32}`);
    const nsec = file.valid.find((v) => v.type === 'nsec')!;
    expect(() => decodeNostrUri(`nostr:${nsec.bech32}`)).toThrow(Nip19Error);
    expect(tryDecodeNostrUri(npub.bech32)).toBeUndefined();
  });
});

describe('parseSecretKey', () => {
  const nsec = file.valid.find((v) => v.type === 'nsec')!;
  it('accepts an nsec, trimmed', () => {
    expect(bytesToHex(parseSecretKey(`  ${nsec.bech32}\n`))).toBe(nsec.data);
  });
  it('refuses everything else with invalid-nsec', () => {
    const npub = file.valid.find((v) => v.type === 'npub')!;
    for (const bad of [
      npub.bech32,
      nsec.data as string,
      '',
      'nsec1',
      nsec.bech32.slice(0, -1) + 'q',
      // Well-formed nsecs of keys no one can sign with: zero, and above the curve order.
      nip19.nsecEncode(new Uint8Array(32)),
      nip19.nsecEncode(new Uint8Array(32).fill(255)),
    ]) {
      expect(() => parseSecretKey(bad)).toThrow(expect.objectContaining({ code: 'invalid-nsec' }));
    }
  });
});

const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex);
const relay = fc.webUrl().map((u) => u.replace(/^https?/, 'wss'));
const entity: fc.Arbitrary<Nip19Entity> = fc.oneof(
  hex32.map((data) => ({ type: 'npub' as const, data })),
  hex32.map((data) => ({ type: 'note' as const, data })),
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((data) => ({ type: 'nsec' as const, data })),
  fc.record({ pubkey: hex32, relays: fc.array(relay, { maxLength: 3 }) }).map((data) => ({
    type: 'nprofile' as const,
    data,
  })),
  fc
    .record(
      {
        id: hex32,
        relays: fc.array(relay, { maxLength: 3 }),
        author: hex32,
        kind: fc.nat({ max: 0xffffffff }),
      },
      { requiredKeys: ['id', 'relays'] },
    )
    .map((data) => ({ type: 'nevent' as const, data })),
  fc
    .record({
      identifier: fc.string({ maxLength: 60, unit: 'grapheme' }),
      pubkey: hex32,
      kind: fc.nat({ max: 0xffffffff }),
      relays: fc.array(relay, { maxLength: 3 }),
    })
    .map((data) => ({ type: 'naddr' as const, data })),
  relay.map((data) => ({ type: 'nrelay' as const, data })),
);

describe('NIP-19 properties', () => {
  it('decode(encode(x)) equals x', () => {
    fc.assert(
      fc.property(entity, (e) => {
        expect(nip19.decode(nip19.encode(e))).toEqual(e);
      }),
      { numRuns: 500 },
    );
  });
  it('decode never throws anything but Nip19Error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          entity.map((e) => nip19.encode(e).slice(0, -3) + 'qqq'),
        ),
        (s) => {
          try {
            nip19.decode(s);
          } catch (err) {
            expect(err).toBeInstanceOf(Nip19Error);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
