import { describe, expect, it } from 'vitest';
import { shownNoteId } from '../src/index.ts';

const id = (c: string) => c.repeat(64);

describe('shownNoteId (one card per note)', () => {
  it('a note shows itself; a repost shows what it reposts', () => {
    expect(shownNoteId({ id: id('a'), kind: 1, tags: [['e', id('b')]] })).toBe(id('a'));
    const repost = {
      id: id('c'),
      kind: 6,
      tags: [
        ['p', id('d')],
        ['e', id('b')],
        ['e', id('e')],
      ],
    };
    expect(shownNoteId(repost)).toBe(id('b'));
    expect(shownNoteId({ ...repost, kind: 16 })).toBe(id('b'));
    // The original the page resolved wins over the tag.
    expect(shownNoteId(repost, { id: id('f') })).toBe(id('f'));
  });

  it('a repost without a usable e tag stands for itself', () => {
    expect(shownNoteId({ id: id('c'), kind: 6, tags: [] })).toBe(id('c'));
    expect(shownNoteId({ id: id('c'), kind: 6, tags: [['e', 'not-hex']] })).toBe(id('c'));
  });
});
