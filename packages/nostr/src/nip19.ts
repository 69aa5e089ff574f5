import { bech32 } from '@scure/base';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { isHex64 } from './hex.ts';

/** A profile reference (nprofile). */
export interface ProfilePointer {
  pubkey: string;
  relays?: string[];
}

/** An event reference (nevent). */
export interface EventPointer {
  id: string;
  relays?: string[];
  author?: string;
  kind?: number;
}

/** An addressable-event reference (naddr). */
export interface AddressPointer {
  identifier: string;
  pubkey: string;
  kind: number;
  relays?: string[];
}

/** Every NIP-19 entity, discriminated by its bech32 prefix. */
export type Nip19Entity =
  | { type: 'npub'; data: string }
  | { type: 'nsec'; data: Uint8Array }
  | { type: 'note'; data: string }
  | { type: 'nprofile'; data: ProfilePointer }
  | { type: 'nevent'; data: EventPointer }
  | { type: 'naddr'; data: AddressPointer }
  | { type: 'nrelay'; data: string };

export type Nip19Type = Nip19Entity['type'];

export const NIP19_TYPES: readonly Nip19Type[] = [
  'npub',
  'nsec',
  'note',
  'nprofile',
  'nevent',
  'naddr',
  'nrelay',
];

/** Why a NIP-19 string could not be decoded or encoded. */
export type Nip19ErrorCode =
  | 'not-bech32'
  | 'unknown-prefix'
  | 'bad-length'
  | 'bad-tlv'
  | 'missing-field'
  | 'invalid-input'
  | 'invalid-nsec';

export class Nip19Error extends Error {
  readonly code: Nip19ErrorCode;
  constructor(code: Nip19ErrorCode, message: string) {
    super(message);
    this.name = 'Nip19Error';
    this.code = code;
  }
}

/** Longest string we decode (the NIP-19 TLV forms exceed BIP-173's 90 characters). */
export const BECH32_MAX_LENGTH = 5000;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

// ---- encoding ------------------------------------------------------------------------------

function encodeBytes(prefix: string, bytes: Uint8Array): string {
  return bech32.encode(prefix, bech32.toWords(bytes), BECH32_MAX_LENGTH);
}

function hex32(value: string, field: string): Uint8Array {
  if (!isHex64(value)) throw new Nip19Error('invalid-input', `${field} must be 64 lowercase hex`);
  return hexToBytes(value);
}

type Tlv = Map<number, Uint8Array[]>;

function encodeTlv(tlv: Tlv): Uint8Array {
  const parts: number[] = [];
  // Highest type first, the order nostr-tools writes, so our output matches theirs.
  for (const type of [...tlv.keys()].sort((a, b) => b - a)) {
    for (const value of tlv.get(type)!) {
      if (value.length > 255)
        throw new Nip19Error('invalid-input', `TLV ${type} is longer than 255 bytes`);
      parts.push(type, value.length, ...value);
    }
  }
  return Uint8Array.from(parts);
}

function relayValues(relays: string[] | undefined): Uint8Array[] {
  return (relays ?? []).map((r) => utf8Encoder.encode(r));
}

function kindBytes(kind: number): Uint8Array {
  if (!Number.isInteger(kind) || kind < 0 || kind > 0xffffffff) {
    throw new Nip19Error('invalid-input', 'kind must be an unsigned 32-bit integer');
  }
  return Uint8Array.of((kind >>> 24) & 255, (kind >>> 16) & 255, (kind >>> 8) & 255, kind & 255);
}

/** Encodes any NIP-19 entity. Throws Nip19Error on invalid input. */
export function encode(entity: Nip19Entity): string {
  switch (entity.type) {
    case 'npub':
      return encodeBytes('npub', hex32(entity.data, 'pubkey'));
    case 'note':
      return encodeBytes('note', hex32(entity.data, 'id'));
    case 'nsec':
      if (!(entity.data instanceof Uint8Array) || entity.data.length !== 32) {
        throw new Nip19Error('invalid-input', 'secret key must be 32 bytes');
      }
      return encodeBytes('nsec', entity.data);
    case 'nprofile': {
      const tlv: Tlv = new Map([
        [0, [hex32(entity.data.pubkey, 'pubkey')]],
        [1, relayValues(entity.data.relays)],
      ]);
      return encodeBytes('nprofile', encodeTlv(tlv));
    }
    case 'nevent': {
      const { id, relays, author, kind } = entity.data;
      const tlv: Tlv = new Map([
        [0, [hex32(id, 'id')]],
        [1, relayValues(relays)],
      ]);
      if (author !== undefined) tlv.set(2, [hex32(author, 'author')]);
      if (kind !== undefined) tlv.set(3, [kindBytes(kind)]);
      return encodeBytes('nevent', encodeTlv(tlv));
    }
    case 'naddr': {
      const { identifier, pubkey, kind, relays } = entity.data;
      if (typeof identifier !== 'string')
        throw new Nip19Error('invalid-input', 'identifier must be a string');
      const tlv: Tlv = new Map([
        [0, [utf8Encoder.encode(identifier)]],
        [1, relayValues(relays)],
        [2, [hex32(pubkey, 'pubkey')]],
        [3, [kindBytes(kind)]],
      ]);
      return encodeBytes('naddr', encodeTlv(tlv));
    }
    case 'nrelay':
      return encodeBytes('nrelay', encodeTlv(new Map([[0, [utf8Encoder.encode(entity.data)]]])));
    default:
      throw new Nip19Error('unknown-prefix', 'unknown NIP-19 type');
  }
}

export const npubEncode = (pubkey: string): string => encode({ type: 'npub', data: pubkey });
export const noteEncode = (id: string): string => encode({ type: 'note', data: id });
export const nsecEncode = (secretKey: Uint8Array): string =>
  encode({ type: 'nsec', data: secretKey });
export const nprofileEncode = (p: ProfilePointer): string => encode({ type: 'nprofile', data: p });
export const neventEncode = (p: EventPointer): string => encode({ type: 'nevent', data: p });
export const naddrEncode = (p: AddressPointer): string => encode({ type: 'naddr', data: p });
export const nrelayEncode = (url: string): string => encode({ type: 'nrelay', data: url });

// ---- decoding ------------------------------------------------------------------------------

function parseTlv(bytes: Uint8Array): Tlv {
  const tlv: Tlv = new Map();
  let i = 0;
  while (i < bytes.length) {
    if (i + 2 > bytes.length) throw new Nip19Error('bad-tlv', 'not enough data to read TLV');
    const type = bytes[i]!;
    const length = bytes[i + 1]!;
    const value = bytes.slice(i + 2, i + 2 + length);
    if (value.length < length)
      throw new Nip19Error('bad-tlv', `not enough data to read TLV ${type}`);
    i += 2 + length;
    const list = tlv.get(type) ?? [];
    list.push(value);
    tlv.set(type, list);
  }
  return tlv;
}

function text(bytes: Uint8Array, what: string): string {
  try {
    return utf8Decoder.decode(bytes);
  } catch {
    throw new Nip19Error('bad-tlv', `${what} is not UTF-8`);
  }
}

function required32(tlv: Tlv, type: number, what: string): string {
  const value = tlv.get(type)?.[0];
  if (!value) throw new Nip19Error('missing-field', `missing TLV ${type} (${what})`);
  if (value.length !== 32) throw new Nip19Error('bad-tlv', `TLV ${type} should be 32 bytes`);
  return bytesToHex(value);
}

function optional32(tlv: Tlv, type: number): string | undefined {
  const value = tlv.get(type)?.[0];
  if (!value) return undefined;
  if (value.length !== 32) throw new Nip19Error('bad-tlv', `TLV ${type} should be 32 bytes`);
  return bytesToHex(value);
}

function kindOf(tlv: Tlv): number | undefined {
  const value = tlv.get(3)?.[0];
  if (!value) return undefined;
  if (value.length !== 4) throw new Nip19Error('bad-tlv', 'TLV 3 should be 4 bytes');
  return ((value[0]! << 24) | (value[1]! << 16) | (value[2]! << 8) | value[3]!) >>> 0;
}

function relaysOf(tlv: Tlv): string[] {
  return (tlv.get(1) ?? []).map((r) => text(r, 'relay'));
}

function fixed32(prefix: string, bytes: Uint8Array): Uint8Array {
  if (bytes.length !== 32) throw new Nip19Error('bad-length', `${prefix} must hold 32 bytes`);
  return bytes;
}

/**
 * Decodes a NIP-19 string (npub, nsec, note, nprofile, nevent, naddr, nrelay). Throws
 * Nip19Error with a code saying what is wrong.
 */
export function decode(input: string): Nip19Entity {
  if (typeof input !== 'string') throw new Nip19Error('not-bech32', 'input must be a string');
  let prefix: string;
  let bytes: Uint8Array;
  try {
    const decoded = bech32.decode(input, BECH32_MAX_LENGTH);
    prefix = decoded.prefix.toLowerCase();
    bytes = bech32.fromWords(decoded.words);
  } catch (err) {
    throw new Nip19Error('not-bech32', `not a valid bech32 string: ${(err as Error).message}`);
  }
  switch (prefix) {
    case 'npub':
      return { type: 'npub', data: bytesToHex(fixed32(prefix, bytes)) };
    case 'note':
      return { type: 'note', data: bytesToHex(fixed32(prefix, bytes)) };
    case 'nsec':
      return { type: 'nsec', data: fixed32(prefix, bytes) };
    case 'nprofile': {
      const tlv = parseTlv(bytes);
      return {
        type: 'nprofile',
        data: { pubkey: required32(tlv, 0, 'pubkey'), relays: relaysOf(tlv) },
      };
    }
    case 'nevent': {
      const tlv = parseTlv(bytes);
      const data: EventPointer = { id: required32(tlv, 0, 'id'), relays: relaysOf(tlv) };
      const author = optional32(tlv, 2);
      const kind = kindOf(tlv);
      if (author !== undefined) data.author = author;
      if (kind !== undefined) data.kind = kind;
      return { type: 'nevent', data };
    }
    case 'naddr': {
      const tlv = parseTlv(bytes);
      const identifier = tlv.get(0)?.[0];
      if (!identifier) throw new Nip19Error('missing-field', 'missing TLV 0 (identifier)');
      const kind = kindOf(tlv);
      if (kind === undefined) throw new Nip19Error('missing-field', 'missing TLV 3 (kind)');
      return {
        type: 'naddr',
        data: {
          identifier: text(identifier, 'identifier'),
          pubkey: required32(tlv, 2, 'author'),
          kind,
          relays: relaysOf(tlv),
        },
      };
    }
    case 'nrelay': {
      const tlv = parseTlv(bytes);
      const url = tlv.get(0)?.[0];
      if (!url) throw new Nip19Error('missing-field', 'missing TLV 0 (relay)');
      return { type: 'nrelay', data: text(url, 'relay') };
    }
    default:
      throw new Nip19Error('unknown-prefix', `unknown NIP-19 prefix '${prefix}'`);
  }
}

/** Like `decode`, but returns undefined instead of throwing. */
export function tryDecode(input: string): Nip19Entity | undefined {
  try {
    return decode(input);
  } catch {
    return undefined;
  }
}

/** The hex pubkey of an npub or nprofile, or undefined. */
export function pubkeyFromNip19(input: string): string | undefined {
  const entity = tryDecode(input);
  if (entity?.type === 'npub') return entity.data;
  if (entity?.type === 'nprofile') return entity.data.pubkey;
  return undefined;
}
