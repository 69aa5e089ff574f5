import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { Kind } from './kinds.ts';
import { getTagValue } from './tags.ts';
import type { EventTemplate, NostrEvent } from './types.ts';
import { checkEvent } from './validate.ts';

/** The token is valid for this many seconds either side of now (client-spec section 9). */
export const HTTP_AUTH_WINDOW_SECONDS = 60;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

function bodyBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? utf8Encoder.encode(body) : body;
}

/** Lowercase hex sha256 of a request body. */
export function payloadHash(body: string | Uint8Array): string {
  return bytesToHex(sha256(bodyBytes(body)));
}

/** An unsigned NIP-98 HTTP auth event (kind 27235) for a request. */
export function makeHttpAuth(params: {
  url: string;
  method: string;
  body?: string | Uint8Array;
  createdAt?: number;
}): EventTemplate {
  const tags = [
    ['u', params.url],
    ['method', params.method.toUpperCase()],
  ];
  if (params.body !== undefined && bodyBytes(params.body).length > 0)
    tags.push(['payload', payloadHash(params.body)]);
  return {
    kind: Kind.HttpAuth,
    created_at: params.createdAt ?? Math.floor(Date.now() / 1000),
    tags,
    content: '',
  };
}

/** The Authorization header value for a signed auth event: `Nostr <base64(json)>`. */
export function httpAuthHeader(event: NostrEvent): string {
  return `Nostr ${base64.encode(utf8Encoder.encode(JSON.stringify(event)))}`;
}

export interface HttpAuthRequest {
  url: string;
  method: string;
  /** The request body, when it has one. */
  body?: string | Uint8Array;
  /** Unix seconds; now by default. */
  now?: number;
}

export type HttpAuthResult =
  { ok: true; pubkey: string; event: NostrEvent } | { ok: false; reason: string };

function decodeHeader(header: string): unknown {
  const m = /^Nostr\s+(\S+)$/i.exec(header.trim());
  if (!m) throw new Error('Authorization header must be "Nostr <base64 event>"');
  return JSON.parse(utf8Decoder.decode(base64.decode(m[1]!)));
}

/**
 * Verifies a NIP-98 token (the Authorization header or the event itself) against a request:
 * valid signature, kind 27235, created_at within 60 s of now, matching url and method, and the
 * payload hash when a body exists. Never throws.
 */
export function verifyHttpAuth(token: string | unknown, request: HttpAuthRequest): HttpAuthResult {
  let input: unknown = token;
  if (typeof token === 'string') {
    try {
      input = decodeHeader(token);
    } catch (err) {
      return { ok: false, reason: `invalid auth header: ${(err as Error).message}` };
    }
  }
  const checked = checkEvent(input);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const event = checked.event;
  if (event.kind !== Kind.HttpAuth) return { ok: false, reason: 'auth event must be kind 27235' };
  const now = request.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - event.created_at) > HTTP_AUTH_WINDOW_SECONDS) {
    return { ok: false, reason: 'auth event is outside the 60 second window' };
  }
  if (getTagValue(event, 'u') !== request.url)
    return { ok: false, reason: 'auth url does not match' };
  if ((getTagValue(event, 'method') ?? '').toUpperCase() !== request.method.toUpperCase()) {
    return { ok: false, reason: 'auth method does not match' };
  }
  if (request.body !== undefined && bodyBytes(request.body).length > 0) {
    if (getTagValue(event, 'payload') !== payloadHash(request.body)) {
      return { ok: false, reason: 'auth payload hash does not match' };
    }
  }
  return { ok: true, pubkey: event.pubkey, event };
}
