import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FeedDefinition } from '@swell/cache-protocol';
import { generateSecretKey, getPublicKey } from '@swell/nostr';
import {
  addFeed,
  moveFeed,
  parseFeedList,
  removeFeed,
  renameFeed,
  setFeedEnabled,
} from '../src/settings/feed-list.ts';
import { defaultAppSettings, parseAppSettings } from '../src/settings/app-settings.ts';
import { MuteMatcher } from '../src/moderation/mute-rules.ts';
import { muteRulesOf, normalizeMuteValue } from '../src/lists/mute.ts';
import { filterListsOf, filterListTags } from '../src/lists/filter-lists.ts';
import { bookmarksOf } from '../src/lists/bookmarks.ts';
import { followsOf } from '../src/lists/follow.ts';
import { ClientError, clientErrorCodes, isListError, listErrorCodes } from '../src/errors.ts';
import {
  emptyProfileFields,
  profileContent,
  validateProfile,
  validateUsername,
} from '../src/account/profile-edit.ts';
import { recommendedUsers } from '../src/account/create-account.ts';

const feed = (name: string, enabled = true): FeedDefinition => ({
  name,
  spec: JSON.stringify({ id: name.toLowerCase() }),
  description: '',
  enabled,
});

describe('feed lists (spec section 4 "Settings")', () => {
  const list = [feed('Latest'), feed('Trending'), feed('Reads')];

  it('adds at the top or the bottom, unique by name', () => {
    expect(addFeed(list, feed('Mine'), 'top').map((f) => f.name)).toEqual([
      'Mine',
      'Latest',
      'Trending',
      'Reads',
    ]);
    expect(addFeed(list, feed('Mine')).map((f) => f.name)).toEqual([
      'Latest',
      'Trending',
      'Reads',
      'Mine',
    ]);
    expect(addFeed(list, feed(' latest '), 'top')).toEqual(list);
  });

  it('removes, renames (unique, not empty), enables and disables', () => {
    expect(removeFeed(list, 'trending').map((f) => f.name)).toEqual(['Latest', 'Reads']);
    expect(renameFeed(list, 'Reads', 'Articles').map((f) => f.name)).toEqual([
      'Latest',
      'Trending',
      'Articles',
    ]);
    expect(renameFeed(list, 'Reads', 'latest')).toEqual(list);
    expect(renameFeed(list, 'Reads', '  ')).toEqual(list);
    expect(setFeedEnabled(list, 'Latest', false)[0]!.enabled).toBe(false);
    expect(list[0]!.enabled).toBe(true);
  });

  it('reordering keeps every feed once, whatever the move', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 5 }), fc.integer({ min: -2, max: 5 }), (a, b) => {
        const moved = moveFeed(list, a, b);
        expect(moved.map((f) => f.name).sort()).toEqual(list.map((f) => f.name).sort());
      }),
    );
    expect(moveFeed(list, 2, 0).map((f) => f.name)).toEqual(['Reads', 'Latest', 'Trending']);
    expect(moveFeed(list, 0, 1).map((f) => f.name)).toEqual(['Trending', 'Latest', 'Reads']);
  });

  it('reads stored lists leniently and never throws', () => {
    expect(parseFeedList([feed('A'), { name: 'a', spec: '{}' }, { spec: 'x' }, 3])).toEqual([
      feed('A'),
    ]);
    fc.assert(fc.property(fc.anything(), (v) => void parseFeedList(v)));
  });
});

describe('settings (spec sections 3 and 9)', () => {
  it('defaults: sunrise, animations on, zap 42 "Onward", six presets, notifications on', () => {
    const d = defaultAppSettings();
    expect(d).toMatchObject({ theme: 'sunrise', animated: true, defaultZapAmount: 42 });
    expect(d.zapOptions).toEqual([21, 420, 1000, 5000, 10000, 100000]);
    expect(Object.values(d.notifications).every(Boolean)).toBe(true);
    expect(Object.keys(d.notifications)).toHaveLength(16);
  });

  it('reads what other clients stored: bad fields fall back, unknown fields stay', () => {
    const s = parseAppSettings({
      theme: 'neon',
      zapDefault: { amount: -5, message: 'hey' },
      defaultZapAmount: 21,
      zapConfig: [{ emoji: 'x', amount: 7, message: 'seven' }, { amount: 'no' }],
      notifications: { YOUR_POST_WAS_LIKED: false },
      extra: [1, 2],
    });
    expect(s.theme).toBe('sunrise');
    expect(s.zapDefault).toEqual({ amount: 21, message: 'hey' });
    expect(s.zapConfig).toEqual([{ emoji: 'x', amount: 7, message: 'seven' }]);
    expect(s.zapOptions).toEqual([7]);
    expect(s.notifications.YOUR_POST_WAS_LIKED).toBe(false);
    expect(s.notifications.NEW_USER_FOLLOWED_YOU).toBe(true);
    expect(s.extra).toEqual([1, 2]);
    fc.assert(fc.property(fc.anything(), (v) => void parseAppSettings(v)));
  });
});

describe('moderation rules', () => {
  const sk = generateSecretKey();
  const pk = getPublicKey(sk);
  const note = (content: string, tags: string[][] = [], kind = 1) => ({
    id: 'a'.repeat(64),
    pubkey: 'b'.repeat(64),
    kind,
    tags,
    content,
  });

  it('matches whole words and phrases, any case, in any script', () => {
    const m = new MuteMatcher(
      muteRulesOf([
        { kind: 'word', value: 'art', private: false },
        { kind: 'word', value: 'вечеринка', private: true },
        { kind: 'word', value: 'fiat money', private: false },
      ]),
    );
    expect(m.reason(note('Modern ART today'))).toBe('word');
    expect(m.reason(note('start the engine'))).toBeNull();
    expect(m.reason(note('Вечеринка в пятницу'))).toBe('word');
    expect(m.reason(note('all that Fiat Money'))).toBe('word');
    expect(m.reason(note('fiat is money'))).toBeNull();
  });

  it('matches hashtags in t tags and in the text, not inside other words', () => {
    const m = new MuteMatcher(muteRulesOf([{ kind: 'hashtag', value: 'nsfw', private: false }]));
    expect(m.reason(note('x', [['t', 'NSFW']]))).toBe('hashtag');
    expect(m.reason(note('look #nsfw'))).toBe('hashtag');
    expect(m.reason(note('look #nsfwish'))).toBeNull();
    expect(m.reason(note('mail a#nsfw'))).toBeNull();
  });

  it('matches authors, threads by root, and article titles', () => {
    const root = 'c'.repeat(64);
    const m = new MuteMatcher(
      muteRulesOf(
        [
          { kind: 'thread', value: root, private: false },
          { kind: 'word', value: 'election', private: false },
        ],
        [pk],
      ),
    );
    expect(m.reason({ ...note('hi'), pubkey: pk })).toBe('user');
    expect(m.reason(note('re', [['e', root, '', 'root']]))).toBe('thread');
    expect(m.reason(note('body', [['title', 'The election']], 30023))).toBe('word');
    expect(m.reason(note('{"content":"election"}', [], 6))).toBeNull();
  });

  it('normalises entries and never throws on odd text', () => {
    expect(normalizeMuteValue('hashtag', '##Bitcoin')).toBe('bitcoin');
    expect(normalizeMuteValue('hashtag', 'two words')).toBeNull();
    expect(normalizeMuteValue('user', 'npub1nothex')).toBeNull();
    expect(normalizeMuteValue('word', '  Hello ')).toBe('hello');
    fc.assert(
      fc.property(fc.string(), fc.string(), (word, text) => {
        const v = normalizeMuteValue('word', word);
        const m = new MuteMatcher(
          muteRulesOf(v ? [{ kind: 'word', value: v, private: false }] : []),
        );
        m.reason(note(text));
      }),
    );
  });
});

describe('list shapes', () => {
  const [me, a, b] = [1, 2, 3].map(() => getPublicKey(generateSecretKey())) as [
    string,
    string,
    string,
  ];

  it('filter lists: the user first with both scopes, whatever the stored event says', () => {
    const entries = filterListsOf(
      {
        tags: [
          ['p', a, '', '', '{"content":false,"trending":true}'],
          ['p', me, '', '', '{"content":false}'],
        ],
      },
      me,
    );
    expect(entries).toEqual([
      { pubkey: me, relay: '', petname: '', content: true, trending: true },
      { pubkey: a, relay: '', petname: '', content: false, trending: true },
    ]);
    expect(filterListTags(entries.slice(1), me)[1]).toEqual([
      'p',
      me,
      '',
      '',
      '{"content":true,"trending":true}',
    ]);
  });

  it('follows and bookmarks are read in order without repeats', () => {
    expect(
      followsOf({
        tags: [
          ['p', a],
          ['p', 'bad'],
          ['p', b],
          ['p', a],
        ],
      }),
    ).toEqual([a, b]);
    expect(
      bookmarksOf({
        tags: [
          ['e', 'e'.repeat(64)],
          ['a', `30023:${a}:x`],
          ['e', 'f'.repeat(64)],
          ['a', 'junk'],
        ],
      }),
    ).toEqual({ notes: ['f'.repeat(64), 'e'.repeat(64)], articles: [`30023:${a}:x`] });
  });

  it('recommended users: presets first, unique, at most 9, never the new account', () => {
    const members = Array.from({ length: 20 }, () => ({
      pubkey: getPublicKey(generateSecretKey()),
      name: 'm',
    }));
    const out = recommendedUsers(
      [{ group: 'g', members: [...members, members[0]!] }],
      [{ pubkey: a, name: 'p' }],
      [me],
    );
    expect(out).toHaveLength(9);
    expect(out[0]).toEqual({ pubkey: a, name: 'p' });
    expect(new Set(out.map((u) => u.pubkey)).size).toBe(9);
    expect(
      recommendedUsers([{ group: 'g', members: [{ pubkey: me, name: 'me' }] }], [], [me]),
    ).toEqual([]);
  });
});

describe('profile validation (spec section 5)', () => {
  it('username without spaces or special characters; names required for a new account', () => {
    expect(validateUsername('alice_1')).toBeNull();
    expect(validateUsername('Zoë')).toBeNull();
    expect(validateUsername('al ice')).toBe('username-invalid');
    expect(validateUsername('al!ce')).toBe('username-invalid');
    expect(validateUsername('  ')).toBe('username-required');
    const fields = { ...emptyProfileFields(), name: 'alice' };
    expect(validateProfile(fields, { requireNames: true })).toEqual({
      display_name: 'display-name-required',
    });
  });

  it('URLs http(s), NIP-05 and lightning addresses name@domain; an unchanged old name passes', () => {
    const fields = {
      ...emptyProfileFields(),
      name: 'Old Name',
      picture: 'javascript:alert(1)',
      website: 'https://ok.example',
      nip05: 'alice@example.com',
      lud16: 'not an address',
    };
    expect(validateProfile(fields, { original: { name: 'Old Name' } })).toEqual({
      picture: 'invalid-url',
      lud16: 'invalid-lud16',
    });
    expect(validateProfile(fields).name).toBe('username-invalid');
  });

  it('keeps fields it does not edit and drops emptied ones', () => {
    const latest = {
      content: JSON.stringify({ name: 'a', lud06: 'x', about: 'old', website: 'w' }),
    };
    const content = JSON.parse(
      profileContent(latest, { ...emptyProfileFields(), name: 'b', about: 'new\nline' }),
    );
    expect(content).toEqual({ name: 'b', lud06: 'x', about: 'new\nline' });
  });
});

describe('list error codes', () => {
  it('are part of the catalogue, and isListError tells them from other failures', () => {
    for (const code of listErrorCodes) {
      expect(clientErrorCodes).toContain(code);
      expect(isListError(new ClientError(code))).toBe(true);
    }
    expect(isListError(new ClientError('no_socket'))).toBe(false);
    expect(isListError(new Error('follow failed'))).toBe(false);
    expect(isListError(undefined)).toBe(false);
  });
});
