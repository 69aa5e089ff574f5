import { nip19, isHex64 } from '@swell/nostr';

/** A thread route id (note1…, nevent1… or hex) as a hex event id; undefined when invalid. */
export function parseNoteId(id: string | undefined): string | undefined {
  if (!id) return undefined;
  const raw = id.startsWith('nostr:') ? id.slice(6) : id;
  if (isHex64(raw.toLowerCase())) return raw.toLowerCase();
  try {
    const e = nip19.decode(raw);
    if (e.type === 'note') return e.data;
    if (e.type === 'nevent') return e.data.id;
  } catch {
    return undefined;
  }
  return undefined;
}

/** A profile route id (npub1…, nprofile1… or hex) as a hex pubkey; undefined when invalid. */
export function parsePubkey(id: string | undefined): string | undefined {
  if (!id) return undefined;
  const raw = id.startsWith('nostr:') ? id.slice(6) : id;
  if (isHex64(raw.toLowerCase())) return raw.toLowerCase();
  try {
    const e = nip19.decode(raw);
    if (e.type === 'npub') return e.data;
    if (e.type === 'nprofile') return e.data.pubkey;
  } catch {
    return undefined;
  }
  return undefined;
}

/** What a thread route points at: an event id, or an address (long-form). */
export type ThreadTarget =
  | { type: 'event'; id: string }
  | { type: 'address'; pubkey: string; identifier: string; kind: number };

export function parseThreadTarget(id: string | undefined): ThreadTarget | undefined {
  const hex = parseNoteId(id);
  if (hex) return { type: 'event', id: hex };
  try {
    const e = nip19.decode((id ?? '').replace(/^nostr:/, ''));
    if (e.type === 'naddr')
      return {
        type: 'address',
        pubkey: e.data.pubkey,
        identifier: e.data.identifier,
        kind: e.data.kind,
      };
  } catch {
    return undefined;
  }
  return undefined;
}
