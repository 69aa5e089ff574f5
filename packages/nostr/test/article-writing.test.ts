import { describe, expect, it } from 'vitest';
import {
  articleIdentifier,
  articleSlug,
  articleTemplate,
  countWords,
  finalizeEvent,
  getPublicKey,
  nip19,
  parseArticle,
  readingMinutes,
  unpublishTemplate,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJson } from './vectors.ts';

const sk = new Uint8Array(32).fill(7);
const me = getPublicKey(sk);
const examples = readJson<{
  nip23: { article: { content: string; tags: string[][]; created_at: number } };
  nip09: { deletion_request: { kind: number; tags: string[][] } };
}>('nip-longform-examples.json');

describe('NIP-23 article identifiers', () => {
  it('slugs titles of any script, without accents or punctuation', () => {
    expect(articleSlug('Lorem Ipsum')).toBe('lorem-ipsum'); // NIP-23's example `d`
    expect(articleSlug('  Café, crème & “naïve” — résumé!  ')).toBe('cafe-creme-naive-resume');
    expect(articleSlug('読書の記録 2026')).toBe('読書の記録-2026');
    expect(articleSlug('한국어 제목')).toBe('한국어-제목');
    expect(articleSlug('Биткоин: первые шаги')).toBe('биткоин-первые-шаги');
    expect(articleSlug('🎉🎉')).toBe('');
    const long = articleSlug('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).not.toMatch(/-$/);
  });

  it('never reuses a d the author already has, and names a title without words by time', () => {
    expect(articleIdentifier('Soil', { now: 1 })).toBe('soil');
    expect(articleIdentifier('Soil', { now: 1, taken: new Set(['soil', 'soil-2']) })).toBe(
      'soil-3',
    );
    expect(articleIdentifier('!!!', { now: 1_800_000_000 })).toBe(
      `article-${(1_800_000_000).toString(36)}`,
    );
  });
});

describe('NIP-23 article templates', () => {
  const input = {
    title: ' Lorem Ipsum ',
    summary: 'What it is',
    image: 'https://img.example/header.jpg',
    topics: ['#Placeholder', 'placeholder', ' Latin '],
    createdAt: 1_700_000_000,
    author: me,
  };

  it("writes NIP-23's tags and the content's references as its example tags them", () => {
    const { content } = examples.nip23.article;
    const t = articleTemplate({ ...input, content, identifier: 'lorem-ipsum' });
    expect(t.kind).toBe(30023);
    expect(t.content).toBe(content);
    // The tags of the NIP's example event, from the same text (published_at: first publication)
    const example = examples.nip23.article.tags;
    expect(t.tags).toEqual([
      example[0], // d
      example[1], // title
      ['summary', 'What it is'],
      ['image', 'https://img.example/header.jpg'],
      ['published_at', '1700000000'],
      example[3], // t placeholder, once, lower case
      ['t', 'latin'],
      // the nevent and naddr links of the content: the example's e and a tags, relay hints too
      example[4],
      example[5],
    ]);
  });

  it('keeps d, published_at and foreign tags on an edit, and dates it after the version it replaces', () => {
    const first = finalizeEvent(
      {
        ...articleTemplate({
          ...input,
          content: 'Hi nostr:' + nip19.npubEncode('a'.repeat(64)),
          identifier: 'lorem-ipsum',
        }),
        tags: [
          ...articleTemplate({ ...input, content: 'x', identifier: 'lorem-ipsum' }).tags,
          ['zap', 'b'.repeat(64), 'wss://r.example', '1'],
          ['p', 'a'.repeat(64)],
        ],
      },
      sk,
    );
    const edit = articleTemplate(
      {
        ...input,
        title: 'A new title',
        identifier: 'ignored',
        content: 'New body',
        createdAt: first.created_at - 60,
      },
      first,
    );
    const tag = (name: string) => edit.tags.find((t) => t[0] === name);
    expect(tag('d')).toEqual(['d', 'lorem-ipsum']);
    expect(tag('title')).toEqual(['title', 'A new title']);
    expect(tag('published_at')).toEqual(['published_at', '1700000000']);
    expect(tag('zap')).toEqual(['zap', 'b'.repeat(64), 'wss://r.example', '1']);
    // the old content's mention is gone with the content
    expect(tag('p')).toBeUndefined();
    expect(edit.created_at).toBe(first.created_at + 1);
    const parsed = parseArticle(finalizeEvent(edit, sk))!;
    expect(parsed.published).toBe(1_700_000_000);
    expect(parsed.identifier).toBe('lorem-ipsum');
  });

  it('an article from another client without published_at keeps its first created_at', () => {
    const foreign = finalizeEvent(
      {
        kind: 30023,
        created_at: 1_600_000_000,
        tags: [
          ['d', 'x'],
          ['published', '1500000000'],
        ],
        content: 'a',
      },
      sk,
    );
    const edit = articleTemplate({ title: 'T', content: 'b', createdAt: 1_700_000_000 }, foreign);
    expect(edit.tags).toContainEqual(['published_at', '1500000000']); // read from `published`
    expect(edit.tags.some((t) => t[0] === 'published')).toBe(false);
  });

  it('refuses a new article without an identifier', () => {
    expect(() => articleTemplate({ title: 'T', content: 'b', createdAt: 1 })).toThrow(/identifier/);
  });

  it('counts words and minutes as the Reads cards show them', () => {
    const words = countWords(examples.nip23.article.content);
    expect(words).toBe(73); // runs of letters or digits between spaces, the nostr: links among them
    expect(readingMinutes(words)).toBe(1);
    expect(readingMinutes(countWords('word '.repeat(1000)))).toBe(4); // 4.2
    expect(readingMinutes(0)).toBe(0);
  });
});

describe('NIP-09 unpublish', () => {
  it("names the article by address, id and kind, as NIP-09's example tags it", () => {
    const article: NostrEvent = finalizeEvent(
      articleTemplate({
        title: 'Soil',
        content: 'x',
        identifier: 'soil',
        createdAt: 1_700_000_000,
      }),
      sk,
    );
    const t = unpublishTemplate(article, 1_700_000_500, 'published by accident');
    expect(t.kind).toBe(examples.nip09.deletion_request.kind);
    expect(t.tags).toEqual([
      ['e', article.id],
      ['a', `30023:${me}:soil`],
      ['k', '30023'],
    ]);
    expect(examples.nip09.deletion_request.tags.map((x) => x[0])).toEqual([
      'e',
      'e',
      'a',
      'k',
      'k',
    ]);
    expect(t.content).toBe('published by accident');
    // a clock behind the article's still covers it (an a-deletion covers versions up to its time)
    expect(unpublishTemplate(article, 1_600_000_000).created_at).toBe(article.created_at);
  });
});
