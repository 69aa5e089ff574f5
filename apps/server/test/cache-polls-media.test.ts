import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NostrEvent } from '@swell/nostr';
import {
  backendServer,
  BACKENDS,
  CacheClient,
  importAll,
  User,
  zapReceipt,
} from './cache-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = Math.floor(Date.now() / 1000);
const [alice, bob, carol, dave, erin, frank, wallet] = Array.from({ length: 7 }, () => new User());

const option = (id: string, label: string) => ['option', id, label];
const poll = bob.sign(
  1068,
  'Best season?',
  [
    option('a', 'Spring'),
    option('b', 'Summer'),
    option('c', 'Autumn'),
    ['endsAt', String(now + 3600)],
  ],
  now - 1000,
);
const ended = bob.sign(
  1068,
  'Tea or coffee?',
  [option('a', 'Tea'), option('b', 'Coffee'), ['endsAt', String(now - 100)]],
  now - 1000,
);
const late = bob.sign(1068, 'Cats or dogs?', [option('x', 'Cats'), option('y', 'Dogs')], now - 990);
const zapPoll = bob.sign(
  6969,
  'Zap your favourite',
  [
    ['poll_option', '0', 'Red'],
    ['poll_option', '1', 'Blue'],
    ['value_minimum', '10'],
    ['value_maximum', '1000'],
    ['closed_at', String(now + 3600)],
  ],
  now - 980,
);
const vote = (who: User, target: NostrEvent, choices: string[], at: number) =>
  who.sign(1018, '', [['e', target.id], ...choices.map((c) => ['response', c])], at);
const zapVote = (who: User, sats: number, choice: string, at: number) =>
  zapReceipt(wallet, who, zapPoll, sats, at, '', [['poll_option', choice]]);

const imeta = (...parts: string[]) => ['imeta', ...parts];
const picture = bob.sign(
  20,
  'Two hills',
  [
    ['title', 'Walk'],
    imeta(
      'url https://media.example/h1.jpg',
      'm image/jpeg',
      'dim 1200x800',
      'blurhash LKO2?U%2Tw=w',
      'alt A hill',
    ),
    imeta('url https://media.example/h2.jpg', 'm image/jpeg', 'dim 800x1000', 'alt Another hill'),
  ],
  now - 900,
);
const short = bob.sign(
  22,
  'A clip',
  [
    ['title', 'Clip'],
    imeta(
      'url https://media.example/clip.mp4',
      'm video/mp4',
      'dim 180x320',
      'duration 4',
      'image https://media.example/clip.jpg',
    ),
  ],
  now - 890,
);
// the 2024 shape: the file in top-level tags
const oldVideo = bob.sign(
  34235,
  'An old video',
  [
    ['d', 'v1'],
    ['title', 'Old'],
    ['url', 'https://media.example/old.mp4'],
    ['m', 'video/mp4'],
    ['dim', '1280x720'],
  ],
  now - 880,
);
const note = bob.sign(1, 'plain words', [], now - 870);

describe.each(BACKENDS)('polls and media events on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let c: CacheClient;
  beforeAll(async () => {
    server = await backendServer(backend);
    c = await CacheClient.open(server.wsUrl('/v1'), true);
    await importAll(c, [
      alice.sign(3, '', [['p', bob.pubkey]], now - 2000),
      // a response that arrives before its poll is counted when the poll comes
      vote(frank, late, ['y'], now - 800),
    ]);
    await importAll(c, [
      poll,
      ended,
      late,
      zapPoll,
      picture,
      short,
      oldVideo,
      note,
      vote(carol, poll, ['a'], now - 500),
      vote(carol, poll, ['b'], now - 400), // changed her mind: b counts
      vote(dave, poll, ['a'], now - 450),
      vote(alice, poll, ['c'], now - 300),
      vote(erin, poll, ['zz'], now - 300), // not an option: no vote
      vote(carol, ended, ['a'], now - 900),
      vote(dave, ended, ['b'], now - 50), // after the end
      zapVote(carol, 100, '0', now - 700),
      zapVote(dave, 50, '1', now - 690),
      zapVote(erin, 5000, '1', now - 680), // over value_maximum
      zapVote(alice, 21, '1', now - 670),
    ]);
  });
  afterAll(async () => {
    c?.close();
    await server?.stop();
  });

  it('the home feed carries polls, zap polls and media events, each poll with its tally and the viewer vote', async () => {
    const home = await c.page('mega_feed_directive', {
      spec: JSON.stringify({ id: 'latest', kind: 'notes' }),
      user_pubkey: alice.pubkey,
      limit: 20,
    });
    expect(new Set(home.notes.map((n) => n.id))).toEqual(
      new Set([poll, ended, late, zapPoll, picture, short, oldVideo, note].map((e) => e.id)),
    );
    expect(home.pollStats[poll.id]).toEqual({
      a: { votes: 1, satszapped: 0 },
      b: { votes: 1, satszapped: 0 },
      c: { votes: 1, satszapped: 0 },
    });
    expect(home.pollStats[ended.id]).toEqual({
      a: { votes: 1, satszapped: 0 },
      b: { votes: 0, satszapped: 0 },
    });
    expect(home.pollStats[late.id]?.y?.votes).toBe(1);
    expect(home.pollStats[zapPoll.id]).toEqual({
      '0': { votes: 1, satszapped: 100 },
      '1': { votes: 2, satszapped: 71 },
    });
    expect(home.actions[poll.id]).toMatchObject({
      voted_for_option: 'c',
      voted_for_options: ['c'],
    });
    expect(home.actions[ended.id]).toMatchObject({ voted_for_option: null, voted_for_options: [] });
    expect(home.actions[zapPoll.id]).toMatchObject({ voted_for_option: '1', zapped: true });
    expect(home.pollStats[note.id]).toBeUndefined();
  });

  it('a newer response moves the vote, and one poll read alone has its tally', async () => {
    await importAll(c, [vote(carol, poll, ['c'], now - 10)]);
    const page = await c.page('events', {
      event_ids: [poll.id],
      extended_response: true,
      user_pubkey: carol.pubkey,
    });
    expect(page.pollStats[poll.id]).toMatchObject({
      a: { votes: 1 },
      b: { votes: 0 },
      c: { votes: 2 },
    });
    expect(page.actions[poll.id]?.voted_for_options).toEqual(['c']);
  });

  it('media feeds and counts take picture posts and video events, with their imeta', async () => {
    const media = [oldVideo.id, short.id, picture.id]; // newest first
    const explore = await c.page('explore_media', { limit: 20 });
    expect(explore.notes.map((n) => n.id)).toEqual(media);
    const tab = await c.page('feed', { pubkey: bob.pubkey, notes: 'user_media_thumbnails' });
    expect(tab.notes.map((n) => n.id)).toEqual(media);
    const profile = await c.page('user_profile', { pubkey: bob.pubkey });
    expect(profile.userStats[bob.pubkey]?.media_count).toBe(3);

    const pics = explore.media[picture.id]!.resources.filter((r) => r.url.startsWith('https://'));
    expect(pics.map((r) => [r.url, r.variants[0]!.w, r.variants[0]!.h])).toEqual([
      ['https://media.example/h1.jpg', 1200, 800],
      ['https://media.example/h2.jpg', 800, 1000],
    ]);
    const clip = explore.media[short.id]!;
    expect(clip.resources[0]).toMatchObject({
      url: 'https://media.example/clip.mp4',
      mt: 'video/mp4',
    });
    expect(clip.resources[0]!.variants[0]).toMatchObject({ w: 180, h: 320, dur: 4 });
    expect(clip.thumbnails?.['https://media.example/clip.mp4']).toBe(
      'https://media.example/clip.jpg',
    );
    expect(explore.media[oldVideo.id]!.resources[0]!.variants[0]).toMatchObject({
      w: 1280,
      h: 720,
    });
  });
});
