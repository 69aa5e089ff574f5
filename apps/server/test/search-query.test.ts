import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { npubEncode } from 'nostr-tools/nip19';
import { parseSearchQuery } from '../src/cache/search-query.ts';

const pk = 'ab'.repeat(32);
const now = Date.UTC(2026, 5, 15) / 1000;

describe('parseSearchQuery', () => {
  it('reads a query the reference builder writes, operator by operator', () => {
    const q = parseSearchQuery(
      `kind:1 repliestokind:1 jazz "hard bop" -fusion #music (from:${npubEncode(pk)} OR from:${pk}) to:${pk} zappedby:${pk} @${npubEncode(pk)} following:${pk} since:lastweek scope:mynotifications ? filter:video orientation:vertical minduration:5 maxduration:60 minwords:200 maxwords:400 minscore:3 mininteractions:4 minlikes:1 minzaps:2 minreplies:5 minreposts:6 orderby:satszapped pas:1`,
      now,
    );
    expect(q).toEqual({
      terms: ['jazz', 'hard bop'],
      anyOf: [],
      exclude: ['fusion'],
      hashtags: ['music'],
      authors: [pk, pk],
      kinds: [1],
      since: now - 7 * 86400,
      scope: 'notifications',
      repliesToKinds: [1],
      media: ['video'],
      repliesTo: [pk],
      zappedBy: [pk],
      mentions: [pk],
      followedBy: [pk],
      question: true,
      minStats: { score: 3, interactions: 4, likes: 1, zaps: 2, replies: 5, reposts: 6 },
      minWords: 200,
      maxWords: 400,
      orderBy: 'satszapped',
      ignored: ['orientation:vertical', 'minduration:5', 'maxduration:60', 'pas:1'],
    });
    expect(parseSearchQuery('since:2026-01-02 until:2026-01-03 :) :(', now)).toMatchObject({
      since: Date.UTC(2026, 0, 2) / 1000,
      until: Date.UTC(2026, 0, 3) / 1000 + 86399,
      ignored: [':)', ':('],
      terms: [],
    });
    // what is not an operator stays a word (an unknown user, a bad day); a group left open
    // ends with the query
    expect(parseSearchQuery('from:alice since:yesterdayish (jazz', now).terms).toEqual([
      'from:alice',
      'since:yesterdayish',
      'jazz',
    ]);
  });

  it('never throws, whatever the query', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const q = parseSearchQuery(s, now);
        expect(Array.isArray(q.terms)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            '(',
            ')',
            'OR',
            'from:',
            'since:',
            'kind:',
            '"',
            ':)',
            '?',
            '-',
            '#',
            'x',
          ),
          { maxLength: 40 },
        ),
        (parts) => {
          parseSearchQuery(parts.join(' '), now);
          parseSearchQuery(parts.join(''), now);
        },
      ),
    );
  });
});
