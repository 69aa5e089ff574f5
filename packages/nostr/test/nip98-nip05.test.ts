import { describe, expect, it } from 'vitest';
import {
  finalizeEvent,
  formatNip05,
  httpAuthHeader,
  makeHttpAuth,
  parseNip05,
  payloadHash,
  queryNip05,
  verifyHttpAuth,
  verifyNip05,
} from '../src/index.ts';
import type { Nip05Fetch } from '../src/index.ts';
import { readJson } from './vectors.ts';

const sk = new Uint8Array(32).fill(11);
const url = 'https://swell.example/api/upload';

describe('NIP-98 HTTP auth', () => {
  const now = 1_700_000_000;
  const body = '{"a":1}';
  const event = finalizeEvent(makeHttpAuth({ url, method: 'post', body, createdAt: now }), sk);
  const header = httpAuthHeader(event);

  it('creates and verifies a token', () => {
    expect(event.tags).toEqual([
      ['u', url],
      ['method', 'POST'],
      ['payload', payloadHash(body)],
    ]);
    expect(verifyHttpAuth(header, { url, method: 'POST', body, now: now + 30 })).toEqual({
      ok: true,
      pubkey: event.pubkey,
      event,
    });
    expect(
      verifyHttpAuth(event, { url, method: 'post', body: new TextEncoder().encode(body), now }).ok,
    ).toBe(true);
  });
  it.each([
    [
      'an expired token',
      { url, method: 'POST', body, now: now + 61 },
      'outside the 60 second window',
    ],
    [
      'a future token',
      { url, method: 'POST', body, now: now - 61 },
      'outside the 60 second window',
    ],
    ['another url', { url: url + '2', method: 'POST', body, now }, 'url does not match'],
    ['another method', { url, method: 'GET', body, now }, 'method does not match'],
    ['another body', { url, method: 'POST', body: '{"a":2}', now }, 'payload hash does not match'],
  ] as const)('refuses %s', (_what, request, reason) => {
    const result = verifyHttpAuth(header, request);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
  it('refuses bad signatures, wrong kinds and garbage headers', () => {
    const forged = { ...event, sig: event.sig.replace(/.$/, event.sig.endsWith('0') ? '1' : '0') };
    expect(verifyHttpAuth(forged, { url, method: 'POST', body, now })).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    const note = finalizeEvent(
      { ...makeHttpAuth({ url, method: 'GET', createdAt: now }), kind: 1 },
      sk,
    );
    expect(verifyHttpAuth(note, { url, method: 'GET', now }).ok).toBe(false);
    expect(verifyHttpAuth('Nostr !!!', { url, method: 'GET', now }).ok).toBe(false);
    expect(verifyHttpAuth('Bearer abc', { url, method: 'GET', now }).ok).toBe(false);
    expect(verifyHttpAuth(null, { url, method: 'GET', now }).ok).toBe(false);
  });
  it('a GET without body needs no payload tag', () => {
    const get = finalizeEvent(makeHttpAuth({ url, method: 'GET', createdAt: now }), sk);
    expect(get.tags.some((t) => t[0] === 'payload')).toBe(false);
    expect(verifyHttpAuth(httpAuthHeader(get), { url, method: 'GET', now }).ok).toBe(true);
  });
});

interface Nip05File {
  spec_example: { metadata_event: { pubkey: string }; request_url: string; response: unknown };
  nostr_tools_regex_cases: { valid: string[]; invalid: string[] };
  nostr_tools_fetch_stub: {
    responses: Record<string, unknown>;
    queries: { input: string; pubkey: string; relays?: string[] }[];
  };
  go_nostr_parse_cases: {
    cases: { input: string; name?: string; domain?: string; error?: boolean }[];
  };
  primal_android_verification_cases: {
    cases: {
      identifier: string;
      response?: { names: Record<string, string> };
      http?: string;
      result: string;
    }[];
  };
  real_profile_identifiers: {
    items: { nip05: string; matches_nostr_tools_NIP05_REGEX: boolean }[];
  };
}
const nip05 = readJson<Nip05File>('nip05.json');

function stub(responses: Record<string, unknown>, seen: string[] = []): Nip05Fetch {
  return async (u) => {
    seen.push(u);
    if (!(u in responses)) return { ok: false, status: 404, json: async () => ({}) };
    return { ok: true, status: 200, json: async () => responses[u] };
  };
}

describe('NIP-05 (nip05.json)', () => {
  it('parses the go-nostr cases', () => {
    for (const c of nip05.go_nostr_parse_cases.cases) {
      if (c.error) expect(parseNip05(c.input), c.input).toBeUndefined();
      else expect(parseNip05(c.input)).toEqual({ name: c.name, domain: c.domain });
    }
  });
  it('parses the nostr-tools regex cases and the real identifiers', () => {
    for (const v of nip05.nostr_tools_regex_cases.valid) expect(parseNip05(v)).toBeDefined();
    for (const v of nip05.nostr_tools_regex_cases.invalid) expect(parseNip05(v)).toBeUndefined();
    for (const item of nip05.real_profile_identifiers.items) {
      expect(parseNip05(item.nip05) !== undefined, item.nip05).toBe(
        item.matches_nostr_tools_NIP05_REGEX,
      );
    }
    expect(formatNip05('_@bob.com')).toBe('bob.com');
    expect(formatNip05('Bob@Bob.com')).toBe('bob@bob.com');
  });
  it('verifies the spec example through an injected fetch', async () => {
    const { metadata_event, request_url, response } = nip05.spec_example;
    const seen: string[] = [];
    expect(
      await verifyNip05(
        'bob@example.com',
        metadata_event.pubkey,
        stub({ [request_url]: response }, seen),
      ),
    ).toBe('verified');
    expect(seen).toEqual([request_url]);
  });
  it('answers the nostr-tools queries with relays', async () => {
    const fetcher = stub(nip05.nostr_tools_fetch_stub.responses);
    for (const q of nip05.nostr_tools_fetch_stub.queries) {
      expect(await queryNip05(q.input, fetcher)).toEqual({
        pubkey: q.pubkey,
        relays: q.relays ?? [],
      });
    }
  });
  it('follows the Primal verification cases', async () => {
    const pubkey = 'a'.repeat(64);
    for (const c of nip05.primal_android_verification_cases.cases) {
      const fetcher: Nip05Fetch = async () => {
        if (c.http === 'failure') throw new Error('network down');
        const names = Object.fromEntries(
          Object.entries(c.response?.names ?? {}).map(([k, v]) => [
            k,
            v === '<pubkey>' ? pubkey : v,
          ]),
        );
        return { ok: true, status: 200, json: async () => ({ names }) };
      };
      expect(await verifyNip05(c.identifier, pubkey, fetcher), c.identifier).toBe(
        c.result.toLowerCase(),
      );
    }
  });
  it('reads only the names the server sent (no inherited object keys)', async () => {
    const pubkey = 'b'.repeat(64);
    const fetcher: Nip05Fetch = async () => ({
      ok: true,
      status: 200,
      json: async () => JSON.parse(`{"names":{"Constructor":"${pubkey}"}}`) as unknown,
    });
    expect(await queryNip05('constructor@example.com', fetcher)).toEqual({ pubkey, relays: [] });
    expect(await queryNip05('tostring@example.com', fetcher)).toBeUndefined();
  });
  it('an HTTP error is an error, a redirect is not followed', async () => {
    let init: unknown;
    const fetcher: Nip05Fetch = async (_u, i) => {
      init = i;
      return { ok: false, status: 301, json: async () => ({}) };
    };
    expect(await verifyNip05('bob@example.com', 'a'.repeat(64), fetcher)).toBe('error');
    expect(init).toEqual({ redirect: 'manual' });
  });
});
