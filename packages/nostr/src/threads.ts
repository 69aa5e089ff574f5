import { isHex64 } from './hex.ts';
import { Kind } from './kinds.ts';
import { tokenize } from './tokenizer/tokenize.ts';
import type { NostrEvent } from './types.ts';

type Tagged = Pick<NostrEvent, 'tags'>;
type TaggedWithContent = Tagged & { content?: string };

/** What an event refers to, per NIP-10 (markers, then the deprecated positional scheme). */
export interface ThreadRefs {
  /** The thread's root note id. */
  root?: string;
  /** The note this event answers. */
  reply?: string;
  /** Notes cited without being replied to (mention e-tags, q-tags, nostr: links in content). */
  mentionedNotes: string[];
  /** Pubkeys from p-tags and nostr: profile links in content. */
  mentionedUsers: string[];
  /** Long-form coordinates (`30023:pubkey:identifier`) from a/q-tags and naddr links. */
  mentionedArticles: string[];
}

interface ETag {
  id: string;
  marker: string;
}

function eTags(event: Tagged): ETag[] {
  const out: ETag[] = [];
  for (const tag of event.tags) {
    if (tag[0] === 'e' && isHex64(tag[1])) out.push({ id: tag[1], marker: tag[3] ?? '' });
  }
  return out;
}

function pick(tags: ETag[]): { root?: string; reply?: string } {
  const root = tags.find((t) => t.marker === 'root')?.id;
  const reply = tags.find((t) => t.marker === 'reply')?.id;
  // Positional (unmarked) e-tags: the first is the root, the last the replied-to note.
  const plain = tags.filter(
    (t) => t.marker !== 'mention' && t.marker !== 'root' && t.marker !== 'reply',
  );
  return {
    root: root ?? plain[0]?.id ?? reply,
    reply: reply ?? root ?? plain[plain.length - 1]?.id,
  };
}

/**
 * The note this event replies to (client-spec section 3): the e-tag marked reply, else the one
 * marked root, else the only or last e-tag that is not a mention.
 */
export function replyTo(event: Tagged): string | undefined {
  return pick(eTags(event)).reply;
}

/** The thread root: the e-tag marked root, else the first unmarked e-tag, else the reply. */
export function threadRoot(event: Tagged): string | undefined {
  return pick(eTags(event)).root;
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}

function addContentMentions(refs: ThreadRefs, event: TaggedWithContent): void {
  if (typeof event.content !== 'string' || !event.content.includes('nostr:')) return;
  for (const segment of tokenize(event.content, event.tags)) {
    if (segment.type !== 'mention' || segment.legacyIndex !== undefined) continue;
    const d = segment.decoded;
    if (d.type === 'npub') pushUnique(refs.mentionedUsers, d.data);
    else if (d.type === 'nprofile') pushUnique(refs.mentionedUsers, d.data.pubkey);
    else if (d.type === 'note') pushUnique(refs.mentionedNotes, d.data);
    else if (d.type === 'nevent') pushUnique(refs.mentionedNotes, d.data.id);
    else if (d.type === 'naddr' && d.data.kind === Kind.LongForm) {
      pushUnique(refs.mentionedArticles, `${d.data.kind}:${d.data.pubkey}:${d.data.identifier}`);
    }
  }
}

/**
 * Root, reply and everything mentioned: through tags and, when the event has content,
 * through nostr: links in it. The root and reply are not listed as mentioned notes.
 */
export function parseThreadRefs(event: TaggedWithContent): ThreadRefs {
  const tags = eTags(event);
  const { root, reply } = pick(tags);
  const refs: ThreadRefs = { mentionedNotes: [], mentionedUsers: [], mentionedArticles: [] };
  if (root) refs.root = root;
  if (reply) refs.reply = reply;
  for (const t of tags) if (t.marker === 'mention') pushUnique(refs.mentionedNotes, t.id);
  for (const tag of event.tags) {
    const value = tag[1];
    if (value === undefined) continue;
    if (tag[0] === 'q') {
      if (value.startsWith(`${Kind.LongForm}:`)) pushUnique(refs.mentionedArticles, value);
      else if (isHex64(value)) pushUnique(refs.mentionedNotes, value);
    } else if (tag[0] === 'p' && isHex64(value)) {
      pushUnique(refs.mentionedUsers, value);
    } else if (tag[0] === 'a' && value.startsWith(`${Kind.LongForm}:`)) {
      pushUnique(refs.mentionedArticles, value);
    }
  }
  addContentMentions(refs, event);
  refs.mentionedNotes = refs.mentionedNotes.filter((id) => id !== root && id !== reply);
  return refs;
}
