import { Kind } from './kinds.ts';
import { naddrEncode } from './nip19.ts';
import { eventCoordinate, getDTag, getTagValue, getTagValues } from './tags.ts';
import type { NostrEvent } from './types.ts';

/** A long-form article (kind 30023) as the reads screens show it (client-spec section 3). */
export interface Article {
  id: string;
  pubkey: string;
  identifier: string;
  title: string;
  summary: string;
  image: string;
  /** Topics from the t-tags. */
  topics: string[];
  /** Unix seconds: the published_at (or published) tag, else created_at. */
  published: number;
  created_at: number;
  content: string;
  naddr: string;
  /** `kind:pubkey:identifier`. */
  coordinate: string;
  wordCount: number;
  client: string;
  event: NostrEvent;
}

const WORD = /[\p{L}\p{N}]/u;

/** Words of a text: whitespace-separated runs that hold at least one letter or digit. */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) if (WORD.test(token)) count++;
  return count;
}

/** Reading speed of an article's reading time (the reference client's 238 words a minute). */
export const WORDS_PER_MINUTE = 238;

/**
 * Minutes to read `words` words, as the Reads cards show them: rounded to the nearest minute
 * and at least 1 for any text; 0 for none.
 */
export function readingMinutes(words: number): number {
  if (!Number.isFinite(words) || words <= 0) return 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

function timestamp(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,12}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  // Some clients write milliseconds.
  return n > 1e11 ? Math.floor(n / 1000) : n;
}

/**
 * When an article was first published (NIP-23 `published_at`, some clients' `published`), in
 * unix seconds; its `created_at` when it carries neither.
 */
export function articlePublishedAt(event: Pick<NostrEvent, 'tags' | 'created_at'>): number {
  return (
    timestamp(getTagValue(event, 'published_at')) ??
    timestamp(getTagValue(event, 'published')) ??
    event.created_at
  );
}

/** Reads a kind 30023 event. Returns undefined for other kinds. Never throws. */
export function parseArticle(event: NostrEvent): Article | undefined {
  if (event.kind !== Kind.LongForm) return undefined;
  try {
    const identifier = getDTag(event);
    const published = articlePublishedAt(event);
    return {
      id: event.id,
      pubkey: event.pubkey,
      identifier,
      title: getTagValue(event, 'title') ?? '',
      summary: getTagValue(event, 'summary') ?? '',
      image: getTagValue(event, 'image') ?? '',
      topics: [...new Set(getTagValues(event, 't'))],
      published,
      created_at: event.created_at,
      content: event.content,
      naddr: naddrEncode({ kind: event.kind, pubkey: event.pubkey, identifier }),
      coordinate: eventCoordinate(event),
      wordCount: countWords(event.content),
      client: getTagValue(event, 'client') ?? '',
      event,
    };
  } catch {
    return undefined;
  }
}
