import { hexToBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';

// nprofile, nevent and naddr with their TLV entries lowest type first. @swell/nostr's encoders
// (used here for npub and note) write the highest type first, as nostr-tools does: both decode to
// the same pointer, but switching would change the bytes of the published demo network from the
// first reference on (ids, signatures, zap invoices after it). Kept until that change is wanted.

const utf8 = new TextEncoder();

function tlv(entries: Array<[number, Uint8Array]>): Uint8Array {
  const parts: number[] = [];
  for (const [type, value] of entries) {
    if (value.length > 255) throw new Error('TLV value too long');
    parts.push(type, value.length, ...value);
  }
  return Uint8Array.from(parts);
}

function kindBytes(kind: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, kind);
  return b;
}

const encode = (prefix: string, data: Uint8Array) =>
  bech32.encode(prefix, bech32.toWords(data), false);

export function nprofile(pubkey: string, relays: string[] = []): string {
  return encode(
    'nprofile',
    tlv([[0, hexToBytes(pubkey)], ...relays.map((r): [number, Uint8Array] => [1, utf8.encode(r)])]),
  );
}

export function nevent(
  id: string,
  opts: { relays?: string[]; author?: string; kind?: number } = {},
): string {
  const entries: Array<[number, Uint8Array]> = [[0, hexToBytes(id)]];
  for (const r of opts.relays ?? []) entries.push([1, utf8.encode(r)]);
  if (opts.author) entries.push([2, hexToBytes(opts.author)]);
  if (opts.kind !== undefined) entries.push([3, kindBytes(opts.kind)]);
  return encode('nevent', tlv(entries));
}

export function naddr(a: {
  identifier: string;
  pubkey: string;
  kind: number;
  relays?: string[];
}): string {
  const entries: Array<[number, Uint8Array]> = [[0, utf8.encode(a.identifier)]];
  for (const r of a.relays ?? []) entries.push([1, utf8.encode(r)]);
  entries.push([2, hexToBytes(a.pubkey)], [3, kindBytes(a.kind)]);
  return encode('naddr', tlv(entries));
}
