import {
  articleTemplate,
  getTagValue,
  Kind,
  parseArticle,
  type EventTemplate,
  type NostrEvent,
} from '@swell/nostr';

/** What the article editor edits. */
export interface ArticleFields {
  title: string;
  summary: string;
  image: string;
  /** As typed: topics separated by commas. */
  topics: string;
  body: string;
}

export const emptyArticle: ArticleFields = {
  title: '',
  summary: '',
  image: '',
  topics: '',
  body: '',
};

export const topicList = (topics: string): string[] =>
  topics
    .split(',')
    .map((t) => t.trim().replace(/^#+/, '').trim())
    .filter(Boolean);

/** The fields of a published article (to edit it). */
export function fieldsOfArticle(event: NostrEvent): ArticleFields {
  const a = parseArticle(event);
  return {
    title: a?.title ?? getTagValue(event, 'title') ?? '',
    summary: a?.summary ?? '',
    image: a?.image ?? '',
    topics: (a?.topics ?? []).join(', '),
    body: event.content,
  };
}

/**
 * The draft of an article (NIP-37: the unsigned event as it would be published): title, summary,
 * image and `t` tags, and the `d` of the article it edits, if any.
 */
export function articleDraft(f: ArticleFields, createdAt: number, editing?: string): EventTemplate {
  const tags: string[][] = [];
  if (editing !== undefined) tags.push(['d', editing]);
  tags.push(['title', f.title]);
  if (f.summary) tags.push(['summary', f.summary]);
  if (f.image) tags.push(['image', f.image]);
  for (const t of topicList(f.topics)) tags.push(['t', t.toLowerCase()]);
  return { kind: Kind.LongForm, created_at: createdAt, tags, content: f.body };
}

/** The fields of an article draft, and the `d` of the article it edits (if any). */
export function fieldsOfDraft(draft: EventTemplate): { fields: ArticleFields; editing?: string } {
  const tag = (name: string) => draft.tags.find((t) => t[0] === name)?.[1] ?? '';
  const fields: ArticleFields = {
    title: tag('title'),
    summary: tag('summary'),
    image: tag('image'),
    topics: draft.tags
      .filter((t) => t[0] === 't' && t[1])
      .map((t) => t[1])
      .join(', '),
    body: draft.content,
  };
  const d = draft.tags.find((t) => t[0] === 'd')?.[1];
  return d === undefined ? { fields } : { fields, editing: d };
}

/** The kind 30023 of the fields: a new article under `identifier`, or an edit of `previous`. */
export function articleOfFields(
  f: ArticleFields,
  opts: { createdAt: number; author: string; identifier?: string; previous?: NostrEvent },
): EventTemplate {
  return articleTemplate(
    {
      title: f.title,
      content: f.body,
      summary: f.summary,
      image: f.image,
      topics: topicList(f.topics),
      createdAt: opts.createdAt,
      author: opts.author,
      ...(opts.identifier !== undefined ? { identifier: opts.identifier } : {}),
    },
    opts.previous,
  );
}

export const sameFields = (a: ArticleFields, b: ArticleFields): boolean =>
  a.title === b.title &&
  a.summary === b.summary &&
  a.image === b.image &&
  a.topics === b.topics &&
  a.body === b.body;
