import { isHex64, nip19, parseThreadRefs, type NostrEvent } from '@swell/nostr';

const NOSTR_NOTE = /nostr:(note1[02-9ac-hj-np-z]+|nevent1[02-9ac-hj-np-z]+)/g;
const MEDIA_URL = /https?:\/\/\S+\.(?:jpe?g|png|gif|webp|avif|svg|mp4|mov|webm|m3u8)(?:\?\S*)?/i;

function contentNoteIds(content: string): string[] {
  const ids: string[] = [];
  for (const m of content.matchAll(NOSTR_NOTE)) {
    try {
      const d = nip19.decode(m[1]!);
      if (d.type === 'note') ids.push(d.data);
      else if (d.type === 'nevent') ids.push(d.data.id);
    } catch {
      // Not a valid bech32 string: plain text.
    }
  }
  return ids;
}

/**
 * Notes an event quotes: mention-marked e-tags, q-tags and `nostr:note`/`nevent` links in the
 * content, minus the notes it replies to.
 */
export function quotedEventIds(event: NostrEvent): string[] {
  const refs = parseThreadRefs(event);
  const out = new Set<string>(refs.mentionedNotes);
  for (const id of contentNoteIds(event.content)) out.add(id);
  if (refs.reply) out.delete(refs.reply);
  if (refs.root) out.delete(refs.root);
  out.delete(event.id);
  return [...out].filter(isHex64);
}

/** Distinct p-tagged pubkeys of an event. */
export function taggedPubkeys(event: NostrEvent): string[] {
  const out = new Set<string>();
  for (const t of event.tags) if (t[0] === 'p' && isHex64(t[1])) out.add(t[1]);
  return [...out];
}

/** True when a note links an image or a video. */
export function hasMedia(content: string): boolean {
  return MEDIA_URL.test(content);
}

/** The e-tag a reaction points at (NIP-25: the last one). */
export function lastTagValue(event: NostrEvent, name: string): string | undefined {
  for (let i = event.tags.length - 1; i >= 0; i--) {
    const t = event.tags[i]!;
    if (t[0] === name && typeof t[1] === 'string') return t[1];
  }
  return undefined;
}
