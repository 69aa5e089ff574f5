import { nip19, type NostrEvent } from '@swell/nostr';

const HEX64 = /^[0-9a-f]{64}$/;
const NOSTR_URI = /nostr:((?:note|nevent|naddr|npub|nprofile)1[02-9ac-hj-np-z]+)/g;

/** What a post refers to: event ids, coordinates and pubkeys, from tags and `nostr:` links. */
export interface ContentRefs {
  ids: string[];
  coordinates: string[];
  pubkeys: string[];
  /** Relay hints of referenced ids (from e/q tags or nevent). */
  hints: Record<string, string>;
}

/** Reads the references of an event (e, q, a tags and nostr: URIs in the content). */
export function contentRefs(event: NostrEvent, maxPubkeys = 30): ContentRefs {
  const ids = new Set<string>();
  const coordinates = new Set<string>();
  const pubkeys = new Set<string>();
  const hints: Record<string, string> = {};
  for (const t of event.tags) {
    const v = t[1];
    if (!v) continue;
    if ((t[0] === 'e' || t[0] === 'q') && HEX64.test(v)) {
      ids.add(v);
      if (t[2] && /^wss?:\/\//.test(t[2])) hints[v] = t[2];
    } else if ((t[0] === 'a' || t[0] === 'q') && /^\d+:[0-9a-f]{64}:/.test(v)) {
      coordinates.add(v);
    } else if (t[0] === 'p' && HEX64.test(v) && pubkeys.size < maxPubkeys) {
      pubkeys.add(v);
    }
  }
  if (event.content.includes('nostr:')) {
    for (const m of event.content.matchAll(NOSTR_URI)) {
      try {
        const d = nip19.decode(m[1]!);
        if (d.type === 'note') ids.add(d.data);
        else if (d.type === 'nevent') {
          ids.add(d.data.id);
          const relay = d.data.relays?.[0];
          if (relay) hints[d.data.id] = relay;
        } else if (d.type === 'naddr')
          coordinates.add(`${d.data.kind}:${d.data.pubkey}:${d.data.identifier}`);
        else if (d.type === 'npub') pubkeys.add(d.data);
        else if (d.type === 'nprofile') pubkeys.add(d.data.pubkey);
      } catch {
        // not a valid bech32 reference: plain text
      }
    }
  }
  if (event.kind === 6 || event.kind === 16) {
    // a repost with the original as content: nothing to fetch for it
    if (event.content.startsWith('{')) {
      try {
        const inner = JSON.parse(event.content) as { id?: unknown };
        if (typeof inner.id === 'string') ids.delete(inner.id);
      } catch {
        // empty or broken content: the e tag is fetched
      }
    }
  }
  return { ids: [...ids], coordinates: [...coordinates], pubkeys: [...pubkeys], hints };
}
