import { articlePublishedAt } from './article.ts';
import { contentReferences, withRelay } from './content-tags.ts';
import { Kind } from './kinds.ts';
import { eventCoordinate, getDTag } from './tags.ts';
import type { EventTemplate, NostrEvent } from './types.ts';

/**
 * NIP-23 articles (kind 30023) as an editor writes them, and their unpublishing (NIP-09).
 * Pure: the caller signs and publishes the templates.
 */

/** Longest `d` an article gets from its title, in characters. */
export const MAX_SLUG_LENGTH = 80;

/**
 * A slug of a title: lower case, accents dropped, every run of characters that are neither
 * letters nor digits (of any script) one hyphen, at most MAX_SLUG_LENGTH characters, no hyphen
 * at either end. '' when the title has no letter or digit.
 */
export function articleSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return Array.from(words).slice(0, MAX_SLUG_LENGTH).join('').replace(/-+$/, '');
}

/**
 * The `d` of a new article: the slug of its title, with `-2`, `-3`, ... when the author already
 * has an article of that `d` (a second article of the same title must not replace the first);
 * `article-<now in base 36>` for a title without letters or digits.
 */
export function articleIdentifier(
  title: string,
  opts: { taken?: ReadonlySet<string>; now: number },
): string {
  const base = articleSlug(title) || `article-${Math.floor(opts.now).toString(36)}`;
  const taken = opts.taken ?? new Set<string>();
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface ArticleInput {
  title: string;
  /** Markdown (NIP-23: no hard line breaks, no HTML). */
  content: string;
  summary?: string;
  /** Header image URL. */
  image?: string;
  /** Topics, with or without '#': `t` tags in lower case, once each. */
  topics?: readonly string[];
  /** The `d` of a new article (see articleIdentifier); an edit keeps its previous `d`. */
  identifier?: string;
  /** Unix seconds. */
  createdAt: number;
  /** The author: never p-tagged for a mention of themselves. */
  author?: string;
}

/** Tags the editor writes; an edit replaces these and keeps the previous version's others. */
const MANAGED = new Set(['d', 'title', 'summary', 'image', 'published_at', 'published', 't']);
/** Tags derived from the content's nostr: references, rebuilt on every edit. */
const REFERENCES = new Set(['p', 'e', 'a', 'q']);

function topicTags(topics: readonly string[]): string[][] {
  const out: string[] = [];
  for (const raw of topics) {
    const topic = raw.trim().replace(/^#+/, '').trim().toLowerCase();
    if (topic && !out.includes(topic)) out.push(topic);
  }
  return out.map((t) => ['t', t]);
}

/**
 * The kind 30023 template of a new article, or of an edit when `previous` (the published
 * version) is given: the edit keeps its `d` and its `published_at` (NIP-23: the first time it
 * was published), keeps the previous version's other tags (a zap split, a client tag, ...), and
 * is dated after it so that it replaces it. Title, summary, image and topics come from the
 * input; `p`, `e` and `a` tags from the content's nostr: references, as NIP-23's example tags
 * them. Throws when neither an identifier nor a previous version is given.
 */
export function articleTemplate(input: ArticleInput, previous?: NostrEvent): EventTemplate {
  const identifier = previous ? getDTag(previous) : input.identifier;
  if (identifier === undefined || (!previous && identifier === '')) {
    throw new Error('articleTemplate: a new article needs an identifier (articleIdentifier)');
  }
  const createdAt = previous
    ? Math.max(Math.floor(input.createdAt), previous.created_at + 1)
    : Math.floor(input.createdAt);
  const publishedAt = previous ? articlePublishedAt(previous) : createdAt;
  const tags: string[][] = [
    ['d', identifier],
    ['title', input.title.trim()],
  ];
  const summary = input.summary?.trim();
  if (summary) tags.push(['summary', summary]);
  const image = input.image?.trim();
  if (image) tags.push(['image', image]);
  tags.push(['published_at', String(publishedAt)]);
  tags.push(...topicTags(input.topics ?? []));
  if (previous) {
    for (const t of previous.tags) {
      if (t[0] !== undefined && !MANAGED.has(t[0]) && !REFERENCES.has(t[0])) tags.push([...t]);
    }
  }
  const seen = new Set<string>();
  const add = (tag: string[]) => {
    const key = `${tag[0]}:${tag[1]}`;
    if (seen.has(key)) return;
    seen.add(key);
    tags.push(tag);
  };
  for (const ref of contentReferences(input.content)) {
    if (ref.type === 'profile') {
      if (ref.pubkey !== input.author) add(withRelay('p', ref.pubkey, ref.relay));
    } else if (ref.type === 'event') {
      add(withRelay('e', ref.id, ref.relay));
    } else {
      add(withRelay('a', ref.coordinate, ref.relay));
    }
  }
  return { kind: Kind.LongForm, created_at: createdAt, tags, content: input.content };
}

/**
 * NIP-09 deletion of an article (unpublish): its address (`a`, every version up to the
 * deletion's time), the version at hand (`e`, for relays that delete by id only) and `k`. Dated
 * no earlier than the article, since an `a` deletion covers only versions up to its own time.
 */
export function unpublishTemplate(
  article: Pick<NostrEvent, 'id' | 'kind' | 'pubkey' | 'tags' | 'created_at'>,
  createdAt: number,
  reason = '',
): EventTemplate {
  return {
    kind: Kind.Deletion,
    created_at: Math.max(Math.floor(createdAt), article.created_at),
    tags: [
      ['e', article.id],
      ['a', eventCoordinate(article)],
      ['k', String(article.kind)],
    ],
    content: reason,
  };
}
