import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNwcUri, NwcUriError, parseNwcUri, tryParseNwcUri } from '../src/index.ts';

const vectors = JSON.parse(
  readFileSync(new URL('./vectors/nip47-connection-strings.json', import.meta.url), 'utf8'),
) as {
  cases: Array<
    | {
        connection_string: string;
        valid: true;
        parsed: { pubkey: string; relay: string; relays: string[]; secret: string };
      }
    | { connection_string: string; valid: false; error: string }
  >;
};

const pubkey = 'b889ff5b1513b641e2a139f661a661364979c5beee91842f8f0ef42ab558e9d4';
const secret = '71a8c14c1407c113601079c4302dab36460f0ccd0ad506f1f2dc73b5100e4f3c';
const relay = 'wss%3A%2F%2Frelay.damus.io';

describe('NWC connection strings (nip47-connection-strings.json)', () => {
  it.each(vectors.cases.map((c) => [c.connection_string, c] as const))('%s', (_s, c) => {
    if (c.valid) {
      expect(parseNwcUri(c.connection_string)).toEqual({
        walletPubkey: c.parsed.pubkey,
        relay: c.parsed.relay,
        relays: c.parsed.relays,
        secret: c.parsed.secret,
      });
    } else {
      expect(() => parseNwcUri(c.connection_string)).toThrow(NwcUriError);
    }
  });

  it('gives the reason for each invalid vector: no public key, no relay, no secret', () => {
    const reasons = vectors.cases
      .filter((c) => !c.valid)
      .map((c) => tryParseNwcUri(c.connection_string));
    expect(reasons).toEqual([
      {
        ok: false,
        problem: 'no_pubkey',
        reason: 'The wallet connection string has no wallet public key.',
      },
      { ok: false, problem: 'no_relay', reason: 'The wallet connection string has no relay.' },
      { ok: false, problem: 'no_secret', reason: 'The wallet connection string has no secret.' },
    ]);
  });
});

describe('parseNwcUri', () => {
  const problem = (text: string) => {
    const r = tryParseNwcUri(text);
    return r.ok ? 'ok' : r.problem;
  };

  it('says what is wrong with other strings', () => {
    expect(problem('')).toBe('not_nwc');
    expect(problem('https://example.com')).toBe('not_nwc');
    expect(problem(`nostr+walletconnect://abc?relay=${relay}&secret=${secret}`)).toBe('bad_pubkey');
    // 64 hex characters, but no point of the curve has this x.
    expect(problem(`nostr+walletconnect://${'f'.repeat(64)}?relay=${relay}&secret=${secret}`)).toBe(
      'bad_pubkey',
    );
    expect(problem(`nostr+walletconnect://${pubkey}?relay=https%3A%2F%2Fx&secret=${secret}`)).toBe(
      'bad_relay',
    );
    expect(problem(`nostr+walletconnect://${pubkey}?relay=&secret=${secret}`)).toBe('no_relay');
    expect(problem(`nostr+walletconnect://${pubkey}?relay=${relay}&secret=1234`)).toBe(
      'bad_secret',
    );
    // Zero is not a valid secp256k1 secret key.
    expect(problem(`nostr+walletconnect://${pubkey}?relay=${relay}&secret=${'0'.repeat(64)}`)).toBe(
      'bad_secret',
    );
  });

  it('accepts upper case, spaces around, the old scheme and a lud16', () => {
    const c = parseNwcUri(
      `  NOSTR+WALLETCONNECT://${pubkey.toUpperCase()}?relay=${relay}&secret=${secret.toUpperCase()}&lud16=me%40getalby.com `,
    );
    expect(c).toMatchObject({ walletPubkey: pubkey, secret, lud16: 'me@getalby.com' });
    expect(
      parseNwcUri(`nostrwalletconnect://${pubkey}?relay=${relay}&secret=${secret}`).relay,
    ).toBe('wss://relay.damus.io');
  });

  it('round-trips what formatNwcUri writes', () => {
    const hex = fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((b) => Buffer.from(b).toString('hex'));
    fc.assert(
      fc.property(
        hex,
        hex,
        fc.constantFrom('ws://127.0.0.1:8080/relay', 'wss://r.example'),
        (p, s, r) => {
          const result = tryParseNwcUri(formatNwcUri({ walletPubkey: p, relays: [r], secret: s }));
          if (result.ok)
            expect(result.connection).toEqual({
              walletPubkey: p,
              relays: [r],
              relay: r,
              secret: s,
            });
          // Random bytes: about half are no curve point's x; a few are out-of-range secrets.
          else expect(['bad_pubkey', 'bad_secret']).toContain(result.problem);
        },
      ),
    );
  });

  it('never throws anything but NwcUriError', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const text = `nostr+walletconnect://${s}`;
        try {
          parseNwcUri(text);
        } catch (err) {
          expect(err).toBeInstanceOf(NwcUriError);
        }
      }),
    );
  });
});
