import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateSecretKey, getPublicKey } from '../src/event.ts';
import { nip04Encrypt } from '../src/nip04.ts';
import {
  bunkerUrl,
  nip46Event,
  nostrConnectUri,
  openNip46Event,
  parseBunkerUrl,
  parseNostrConnectUri,
} from '../src/nip46.ts';
import { finalizeEvent } from '../src/event.ts';

const pk = 'fa984bd7dbb282f07e16e7ae87b26a2a7b9b90b7246a44771f0cf5ae58018f52';

describe('NIP-46 URIs', () => {
  it('parses bunker:// with several relays and a secret, and builds it back', () => {
    const url = `bunker://${pk}?relay=wss%3A%2F%2Frelay.one&relay=wss://relay.two/&secret=abc`;
    const p = parseBunkerUrl(url);
    expect(p).toEqual({
      remotePubkey: pk,
      relays: ['wss://relay.one', 'wss://relay.two/'],
      secret: 'abc',
    });
    expect(parseBunkerUrl(bunkerUrl(p))).toEqual(p);
  });

  it('refuses bunker URLs without a hex key or a relay', () => {
    expect(() => parseBunkerUrl('bunker://npub1xyz?relay=wss://r')).toThrow(/hex public key/);
    expect(() => parseBunkerUrl(`bunker://${pk}`)).toThrow(/relay/);
    expect(() => parseBunkerUrl(`bunker://${pk}?relay=https://not-a-relay`)).toThrow(/relay/);
    expect(() => parseBunkerUrl(`nostrconnect://${pk}?relay=wss://r`)).toThrow(/bunker/);
  });

  it('builds and parses nostrconnect:// (the example of the NIP)', () => {
    const uri = nostrConnectUri({
      clientPubkey: pk,
      relays: ['wss://relay1.example.com', 'wss://relay2.example2.com'],
      secret: '0s8j2djs',
      perms: ['nip44_encrypt', 'sign_event:1'],
      name: 'My Client',
    });
    expect(uri.startsWith(`nostrconnect://${pk}?relay=wss%3A%2F%2Frelay1.example.com`)).toBe(true);
    expect(parseNostrConnectUri(uri)).toEqual({
      clientPubkey: pk,
      relays: ['wss://relay1.example.com', 'wss://relay2.example2.com'],
      secret: '0s8j2djs',
      perms: ['nip44_encrypt', 'sign_event:1'],
      name: 'My Client',
    });
    expect(() => parseNostrConnectUri(`nostrconnect://${pk}?relay=wss://r`)).toThrow(/secret/);
  });

  it('never throws anything but a Nip46Error on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        for (const parse of [parseBunkerUrl, parseNostrConnectUri]) {
          try {
            parse(s);
          } catch (e) {
            expect((e as Error).name).toBe('Nip46Error');
          }
        }
      }),
    );
  });
});

describe('NIP-46 messages', () => {
  it('round-trips requests and responses through NIP-44, and reads NIP-04 ones', () => {
    const client = generateSecretKey();
    const signer = generateSecretKey();
    const req = { id: 'r1', method: 'sign_event', params: ['{"kind":1}'] };
    const e = nip46Event(client, getPublicKey(signer), req);
    expect(e.kind).toBe(24133);
    expect(e.tags).toEqual([['p', getPublicKey(signer)]]);
    expect(e.content).not.toContain('sign_event');
    expect(openNip46Event(signer, e)).toEqual(req);
    const res = { id: 'r1', result: 'pong' };
    expect(openNip46Event(client, nip46Event(signer, getPublicKey(client), res))).toEqual(res);
    const old = finalizeEvent(
      {
        kind: 24133,
        created_at: 1,
        tags: [['p', getPublicKey(client)]],
        content: nip04Encrypt(
          signer,
          getPublicKey(client),
          JSON.stringify({ id: 'x', error: 'no' }),
        ),
      },
      signer,
    );
    expect(openNip46Event(client, old)).toEqual({ id: 'x', error: 'no' });
  });

  it('returns null for what it cannot read', () => {
    const client = generateSecretKey();
    const stranger = generateSecretKey();
    const e = nip46Event(stranger, getPublicKey(generateSecretKey()), { id: '1', result: 'x' });
    expect(openNip46Event(client, e)).toBeNull();
    const junk = finalizeEvent(
      {
        kind: 24133,
        created_at: 1,
        tags: [],
        content: nip04Encrypt(stranger, getPublicKey(client), '{"no":"id"}'),
      },
      stranger,
    );
    expect(openNip46Event(client, junk)).toBeNull();
  });
});
