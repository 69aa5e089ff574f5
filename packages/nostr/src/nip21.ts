import { decode, Nip19Error, tryDecode } from './nip19.ts';
import type { Nip19Entity } from './nip19.ts';

/** A decoded `nostr:` URI (NIP-21). Secret keys are never accepted in URIs. */
export type NostrUriEntity = Exclude<Nip19Entity, { type: 'nsec' }>;

const PREFIX = /^nostr:/i;

/** Decodes `nostr:<bech32>`; throws Nip19Error (nsec and non-nostr URIs are refused). */
export function decodeNostrUri(uri: string): NostrUriEntity {
  if (typeof uri !== 'string' || !PREFIX.test(uri)) {
    throw new Nip19Error('invalid-input', 'not a nostr: URI');
  }
  const entity = decode(uri.replace(PREFIX, ''));
  if (entity.type === 'nsec')
    throw new Nip19Error('invalid-input', 'nostr: URIs must not carry an nsec');
  return entity;
}

/** Like `decodeNostrUri`, but returns undefined instead of throwing. */
export function tryDecodeNostrUri(uri: string): NostrUriEntity | undefined {
  try {
    return decodeNostrUri(uri);
  } catch {
    return undefined;
  }
}

/** `nostr:` + the bech32 string (refuses nsec). */
export function toNostrUri(bech32: string): string {
  const entity = tryDecode(bech32);
  if (!entity) throw new Nip19Error('not-bech32', 'not a NIP-19 string');
  if (entity.type === 'nsec')
    throw new Nip19Error('invalid-input', 'nostr: URIs must not carry an nsec');
  return `nostr:${bech32.toLowerCase()}`;
}
