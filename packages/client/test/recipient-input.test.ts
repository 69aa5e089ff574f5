import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nip19 } from '@swell/nostr';
import { parseRecipientInput } from '../src/dms/recipient-input.ts';

const pk = 'f'.repeat(63) + 'a';

describe('a new message recipient typed or pasted (issue 31)', () => {
  it('keys: npub, nprofile, hex, with or without nostr:', () => {
    const npub = nip19.npubEncode(pk);
    const nprofile = nip19.nprofileEncode({ pubkey: pk, relays: ['wss://r.example'] });
    for (const t of [npub, ` ${npub} `, `nostr:${npub}`, nprofile, `nostr:${nprofile}`, pk]) {
      expect(parseRecipientInput(t)).toEqual({ type: 'pubkey', pubkey: pk });
    }
    expect(parseRecipientInput(pk.toUpperCase())).toEqual({ type: 'pubkey', pubkey: pk });
  });

  it('NIP-05 addresses (ports too), names, and an npub that does not decode', () => {
    expect(parseRecipientInput('Alice@127.0.0.1:8080')).toEqual({
      type: 'nip05',
      address: 'alice@127.0.0.1:8080',
    });
    expect(parseRecipientInput('@bob')).toEqual({ type: 'name', query: 'bob' });
    expect(parseRecipientInput('Bob Builder')).toEqual({ type: 'name', query: 'Bob Builder' });
    expect(parseRecipientInput('npub1notakey')).toEqual({ type: 'name', query: 'npub1notakey' });
    expect(parseRecipientInput('   ')).toEqual({ type: 'empty' });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(['empty', 'pubkey', 'nip05', 'name']).toContain(parseRecipientInput(s).type);
      }),
    );
  });
});
