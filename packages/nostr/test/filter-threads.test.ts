import { describe, expect, it } from 'vitest';
import {
  eventCoordinate,
  getDTag,
  isAddressable,
  isEphemeral,
  isReplaceable,
  matchFilter,
  matchFilters,
  nip19,
  parseThreadRefs,
  replyTo,
  threadRoot,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const D = 'd'.repeat(64);
const P = '1'.repeat(64);

function ev(partial: Partial<NostrEvent>): NostrEvent {
  return {
    id: A,
    pubkey: P,
    created_at: 100,
    kind: 1,
    tags: [],
    content: '',
    sig: '0'.repeat(128),
    ...partial,
  };
}

describe('matchFilter', () => {
  const e = ev({
    tags: [
      ['e', B],
      ['t', 'nostr'],
      ['p', C],
    ],
  });
  it('matches each condition', () => {
    expect(matchFilter({}, e)).toBe(true);
    expect(matchFilter({ ids: [A] }, e)).toBe(true);
    expect(matchFilter({ ids: [B] }, e)).toBe(false);
    expect(matchFilter({ ids: [] }, e)).toBe(false);
    expect(matchFilter({ authors: [P] }, e)).toBe(true);
    expect(matchFilter({ authors: [A] }, e)).toBe(false);
    expect(matchFilter({ kinds: [0, 1] }, e)).toBe(true);
    expect(matchFilter({ kinds: [7] }, e)).toBe(false);
    expect(matchFilter({ since: 100, until: 100 }, e)).toBe(true);
    expect(matchFilter({ since: 101 }, e)).toBe(false);
    expect(matchFilter({ until: 99 }, e)).toBe(false);
    expect(matchFilter({ '#e': [B, D] }, e)).toBe(true);
    expect(matchFilter({ '#e': [D] }, e)).toBe(false);
    expect(matchFilter({ '#t': ['nostr'], '#p': [C] }, e)).toBe(true);
    expect(matchFilter({ '#t': ['nostr'], '#p': [D] }, e)).toBe(false);
    expect(matchFilter({ '#x': ['y'] }, e)).toBe(false);
    expect(matchFilter({ limit: 0, kinds: [1] }, e)).toBe(true);
  });
  it('matchFilters is an OR', () => {
    expect(matchFilters([{ kinds: [7] }, { authors: [P] }], e)).toBe(true);
    expect(matchFilters([{ kinds: [7] }, { authors: [A] }], e)).toBe(false);
    expect(matchFilters([], e)).toBe(false);
  });
});

describe('threads (NIP-10)', () => {
  it('uses markers', () => {
    const e = ev({
      tags: [
        ['e', A, '', 'root'],
        ['e', C, '', 'mention'],
        ['e', B, 'wss://r', 'reply'],
      ],
    });
    expect(replyTo(e)).toBe(B);
    expect(threadRoot(e)).toBe(A);
    expect(parseThreadRefs(e).mentionedNotes).toEqual([C]);
  });
  it('a direct reply has only a root marker', () => {
    const e = ev({ tags: [['e', A, '', 'root']] });
    expect(replyTo(e)).toBe(A);
    expect(threadRoot(e)).toBe(A);
  });
  it('falls back to positional e-tags, bare 2-element tags included', () => {
    expect(replyTo(ev({ tags: [['e', A]] }))).toBe(A);
    expect(threadRoot(ev({ tags: [['e', A]] }))).toBe(A);
    const e = ev({
      tags: [
        ['e', A],
        ['e', C, '', 'mention'],
        ['e', B],
      ],
    });
    expect(replyTo(e)).toBe(B);
    expect(threadRoot(e)).toBe(A);
  });
  it('no e-tags, or only mentions, means no parent', () => {
    expect(replyTo(ev({}))).toBeUndefined();
    expect(replyTo(ev({ tags: [['e', A, '', 'mention']] }))).toBeUndefined();
    expect(replyTo(ev({ tags: [['e', 'not-hex']] }))).toBeUndefined();
  });
  it('collects mentions from nostr: links in content, without the root and reply', () => {
    const content =
      `cc nostr:${nip19.npubEncode(C)} on nostr:${nip19.neventEncode({ id: D })} ` +
      `and nostr:${nip19.noteEncode(A)} in nostr:${nip19.naddrEncode({ kind: 30023, pubkey: P, identifier: 'x' })}`;
    const refs = parseThreadRefs(ev({ content, tags: [['e', A, '', 'root']] }));
    expect(refs).toEqual({
      root: A,
      reply: A,
      mentionedNotes: [D],
      mentionedUsers: [C],
      mentionedArticles: [`30023:${P}:x`],
    });
  });

  it('collects users, quoted notes and articles', () => {
    const coord = `30023:${P}:slug`;
    const refs = parseThreadRefs(
      ev({
        tags: [
          ['p', P],
          ['p', P],
          ['q', D],
          ['a', coord],
          ['a', `30000:${P}:x`],
        ],
      }),
    );
    expect(refs).toEqual({ mentionedNotes: [D], mentionedUsers: [P], mentionedArticles: [coord] });
  });
});

describe('kinds and tags', () => {
  it('classifies kinds', () => {
    expect([0, 3, 10002, 19999].every(isReplaceable)).toBe(true);
    expect([1, 7, 20000, 30023].some(isReplaceable)).toBe(false);
    expect(isEphemeral(23194)).toBe(true);
    expect(isAddressable(30023)).toBe(true);
    expect(isAddressable(40000)).toBe(false);
  });
  it('builds coordinates', () => {
    const e = ev({ kind: 30023, tags: [['d', 'my:slug']] });
    expect(getDTag(e)).toBe('my:slug');
    expect(eventCoordinate(e)).toBe(`30023:${P}:my:slug`);
    expect(eventCoordinate(ev({ kind: 30023 }))).toBe(`30023:${P}:`);
  });
});
