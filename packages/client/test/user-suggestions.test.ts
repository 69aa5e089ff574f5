import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nameMatch,
  nameMatchRank,
  rankUsersByName,
  type NamedUser,
} from '../src/search/user-suggestions.ts';

const user = (pubkey: string, name: string, displayName = '', nip05 = ''): NamedUser => ({
  pubkey,
  name,
  displayName,
  nip05,
});

describe('user suggestions for a typed name (issue 31: "@bo" offers Bob)', () => {
  it('ranks exact, then prefix, then a later word, then the rest', () => {
    expect(nameMatch('bob', user('1', 'bob'))).toBe(nameMatchRank.exact);
    expect(nameMatch('@Bo', user('1', 'bob'))).toBe(nameMatchRank.prefix);
    expect(nameMatch('gra', user('1', 'x', 'Amazing Grace'))).toBe(nameMatchRank.wordPrefix);
    expect(nameMatch('ali', user('1', 'x', '', 'alice@example.com'))).toBe(nameMatchRank.prefix);
    expect(nameMatch('exa', user('1', 'x', '', 'alice@example.com'))).toBe(nameMatchRank.other);
    expect(nameMatch('elo', user('1', 'x', 'Élodie'))).toBe(nameMatchRank.prefix);
    expect(nameMatch('bo', user('1', 'alice', 'Alice'))).toBe(nameMatchRank.other);
  });

  it('puts name matches before higher scores, then orders by score, cut to the limit', () => {
    const users = [
      user('alice', 'alice', 'Alice'),
      user('jamie', 'jamie2', 'Jamie'),
      user('bobby', 'bobby_tables', 'Bobby'),
      user('bob', 'bob', 'Bob'),
      user('grace', 'grace', 'Grace'),
    ];
    const scores = { alice: 90, jamie: 80, bobby: 10, bob: 5, grace: 1 };
    expect(rankUsersByName('bo', users, scores, 3)).toEqual(['bobby', 'bob', 'alice']);
    expect(rankUsersByName('bob', users, scores, 2)).toEqual(['bob', 'bobby']);
    expect(rankUsersByName('gra', users, scores, 6)[0]).toBe('grace');
  });

  it('never throws and keeps every user at most once', () => {
    const named = fc.record({
      pubkey: fc.uuid(),
      name: fc.string(),
      displayName: fc.string(),
      nip05: fc.string(),
    });
    fc.assert(
      fc.property(
        fc.string(),
        fc.uniqueArray(named, { maxLength: 20, selector: (u) => u.pubkey }),
        fc.integer({ min: 0, max: 30 }),
        (q, users, limit) => {
          const out = rankUsersByName(q, users, {}, limit);
          expect(out.length).toBe(Math.min(limit, users.length));
          expect(new Set(out).size).toBe(out.length);
        },
      ),
    );
  });
});
