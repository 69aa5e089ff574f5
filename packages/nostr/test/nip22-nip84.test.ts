import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanSourceUrl,
  commentTargetKey,
  commentTemplate,
  finalizeEvent,
  getPublicKey,
  highlightContext,
  highlightTemplate,
  nip19,
  parseComment,
  parseHighlight,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJson } from './vectors.ts';

type Example = { id?: string; pubkey?: string; kind: number; content: string; tags: string[][] };
const ex = readJson<{
  nip22: Record<string, Example>;
  nip84: { attribution_tags: string[][] };
}>('nip-longform-examples.json');
const c = ex.nip22;
const RELAY = 'wss://example.relay';

/** An event as the comment builder reads it (only id, pubkey, kind and tags matter). */
function asEvent(e: Partial<NostrEvent> & { kind: number }): NostrEvent {
  return { id: '', pubkey: '', created_at: 1, tags: [], content: '', sig: '', ...e };
}

const blog = c.blog_post_comment!;
const blogAuthor = blog.tags[2]![1]!;
const blogArticle = asEvent({
  id: blog.tags[4]![1],
  pubkey: blogAuthor,
  kind: 30023,
  tags: [['d', 'f9347ca7']],
});

describe('NIP-22 comments: reading the examples', () => {
  it('a comment on a blog post: root and parent are the address, the version beside it', () => {
    const refs = parseComment(blog)!;
    expect(refs.root).toEqual({ type: 'address', coordinate: blog.tags[0]![1], relay: RELAY });
    expect(refs.parent).toEqual({
      type: 'address',
      coordinate: blog.tags[0]![1],
      id: blog.tags[4]![1],
      relay: RELAY,
    });
    expect(refs).toMatchObject({
      rootKind: '30023',
      parentKind: '30023',
      rootAuthor: blogAuthor,
      parentAuthor: blogAuthor,
      topLevel: true,
    });
  });

  it('a comment on a file and a reply to it: ids, kinds and authors', () => {
    const file = parseComment(c.file_comment!)!;
    expect(file.root).toEqual({ type: 'event', id: c.file_comment!.tags[0]![1], relay: RELAY });
    expect(file).toMatchObject({ rootKind: '1063', topLevel: true });
    const reply = parseComment(c.reply_to_file_comment!)!;
    expect(commentTargetKey(reply.root)).toBe(c.file_comment!.tags[0]![1]);
    expect(reply.parent).toEqual({
      type: 'event',
      id: '5c83da77af1dec6d7289834998ad7aafbd9e2191396d75ec3cc27f5a77226f36',
      relay: RELAY,
    });
    expect(reply).toMatchObject({
      parentKind: '1111',
      parentAuthor: '93ef2ebaaf9554661f33e79949007900bbc535d239a4c801c33a4d67d3e7f546',
      rootAuthor: 'fd913cd6fa9edb8405750cd02a8bbe16e158b8676c0e69fdc27436cc4a54cc9a',
      topLevel: false,
    });
  });

  it('comments on a URL and a podcast: external roots, a reply by id', () => {
    const web = parseComment(c.website_comment!)!;
    expect(web.root).toEqual({ type: 'external', value: 'https://abc.com/articles/1' });
    expect(web).toMatchObject({ rootKind: 'web', topLevel: true });
    expect(web.rootAuthor).toBeUndefined();
    const reply = parseComment(c.reply_to_podcast_comment!)!;
    expect(reply.root).toMatchObject({ type: 'external', hint: expect.stringMatching(/fountain/) });
    expect(commentTargetKey(reply.parent)).toBe(c.podcast_comment!.id);
    expect(reply.topLevel).toBe(false);
  });

  it('is not a comment: another kind, no root scope', () => {
    expect(parseComment({ ...blog, kind: 1 })).toBeUndefined();
    expect(parseComment({ kind: 1111, tags: [['k', '30023']] })).toBeUndefined();
  });

  it('never throws on arbitrary tags, and keys what it finds', () => {
    const tag = fc.array(
      fc.oneof(
        fc.constantFrom('A', 'E', 'I', 'K', 'P', 'a', 'e', 'i', 'k', 'p'),
        fc.string({ maxLength: 70 }),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.constant(blog.tags[0]![1]!),
      ),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 8 }), (tags) => {
        const refs = parseComment({ kind: 1111, tags });
        if (refs) expect(typeof commentTargetKey(refs.parent)).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});

describe('NIP-22 comments: building', () => {
  it("tags a comment on an article exactly as NIP-22's blog example", () => {
    const t = commentTemplate({
      content: 'Great blog post!',
      target: blogArticle,
      createdAt: 1,
      relay: RELAY,
    });
    expect(t).toMatchObject({ kind: 1111, content: blog.content, tags: blog.tags });
  });

  it("tags a reply to a comment exactly as NIP-22's podcast reply", () => {
    const podcast = asEvent(c.podcast_comment!);
    const t = commentTemplate({
      content: "I'm replying to the above comment.",
      target: podcast,
      createdAt: 1,
      relay: RELAY,
    });
    // the same tags; NIP-22 prints the p tag here without the relay hint its blog example has
    const expected = c.reply_to_podcast_comment!.tags;
    expect(t.tags.slice(0, -1)).toEqual(expected.slice(0, -1));
    expect(t.tags.at(-1)).toEqual([...expected.at(-1)!, RELAY]);
  });

  it("tags a comment on a regular event by id with its author, as NIP-22's file example", () => {
    const file = c.file_comment!;
    const t = commentTemplate({
      content: 'Great file!',
      target: asEvent({ id: file.tags[0]![1], pubkey: file.tags[2]![1], kind: 1063 }),
      createdAt: 1,
      relay: RELAY,
    });
    const byName = (tags: string[][], n: string) => tags.find((x) => x[0] === n);
    for (const n of ['E', 'K', 'e', 'k']) expect(byName(t.tags, n)).toEqual(byName(file.tags, n));
    for (const n of ['P', 'p']) expect(byName(t.tags, n)?.[1]).toBe(byName(file.tags, n)?.[1]);
  });

  it('reads back what it builds, real signatures, a thread two deep', () => {
    const alice = new Uint8Array(32).fill(1);
    const bob = new Uint8Array(32).fill(2);
    const article = finalizeEvent(
      { kind: 30023, created_at: 10, tags: [['d', 'soil']], content: 'x' },
      alice,
    );
    const top = finalizeEvent(
      commentTemplate({
        content: 'Good',
        target: article,
        createdAt: 20,
        author: getPublicKey(bob),
      }),
      bob,
    );
    const reply = finalizeEvent(
      commentTemplate({ content: 'Thanks', target: top, createdAt: 30 }),
      alice,
    );
    const coordinate = `30023:${article.pubkey}:soil`;
    expect(parseComment(top)).toMatchObject({
      root: { type: 'address', coordinate },
      parent: { type: 'address', coordinate, id: article.id },
      parentAuthor: article.pubkey,
      topLevel: true,
    });
    expect(parseComment(reply)).toMatchObject({
      root: { type: 'address', coordinate },
      parent: { type: 'event', id: top.id },
      rootKind: '30023',
      parentKind: '1111',
      rootAuthor: article.pubkey,
      parentAuthor: top.pubkey,
      topLevel: false,
    });
  });

  it('tags mentions with p and cited events with q, never the commenter', () => {
    const me = 'c'.repeat(64);
    const other = 'd'.repeat(64);
    const note = 'e'.repeat(64);
    const t = commentTemplate({
      content: `cc nostr:${nip19.npubEncode(other)} nostr:${nip19.npubEncode(me)} see nostr:${nip19.neventEncode({ id: note, author: other })}`,
      target: blogArticle,
      createdAt: 1,
      author: me,
    });
    expect(t.tags.filter((x) => x[0] === 'p').map((x) => x[1])).toEqual([blogAuthor, other]);
    expect(t.tags).toContainEqual(['q', note, '', other]);
  });

  it('does not answer a kind 1 note (NIP-10 replies do)', () => {
    expect(() =>
      commentTemplate({
        content: 'x',
        target: asEvent({ kind: 1, id: 'f'.repeat(64) }),
        createdAt: 1,
      }),
    ).toThrow(/NIP-10/);
  });
});

describe('NIP-84 highlights', () => {
  const sk = new Uint8Array(32).fill(4);
  const reader = getPublicKey(sk);
  const article = finalizeEvent(
    { kind: 30023, created_at: 10, tags: [['d', 'soil']], content: 'x' },
    new Uint8Array(32).fill(5),
  );

  it('reads authors and editors with their roles (the NIP-84 attribution example)', () => {
    const keys = ['1', '2', '3'].map((d) => d.repeat(64));
    const tags = ex.nip84.attribution_tags.map((t, i) => ['p', keys[i]!, 'wss://r.example', t[3]!]);
    const h = parseHighlight(finalizeEvent({ kind: 9802, created_at: 1, tags, content: 'x' }, sk))!;
    expect(h.attributions).toEqual([
      { pubkey: keys[0], role: 'author' },
      { pubkey: keys[1], role: 'author' },
      { pubkey: keys[2], role: 'editor' },
    ]);
  });

  it('builds a quote highlight of an article: source, author, context, comment and its mentions', () => {
    const friend = 'a'.repeat(64);
    const t = highlightTemplate({
      text: ' The soil was dry. ',
      source: article,
      context: 'It rained at last. The soil was dry. Nothing grew.',
      comment: `So true, nostr:${nip19.npubEncode(friend)}: https://soil.example/why`,
      createdAt: 100,
      relay: 'wss://relay.example',
      author: reader,
    });
    expect(t).toMatchObject({ kind: 9802, content: 'The soil was dry.', created_at: 100 });
    expect(t.tags).toEqual([
      ['a', `30023:${article.pubkey}:soil`, 'wss://relay.example'],
      ['p', article.pubkey, 'wss://relay.example', 'author'],
      ['context', 'It rained at last. The soil was dry. Nothing grew.'],
      ['comment', `So true, nostr:${nip19.npubEncode(friend)}: https://soil.example/why`],
      ['p', friend, '', 'mention'],
      ['r', 'https://soil.example/why', 'mention'],
    ]);
    const h = parseHighlight(finalizeEvent(t, sk))!;
    expect(h).toMatchObject({
      text: 'The soil was dry.',
      source: { type: 'address', coordinate: `30023:${article.pubkey}:soil` },
      attributions: [{ pubkey: article.pubkey, role: 'author' }],
      mentions: [friend],
      comment: expect.stringContaining('So true'),
    });
  });

  it('tags a note by id, a web page by its cleaned URL, and leaves out a context that says nothing more', () => {
    const note = finalizeEvent({ kind: 1, created_at: 1, tags: [], content: 'hello' }, sk);
    const onNote = highlightTemplate({
      text: 'hello',
      source: note,
      context: ' hello ',
      createdAt: 1,
    });
    expect(onNote.tags).toEqual([
      ['e', note.id],
      ['p', note.pubkey, '', 'author'],
    ]);
    const onPage = highlightTemplate({
      text: 'x',
      source: { url: 'https://news.example/a?id=3&utm_source=nostr&fbclid=abc#p2' },
      createdAt: 1,
    });
    expect(onPage.tags).toEqual([['r', 'https://news.example/a?id=3#p2', 'source']]);
    expect(parseHighlight(finalizeEvent(onPage, sk))!.source).toEqual({
      type: 'url',
      url: 'https://news.example/a?id=3#p2',
    });
  });

  it('cleans trackers from source URLs only', () => {
    expect(cleanSourceUrl('https://a.example/x?utm_medium=m&UTM_Campaign=c')).toBe(
      'https://a.example/x',
    );
    expect(cleanSourceUrl('https://a.example/x?q=soil&gclid=1')).toBe('https://a.example/x?q=soil');
    expect(cleanSourceUrl('not a url ')).toBe('not a url');
  });

  it('takes the passage around a selection, cut at words when it is long', () => {
    expect(highlightContext('One.\n Two   three. Four.', 'Two three.')).toBe(
      'One. Two three. Four.',
    );
    expect(highlightContext('Two three.', 'Two three.')).toBeUndefined();
    expect(highlightContext('Other text.', 'Two')).toBeUndefined();
    const long = `${'alpha '.repeat(100)}THE QUOTE ${'omega '.repeat(100)}`.trim();
    const ctx = highlightContext(long, 'THE QUOTE', 100)!;
    expect(ctx).toContain('THE QUOTE');
    expect(ctx.startsWith('…alpha ')).toBe(true);
    expect(ctx.endsWith(' omega…')).toBe(true);
    expect(ctx.length).toBeLessThanOrEqual(102);
  });

  it('never throws on arbitrary tags', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ maxLength: 66 }), { maxLength: 4 }), { maxLength: 8 }),
        (tags) => {
          parseHighlight({
            id: '',
            pubkey: '',
            created_at: 0,
            kind: 9802,
            tags,
            content: '',
            sig: '',
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
