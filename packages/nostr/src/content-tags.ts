import { isHex64 } from './hex.ts';
import { tokenize } from './tokenizer/tokenize.ts';

/** A nostr: reference found in a text (NIP-21/27). */
export type ContentReference =
  | { type: 'profile'; pubkey: string; relay?: string }
  | { type: 'event'; id: string; author?: string; relay?: string }
  | { type: 'address'; coordinate: string; pubkey: string; relay?: string };

/**
 * The `nostr:` references of a text, in order of appearance, each once: profiles (npub,
 * nprofile), events (note, nevent) and addresses (naddr). Legacy `#[n]` mentions are not
 * references of a new text and are skipped. Never throws.
 */
export function contentReferences(content: string): ContentReference[] {
  const out: ContentReference[] = [];
  const seen = new Set<string>();
  const push = (key: string, ref: ContentReference) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(ref);
  };
  if (typeof content !== 'string' || !content.includes('nostr:')) return out;
  for (const segment of tokenize(content)) {
    if (segment.type !== 'mention' || segment.legacyIndex !== undefined) continue;
    const d = segment.decoded;
    if (d.type === 'npub') push(d.data, { type: 'profile', pubkey: d.data });
    else if (d.type === 'nprofile')
      push(d.data.pubkey, { type: 'profile', pubkey: d.data.pubkey, relay: d.data.relays?.[0] });
    else if (d.type === 'note') push(d.data, { type: 'event', id: d.data });
    else if (d.type === 'nevent')
      push(d.data.id, {
        type: 'event',
        id: d.data.id,
        author: isHex64(d.data.author) ? d.data.author : undefined,
        relay: d.data.relays?.[0],
      });
    else if (d.type === 'naddr') {
      const coordinate = `${d.data.kind}:${d.data.pubkey}:${d.data.identifier}`;
      push(coordinate, {
        type: 'address',
        coordinate,
        pubkey: d.data.pubkey,
        relay: d.data.relays?.[0],
      });
    }
  }
  return out;
}

/** `[name, value]` plus the relay hint when there is one (no trailing empty strings). */
export function withRelay(name: string, value: string, relay: string | undefined): string[] {
  return relay ? [name, value, relay] : [name, value];
}
