import { threadRoot, type NostrEvent } from '@swell/nostr';

/**
 * What the user does not want to see (their mute list, public and private entries together,
 * plus the accounts of the filter lists they subscribed to for content): accounts, words,
 * hashtags and threads. Applied to every note the entity store hands out.
 */
export interface MuteRules {
  pubkeys: ReadonlySet<string>;
  /** Lower-case words or phrases, matched as whole words in the text of a note. */
  words: readonly string[];
  /** Lower-case hashtags without `#`. */
  hashtags: ReadonlySet<string>;
  /** Root note ids: the note and every note of its thread. */
  threads: ReadonlySet<string>;
}

export const noMuteRules: MuteRules = {
  pubkeys: new Set(),
  words: [],
  hashtags: new Set(),
  threads: new Set(),
};

/** Why a note is hidden (for a "muted" placeholder), or null. */
export type MuteReason = 'user' | 'word' | 'hashtag' | 'thread';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One compiled matcher for a set of rules (regular expressions built once per change). */
export class MuteMatcher {
  readonly rules: MuteRules;
  private readonly words: RegExp | null;
  private readonly hashtagText: RegExp | null;

  constructor(rules: MuteRules) {
    this.rules = rules;
    const words = rules.words.map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0);
    // Whole words: "art" hides "art fair", not "start".
    this.words =
      words.length > 0
        ? new RegExp(
            `(?<![\\p{L}\\p{N}_])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}_])`,
            'iu',
          )
        : null;
    const tags = [...rules.hashtags];
    this.hashtagText =
      tags.length > 0
        ? new RegExp(
            `(?<![\\p{L}\\p{N}_&])#(?:${tags.map(escape).join('|')})(?![\\p{L}\\p{N}_])`,
            'iu',
          )
        : null;
  }

  get empty(): boolean {
    const r = this.rules;
    return (
      r.pubkeys.size === 0 && r.words.length === 0 && r.hashtags.size === 0 && r.threads.size === 0
    );
  }

  /** Why `note` is muted (its author, a word, a hashtag, its thread), or null. */
  reason(note: Pick<NostrEvent, 'id' | 'pubkey' | 'kind' | 'tags' | 'content'>): MuteReason | null {
    const r = this.rules;
    if (r.pubkeys.has(note.pubkey)) return 'user';
    if (r.threads.size > 0) {
      if (r.threads.has(note.id)) return 'thread';
      const root = threadRoot(note);
      if (root && r.threads.has(root)) return 'thread';
    }
    if (r.hashtags.size > 0) {
      for (const t of note.tags) {
        if (t[0] === 't' && typeof t[1] === 'string' && r.hashtags.has(t[1].toLowerCase())) {
          return 'hashtag';
        }
      }
    }
    // A repost's content is the reposted event (JSON): its text is judged as the original.
    if (note.kind === 6 || note.kind === 16) return null;
    const text = textOf(note);
    if (this.hashtagText?.test(text)) return 'hashtag';
    if (this.words?.test(text)) return 'word';
    return null;
  }
}

/** The text a word or a hashtag is looked for in: content, and an article's title and summary. */
function textOf(note: Pick<NostrEvent, 'kind' | 'tags' | 'content'>): string {
  if (note.kind !== 30023) return note.content;
  const extra = note.tags
    .filter((t) => (t[0] === 'title' || t[0] === 'summary') && typeof t[1] === 'string')
    .map((t) => t[1]);
  return [...extra, note.content].join('\n');
}
