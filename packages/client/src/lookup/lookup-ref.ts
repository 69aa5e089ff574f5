import { isHex64, nip19, type NostrEvent } from '@swell/nostr';
import { normalizeRelayUrl } from '../relay/relay-url.ts';

/**
 * What the outbox lookup can find: a note by id, a profile (kind 0) by pubkey, or an addressable
 * event (an article) by coordinate. `relays` are where the reference says it lives (the hints of
 * a nevent/nprofile/naddr, or the third element of an e/p/q/a tag); `author` (notes) lets the
 * lookup ask the author's write relays (NIP-65).
 */
export type LookupRef =
  | { type: 'note'; id: string; author?: string; kind?: number; relays?: string[] }
  | { type: 'profile'; pubkey: string; relays?: string[] }
  | { type: 'address'; kind: number; pubkey: string; identifier: string; relays?: string[] };

/** One key per thing looked up (the relays do not change what it is). */
export function lookupKey(ref: LookupRef): string {
  switch (ref.type) {
    case 'note':
      return `note:${ref.id}`;
    case 'profile':
      return `profile:${ref.pubkey}`;
    case 'address':
      return `address:${ref.kind}:${ref.pubkey}:${ref.identifier}`;
  }
}

/** The author a lookup can ask for write relays, if known. */
export function refAuthor(ref: LookupRef): string | undefined {
  return ref.type === 'note' ? ref.author : ref.pubkey;
}

/** Valid, normalised, unique relay URLs. */
export function cleanRelays(urls: Iterable<string | undefined>): string[] {
  const out: string[] = [];
  for (const u of urls) {
    const n = u ? normalizeRelayUrl(u) : undefined;
    if (n && !out.includes(n)) out.push(n);
  }
  return out;
}

/**
 * The lookup of a NIP-19 string (with or without `nostr:`): note, nevent (id, author, kind,
 * relays), npub, nprofile (pubkey, relays), naddr. Undefined for anything else or garbage.
 */
export function refFromNip19(value: string): LookupRef | undefined {
  let entity: nip19.Nip19Entity;
  try {
    entity = nip19.decode(value.trim().replace(/^nostr:/i, ''));
  } catch {
    return undefined;
  }
  switch (entity.type) {
    case 'note':
      return { type: 'note', id: entity.data };
    case 'nevent':
      return {
        type: 'note',
        id: entity.data.id,
        ...(entity.data.author ? { author: entity.data.author } : {}),
        ...(entity.data.kind !== undefined ? { kind: entity.data.kind } : {}),
        relays: cleanRelays(entity.data.relays ?? []),
      };
    case 'npub':
      return { type: 'profile', pubkey: entity.data };
    case 'nprofile':
      return {
        type: 'profile',
        pubkey: entity.data.pubkey,
        relays: cleanRelays(entity.data.relays ?? []),
      };
    case 'naddr':
      return {
        type: 'address',
        kind: entity.data.kind,
        pubkey: entity.data.pubkey,
        identifier: entity.data.identifier,
        relays: cleanRelays(entity.data.relays ?? []),
      };
    default:
      return undefined;
  }
}

/**
 * Relay hints an event gives for something it references: the third element of its e/q tags
 * naming that note id, p tags naming that pubkey, a tags naming that coordinate.
 */
export function tagHints(event: Pick<NostrEvent, 'tags'>, ref: LookupRef): string[] {
  const target =
    ref.type === 'note'
      ? ref.id
      : ref.type === 'profile'
        ? ref.pubkey
        : `${ref.kind}:${ref.pubkey}:${ref.identifier}`;
  const names = ref.type === 'note' ? ['e', 'q'] : ref.type === 'profile' ? ['p'] : ['a'];
  return cleanRelays(
    event.tags.filter((t) => names.includes(t[0] ?? '') && t[1] === target).map((t) => t[2]),
  );
}

/** The same reference with more relay hints (duplicates dropped, the given ones first). */
export function withRelays(ref: LookupRef, more: Iterable<string | undefined>): LookupRef {
  return { ...ref, relays: cleanRelays([...(ref.relays ?? []), ...more]) };
}

/** Whether a ref is well formed (hex ids and keys); a lookup of anything else is refused. */
export function isValidRef(ref: LookupRef): boolean {
  if (ref.type === 'note') return isHex64(ref.id) && (!ref.author || isHex64(ref.author));
  if (ref.type === 'profile') return isHex64(ref.pubkey);
  return isHex64(ref.pubkey) && Number.isInteger(ref.kind) && typeof ref.identifier === 'string';
}
