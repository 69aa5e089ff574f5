import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nextPage, newerPosts, parseFeedSpec } from '../src/index.ts';

const P = 'c'.repeat(64);

describe('parseFeedSpec', () => {
  it('accepts every spec id of section 5', () => {
    expect(parseFeedSpec('{"id":"latest","kind":"notes"}')).toEqual({
      id: 'latest',
      kind: 'notes',
    });
    expect(parseFeedSpec('{"id":"global-trending","kind":"notes","hours":24}')).toMatchObject({
      hours: 24,
    });
    expect(parseFeedSpec('{"id":"most-zapped","kind":"notes","hours":4}')).toMatchObject({
      hours: 4,
    });
    expect(parseFeedSpec('{"id":"all-notes","kind":"notes"}')?.id).toBe('all-notes');
    expect(
      parseFeedSpec(JSON.stringify({ id: 'feed', kind: 'notes', pubkey: P, notes: 'replies' })),
    ).toEqual({
      id: 'feed',
      kind: 'notes',
      pubkey: P,
      notes: 'replies',
    });
    expect(parseFeedSpec('{"id":"nostr-reads-feed","kind":"reads"}')?.id).toBe('nostr-reads-feed');
    expect(parseFeedSpec('{"kind":"reads","topic":"bitcoin"}')).toMatchObject({ topic: 'bitcoin' });
    expect(parseFeedSpec('{"kind":"reads","scope":"follows"}')).toMatchObject({ scope: 'follows' });
    expect(parseFeedSpec('{"id":"advsearch","query":"kind:30023 nostr"}')?.id).toBe('advsearch');
    expect(parseFeedSpec('{"id":"explore-media"}')?.id).toBe('explore-media');
    expect(parseFeedSpec('{"id":"explore-zaps"}')?.id).toBe('explore-zaps');
  });

  it('rejects malformed specs', () => {
    for (const bad of [
      '',
      'x',
      '[]',
      '{}',
      '{"id":"nope"}',
      '{"id":"feed","pubkey":"zz"}',
      '{"id":"global-trending","hours":-1}',
      '{"id":"advsearch"}',
    ]) {
      expect(parseFeedSpec(bad)).toBeNull();
    }
    fc.assert(fc.property(fc.string(), (s) => void parseFeedSpec(s)));
  });
});

describe('paging helpers', () => {
  it('computes until and offset from the shown sort values', () => {
    const range = { since: 10, until: 20, order_by: 'created_at', elements: ['a'] };
    expect(nextPage(range, [20, 15, 10, 10])).toEqual({ until: 10, offset: 2 });
    expect(nextPage({ ...range, since: 0 }, [])).toBeNull();
    expect(nextPage({ order_by: 'created_at', elements: [] }, [])).toBeNull();
    expect(newerPosts(range)).toEqual({ since: 20, limit: 100 });
    expect(newerPosts({ ...range, order_by: 'score' })).toBeNull();
  });
});
