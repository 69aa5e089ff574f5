import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNoteId, parsePubkey, parseThreadTarget } from '@/lib/note-id.ts';

interface Vector {
  bech32: string;
  type: string;
  data: unknown;
}
const vectors = JSON.parse(
  readFileSync(new URL('./vectors/nip19.json', import.meta.url), 'utf8'),
) as {
  valid: Vector[];
  invalid: { bech32: string }[];
};

describe('route ids (thread: note, nevent, hex; profile: npub, nprofile, hex)', () => {
  it('decodes the NIP-19 vectors to the ids the routes need', () => {
    let checked = 0;
    for (const v of vectors.valid) {
      if (v.type === 'note') expect(parseNoteId(v.bech32)).toBe(v.data);
      else if (v.type === 'nevent')
        expect(parseNoteId(v.bech32)).toBe((v.data as { id: string }).id);
      else if (v.type === 'npub') expect(parsePubkey(v.bech32)).toBe(v.data);
      else if (v.type === 'nprofile')
        expect(parsePubkey(v.bech32)).toBe((v.data as { pubkey: string }).pubkey);
      else if (v.type === 'naddr') {
        const d = v.data as { pubkey: string; identifier: string; kind: number };
        expect(parseThreadTarget(v.bech32)).toEqual({ type: 'address', ...pick(d) });
      } else continue;
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
  it('accepts hex and nostr: forms, refuses the rest', () => {
    const hex = 'b9f5441e45ca39179320e0031cfb18e34078673dcc3d3e3a3b3a981760aa5696';
    expect(parseNoteId(hex.toUpperCase())).toBe(hex);
    expect(parseThreadTarget(hex)).toEqual({ type: 'event', id: hex });
    const npub = vectors.valid.find((v) => v.type === 'npub')!;
    expect(parsePubkey(`nostr:${npub.bech32}`)).toBe(npub.data);
    // An npub is not a note, a note is not a profile, an nsec is neither.
    expect(parseNoteId(npub.bech32)).toBeUndefined();
    const nsec = vectors.valid.find((v) => v.type === 'nsec')!;
    expect(parseNoteId(nsec.bech32)).toBeUndefined();
    expect(parsePubkey(nsec.bech32)).toBeUndefined();
    for (const bad of ['', 'abc', hex.slice(1), 'note1xyz'])
      expect(parseThreadTarget(bad)).toBeUndefined();
    for (const v of vectors.invalid) {
      expect(parseNoteId(v.bech32)).toBeUndefined();
      expect(parsePubkey(v.bech32)).toBeUndefined();
    }
  });
});

function pick(d: { pubkey: string; identifier: string; kind: number }) {
  return { pubkey: d.pubkey, identifier: d.identifier, kind: d.kind };
}
