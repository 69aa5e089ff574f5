import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compressedLockKey,
  finalizeEvent,
  normalizeMintUrl,
  nutzapInfoTemplate,
  nutzapTemplate,
  parseNutzap,
  parseNutzapInfo,
  proofLockKey,
  type NostrEvent,
  type Nutzap,
} from '../src/index.ts';
import { readJsonl } from './vectors.ts';

const realEvents = readJsonl<NostrEvent>('real-events.jsonl');
const key = new Uint8Array(32).fill(7);

/** The proof of NIP-61's nutzap example (nostr-protocol/nips 61.md). */
const SPEC_PROOF =
  '{"amount":1,"C":"02277c66191736eb72fce9d975d08e3191f8f96afb73ab1eec37e4465683066d3f","id":"000a93d6f8a1d2c4","secret":"[\\"P2PK\\",{\\"nonce\\":\\"b00bdd0467b0090a25bdf2d2f0d45ac4e355c482c1418350f273a04fedaaee83\\",\\"data\\":\\"02eaee8939e3565e48cc62967e2fde9d8e2a4b3ec0081f29eceff5c64ef10ac1ed\\"}]"}';

describe('NIP-61 nutzap info (kind 10019)', () => {
  it('reads the NIP-61 example: relays, mints with their units, the lock key', () => {
    const x = 'eaee8939e3565e48cc62967e2fde9d8e2a4b3ec0081f29eceff5c64ef10ac1ed';
    const info = parseNutzapInfo({
      kind: 10019,
      tags: [
        ['relay', 'wss://relay1'],
        ['relay', 'wss://relay2'],
        ['mint', 'https://mint1', 'usd', 'sat'],
        ['mint', 'https://mint2', 'sat'],
        ['pubkey', x],
      ],
    });
    expect(info).toEqual({
      pubkey: `02${x}`,
      relays: ['wss://relay1', 'wss://relay2'],
      mints: [
        { url: 'https://mint1', units: ['usd', 'sat'] },
        { url: 'https://mint2', units: ['sat'] },
      ],
    });
  });

  it('reads the real 10019s: one with an x-only key; double-prefixed keys are refused', () => {
    const infos = realEvents.filter((e) => e.kind === 10019);
    expect(infos).toHaveLength(4);
    const read = new Map(infos.map((e) => [e.id.slice(0, 6), parseNutzapInfo(e)]));
    expect(read.get('1bdf90')).toEqual({
      pubkey: '029f25d3ca8a5e491a30198b5d45948b2fd39f50bddcbb980db8477523b2f03a1a',
      mints: [{ url: 'https://mint.coinos.io', units: [] }],
      relays: ['wss://relay.pri'],
    });
    // "02" + a compressed key (68 hex) and a 132-hex key: no usable lock key.
    for (const id of ['f96f67', '468c77', '6a2771']) expect(read.get(id)).toBeUndefined();
  });

  it('writes what it reads back', () => {
    const info = {
      pubkey: compressedLockKey('03' + 'ab'.repeat(32))!,
      mints: [{ url: 'https://mint.example/cashu', units: ['sat'] }],
      relays: ['wss://relay.example'],
    };
    expect(parseNutzapInfo(nutzapInfoTemplate(info, 1))).toEqual(info);
  });

  it('normalizes mint URLs the way both sides compare them', () => {
    expect(normalizeMintUrl('HTTPS://Mint.Example/path/')).toBe('https://mint.example/path');
    expect(normalizeMintUrl('https://mint.example/?x=1#y')).toBe('https://mint.example');
    expect(normalizeMintUrl('ftp://mint.example')).toBeUndefined();
    expect(normalizeMintUrl('not a url')).toBeUndefined();
  });
});

describe('NIP-61 nutzaps (kind 9321)', () => {
  it('reads the NIP-61 example nutzap', () => {
    const event = finalizeEvent(
      {
        kind: 9321,
        created_at: 1_700_000_000,
        content: 'Thanks for this great idea.',
        tags: [
          ['proof', SPEC_PROOF],
          ['unit', 'sat'],
          ['u', 'https://stablenut.umint.cash'],
          ['e', 'ab'.repeat(32), 'wss://relay.example'],
          ['k', '1'],
          ['p', 'e9fbced3a42dcf551486650cc752ab354347dd413b307484e4fd1818ab53f991'],
        ],
      },
      key,
    );
    const nutzap = parseNutzap(event) as Nutzap;
    expect(nutzap).toMatchObject({
      recipient: 'e9fbced3a42dcf551486650cc752ab354347dd413b307484e4fd1818ab53f991',
      mint: 'https://stablenut.umint.cash',
      unit: 'sat',
      amount: 1,
      eventId: 'ab'.repeat(32),
      targetKind: 1,
      comment: 'Thanks for this great idea.',
    });
    expect(proofLockKey(nutzap.proofs[0]!.secret)).toBe(
      '02eaee8939e3565e48cc62967e2fde9d8e2a4b3ec0081f29eceff5c64ef10ac1ed',
    );
  });

  it('refuses the malformed nutzaps of the NDK test vectors, saying why', () => {
    const nutzaps = realEvents.filter((e) => e.kind === 9321);
    expect(nutzaps).toHaveLength(12);
    const reasons = nutzaps.map((e) => (parseNutzap(e) as { error?: string }).error);
    expect(reasons.every((r) => typeof r === 'string')).toBe(true);
    const byId = new Map(nutzaps.map((e, i) => [e.id.slice(0, 6), reasons[i]]));
    expect(byId.get('580e82')).toBe('a nutzap carries proofs');
    expect(byId.get('b377c9')).toBe('a nutzap names one recipient');
    expect(byId.get('f84b22')).toBe('a nutzap names its mint');
  });

  it('round-trips what it writes and refuses a wrong amount tag', () => {
    const proof = JSON.parse(SPEC_PROOF) as Nutzap['proofs'][number];
    const draft = {
      recipient: 'cd'.repeat(32),
      mint: 'https://mint.example',
      proofs: [proof, { ...proof, secret: proof.secret.replace('b00b', 'c00c'), amount: 2 }],
      eventId: 'ef'.repeat(32),
      targetKind: 1,
      comment: 'zap',
    };
    const event = finalizeEvent(nutzapTemplate(draft, 1_700_000_000), key);
    expect(parseNutzap(event)).toMatchObject({ amount: 3, eventId: draft.eventId, unit: 'sat' });
    const lying = finalizeEvent(
      {
        ...nutzapTemplate(draft, 1_700_000_000),
        tags: nutzapTemplate(draft, 1).tags.map((t) => (t[0] === 'amount' ? ['amount', '21'] : t)),
      },
      key,
    );
    expect(parseNutzap(lying)).toEqual({ error: 'the amount tag is not the sum of the proofs' });
  });

  it('never throws on arbitrary tags', () => {
    const tag = fc.array(fc.oneof(fc.string(), fc.constantFrom('p', 'u', 'proof', 'amount')), {
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 12 }), fc.string(), (tags, content) => {
        const event = { id: '00'.repeat(32), pubkey: '11'.repeat(32), sig: '', created_at: 1 };
        parseNutzap({ ...event, kind: 9321, tags, content });
        parseNutzapInfo({ kind: 10019, tags });
      }),
    );
  });
});
