import {
  extractHashtags,
  isHex64,
  nip19,
  threadRoot,
  tokenize,
  type NostrEvent,
} from '@swell/nostr';

/** Where a note or user is found (relay hints for tags); both optional. */
export interface TagHints {
  /** A relay where the note with this id can be found. */
  noteRelay?(id: string): string | undefined;
  /** The author of a note known only by id (for the p tag of a mention). */
  noteAuthor?(id: string): string | undefined;
}

export interface NoteDraftInput {
  /** The text as typed (mentions as `nostr:nprofile1...`, quotes as `nostr:nevent1...`). */
  content: string;
  /** The note answered (NIP-10 root/reply markers and p tags). */
  replyTo?: NostrEvent;
  /** The note quoted (NIP-18): a `q` tag, and its `nostr:nevent` link appended if missing. */
  quote?: NostrEvent;
  /** The author: never tagged in their own note's p tags. */
  author?: string;
  hints?: TagHints;
  /**
   * NIP-92 `imeta` tags of uploaded files (`["imeta", "url …", "m …", "x …", "dim WxH", …]`):
   * each whose URL is in the content is added (once per URL), so other clients reserve the
   * media's box and paint its blurhash; those whose URL is not in the text are left out.
   */
  media?: readonly (readonly string[])[];
}

type Tag = string[];

/** Adds a tag unless one with the same name and value is there. */
function add(tags: Tag[], tag: Tag): void {
  if (!tags.some((t) => t[0] === tag[0] && t[1] === tag[1])) tags.push(tag);
}

/** `nostr:nevent1...` of a note, with its author and a relay hint when known. */
export function neventUri(
  note: Pick<NostrEvent, 'id' | 'pubkey' | 'kind'>,
  relay?: string,
): string {
  return `nostr:${nip19.neventEncode({
    id: note.id,
    author: note.pubkey,
    kind: note.kind,
    ...(relay ? { relays: [relay] } : {}),
  })}`;
}

/**
 * The content and tags of a kind 1 note (new note, reply or quote):
 * - reply (NIP-10, marked e tags `["e", id, relay, marker, pubkey]`): a direct reply to a root
 *   has one `root` tag; a reply deeper in a thread has the thread's `root` and the parent as
 *   `reply`. p tags: the parent's author and every p tag of the parent;
 * - quote (NIP-18): `["q", id, relay, pubkey]` and the author's p tag; the quoted note's
 *   `nostr:nevent` is appended to the text unless it is already in it;
 * - `nostr:` references in the text: npub/nprofile -> p, note/nevent -> q (plus the author's
 *   p when known), naddr -> a (plus the author's p);
 * - hashtags -> t tags (lower case, once each).
 * The author's own key is never p-tagged.
 */
export function buildNote(input: NoteDraftInput): { content: string; tags: string[][] } {
  const hints = input.hints ?? {};
  const relayOf = (id: string) => hints.noteRelay?.(id) ?? '';
  const tags: Tag[] = [];
  const pTag = (pubkey: string | undefined, relay = '') => {
    if (pubkey && isHex64(pubkey) && pubkey !== input.author)
      add(tags, ['p', pubkey, ...(relay ? [relay] : [])]);
  };
  let content = input.content;

  const parent = input.replyTo;
  if (parent) {
    const rootId = threadRoot(parent);
    if (rootId && rootId !== parent.id) {
      const rootTag = parent.tags.find((t) => t[0] === 'e' && t[1] === rootId);
      const rootPubkey =
        rootTag?.[4] && isHex64(rootTag[4]) ? rootTag[4] : hints.noteAuthor?.(rootId);
      tags.push([
        'e',
        rootId,
        rootTag?.[2] || relayOf(rootId),
        'root',
        ...(rootPubkey ? [rootPubkey] : []),
      ]);
      tags.push(['e', parent.id, relayOf(parent.id), 'reply', parent.pubkey]);
    } else {
      tags.push(['e', parent.id, relayOf(parent.id), 'root', parent.pubkey]);
    }
    pTag(parent.pubkey);
    for (const t of parent.tags) if (t[0] === 'p') pTag(t[1], t[2] ?? '');
  }

  const quoted = input.quote;
  if (quoted) {
    add(tags, ['q', quoted.id, relayOf(quoted.id), quoted.pubkey]);
    pTag(quoted.pubkey);
    const linked = tokenize(content).some(
      (s) =>
        s.type === 'mention' &&
        ((s.decoded.type === 'note' && s.decoded.data === quoted.id) ||
          (s.decoded.type === 'nevent' && s.decoded.data.id === quoted.id)),
    );
    if (!linked) {
      const uri = neventUri(quoted, relayOf(quoted.id) || undefined);
      content = content.trimEnd() ? `${content.trimEnd()}\n\n${uri}` : uri;
    }
  }

  for (const s of tokenize(content)) {
    if (s.type !== 'mention' || s.legacyIndex !== undefined) continue;
    const d = s.decoded;
    if (d.type === 'npub') pTag(d.data);
    else if (d.type === 'nprofile') pTag(d.data.pubkey, d.data.relays?.[0] ?? '');
    else if (d.type === 'note') {
      add(tags, [
        'q',
        d.data,
        relayOf(d.data),
        ...(hints.noteAuthor?.(d.data) ? [hints.noteAuthor(d.data)!] : []),
      ]);
      pTag(hints.noteAuthor?.(d.data));
    } else if (d.type === 'nevent') {
      const author = d.data.author ?? hints.noteAuthor?.(d.data.id);
      add(tags, [
        'q',
        d.data.id,
        d.data.relays?.[0] ?? relayOf(d.data.id),
        ...(author ? [author] : []),
      ]);
      pTag(author);
    } else if (d.type === 'naddr') {
      const coord = `${d.data.kind}:${d.data.pubkey}:${d.data.identifier}`;
      add(tags, ['a', coord, d.data.relays?.[0] ?? '']);
      pTag(d.data.pubkey);
    }
  }

  for (const tag of extractHashtags(content)) add(tags, ['t', tag.toLowerCase()]);
  const imetaUrls = new Set<string>();
  for (const m of input.media ?? []) {
    const url = m[0] === 'imeta' ? m.find((p) => p.startsWith('url '))?.slice(4) : undefined;
    if (!url || imetaUrls.has(url) || !content.includes(url)) continue;
    imetaUrls.add(url);
    tags.push([...m]);
  }
  return { content, tags };
}
