import { finalizeEvent } from './event.ts';
import { isHex64 } from './hex.ts';
import { isNip04Payload, nip04Decrypt } from './nip04.ts';
import { nip44DecryptFrom, nip44EncryptTo } from './nip44.ts';
import type { NostrEvent } from './types.ts';

/**
 * NIP-46 (Nostr Remote Signing), the pure parts: connection URIs and the encrypted JSON-RPC
 * messages of kind 24133. Messages are NIP-44 encrypted; NIP-04 is still read (older signers).
 */
export const NIP46_KIND = 24133;

export class Nip46Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Nip46Error';
  }
}

/** `bunker://<remote-signer-pubkey>?relay=...&relay=...&secret=...` */
export interface BunkerPointer {
  remotePubkey: string;
  relays: string[];
  secret?: string;
}

/** `nostrconnect://<client-pubkey>?relay=...&secret=...&perms=...&name=...&url=...&image=...` */
export interface NostrConnectParams {
  clientPubkey: string;
  relays: string[];
  secret: string;
  perms?: string[];
  name?: string;
  url?: string;
  image?: string;
}

function relaysOf(params: URLSearchParams): string[] {
  const out: string[] = [];
  for (const r of params.getAll('relay')) {
    try {
      const u = new URL(r);
      if ((u.protocol === 'wss:' || u.protocol === 'ws:') && !out.includes(r)) out.push(r);
    } catch {
      // not a relay URL: skipped
    }
  }
  return out;
}

/** Splits `scheme://<hex>?query` without relying on URL parsing of custom schemes. */
function split(text: string, scheme: string): { key: string; params: URLSearchParams } {
  const t = typeof text === 'string' ? text.trim() : '';
  if (!t.toLowerCase().startsWith(`${scheme}://`)) {
    throw new Nip46Error(`not a ${scheme}:// URI`);
  }
  const rest = t.slice(scheme.length + 3);
  const q = rest.indexOf('?');
  const key = (q >= 0 ? rest.slice(0, q) : rest).replace(/\/$/, '').toLowerCase();
  if (!isHex64(key)) throw new Nip46Error(`${scheme}:// needs a hex public key`);
  return { key, params: new URLSearchParams(q >= 0 ? rest.slice(q + 1) : '') };
}

export function parseBunkerUrl(text: string): BunkerPointer {
  const { key, params } = split(text, 'bunker');
  const relays = relaysOf(params);
  if (relays.length === 0) throw new Nip46Error('bunker:// needs at least one relay');
  const secret = params.get('secret');
  return { remotePubkey: key, relays, ...(secret ? { secret } : {}) };
}

export function bunkerUrl(p: BunkerPointer): string {
  const q = new URLSearchParams();
  for (const r of p.relays) q.append('relay', r);
  if (p.secret) q.set('secret', p.secret);
  return `bunker://${p.remotePubkey}?${q.toString()}`;
}

export function nostrConnectUri(p: NostrConnectParams): string {
  const q = new URLSearchParams();
  for (const r of p.relays) q.append('relay', r);
  q.set('secret', p.secret);
  if (p.perms?.length) q.set('perms', p.perms.join(','));
  if (p.name) q.set('name', p.name);
  if (p.url) q.set('url', p.url);
  if (p.image) q.set('image', p.image);
  return `nostrconnect://${p.clientPubkey}?${q.toString()}`;
}

export function parseNostrConnectUri(text: string): NostrConnectParams {
  const { key, params } = split(text, 'nostrconnect');
  const relays = relaysOf(params);
  if (relays.length === 0) throw new Nip46Error('nostrconnect:// needs at least one relay');
  const secret = params.get('secret');
  if (!secret) throw new Nip46Error('nostrconnect:// needs a secret');
  const perms = params.get('perms');
  const out: NostrConnectParams = { clientPubkey: key, relays, secret };
  if (perms) out.perms = perms.split(',').filter(Boolean);
  for (const k of ['name', 'url', 'image'] as const) {
    const v = params.get(k);
    if (v) out[k] = v;
  }
  return out;
}

export interface Nip46Request {
  id: string;
  method: string;
  params: string[];
}

export interface Nip46Response {
  id: string;
  result?: string;
  error?: string;
}

export type Nip46Message = Nip46Request | Nip46Response;

export function isNip46Request(m: Nip46Message): m is Nip46Request {
  return typeof (m as Nip46Request).method === 'string';
}

/** A kind 24133 event carrying `message` from `secretKey` to `peer` (NIP-44 encrypted). */
export function nip46Event(
  secretKey: Uint8Array,
  peer: string,
  message: Nip46Message,
  createdAt = Math.floor(Date.now() / 1000),
): NostrEvent {
  return finalizeEvent(
    {
      kind: NIP46_KIND,
      created_at: createdAt,
      tags: [['p', peer]],
      content: nip44EncryptTo(secretKey, peer, JSON.stringify(message)),
    },
    secretKey,
  );
}

/**
 * Decrypts a kind 24133 event sent to `secretKey`'s owner. Returns null for anything that is not
 * a well-formed request or response (wrong kind, undecryptable, bad JSON, bad fields).
 */
export function openNip46Event(secretKey: Uint8Array, event: NostrEvent): Nip46Message | null {
  if (event.kind !== NIP46_KIND) return null;
  let text: string;
  try {
    text = isNip04Payload(event.content)
      ? nip04Decrypt(secretKey, event.pubkey, event.content)
      : nip44DecryptFrom(secretKey, event.pubkey, event.content);
  } catch {
    return null;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (typeof m.id !== 'string') return null;
  if (typeof m.method === 'string') {
    if (!Array.isArray(m.params) || !m.params.every((p) => typeof p === 'string')) return null;
    return { id: m.id, method: m.method, params: m.params as string[] };
  }
  const out: Nip46Response = { id: m.id };
  if (typeof m.result === 'string') out.result = m.result;
  if (typeof m.error === 'string') out.error = m.error;
  if (out.result === undefined && out.error === undefined) return null;
  return out;
}
