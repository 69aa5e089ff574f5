import { describe, expect, it, vi } from 'vitest';
import {
  countWords,
  finalizeEvent,
  formatBytes,
  formatNumber,
  formatRelativeTime,
  nip19,
  parseArticle,
  parseProfile,
  relativeTime,
  userDisplayName,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJsonl } from './vectors.ts';

const sk = new Uint8Array(32).fill(3);
const real = readJsonl<NostrEvent>('real-events.jsonl');

describe('parseProfile', () => {
  it('maps kind 0 fields, display_name as displayName', () => {
    const e = finalizeEvent(
      {
        kind: 0,
        created_at: 1_700_000_000,
        tags: [],
        content: JSON.stringify({
          name: 'bob',
          display_name: 'Bob B',
          about: 'hi',
          picture: 'https://p/x.jpg',
          lud16: 'bob@ln.tld',
          nip05: '_@bob.com',
          website: 5,
        }),
      },
      sk,
    );
    const user = parseProfile(e);
    expect(user).toMatchObject({
      id: e.id,
      pubkey: e.pubkey,
      npub: nip19.npubEncode(e.pubkey),
      name: 'bob',
      displayName: 'Bob B',
      about: 'hi',
      picture: 'https://p/x.jpg',
      lud16: 'bob@ln.tld',
      nip05: '_@bob.com',
      website: '',
      banner: '',
      created_at: 1_700_000_000,
    });
    expect(userDisplayName(user)).toBe('Bob B');
  });

  it('gives an empty user and a warning for invalid JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const e = finalizeEvent({ kind: 0, created_at: 1, tags: [], content: '{not json' }, sk);
    const user = parseProfile(e);
    expect(user.name).toBe('');
    expect(user.displayName).toBe('');
    expect(user.pubkey).toBe(e.pubkey);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('reads every real kind 0 without throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const profiles = real.filter((e) => e.kind === 0).map(parseProfile);
    expect(profiles.length).toBe(1173);
    expect(profiles.filter((p) => p.name || p.displayName).length).toBeGreaterThan(1000);
    warn.mockRestore();
  });
});

describe('parseArticle', () => {
  it('reads title, summary, image, topics, published, naddr, coordinate and word count', () => {
    const e = finalizeEvent(
      {
        kind: 30023,
        created_at: 1_700_000_500,
        tags: [
          ['d', 'my-post'],
          ['title', 'T'],
          ['summary', 'S'],
          ['image', 'https://i/x.png'],
          ['t', 'a'],
          ['t', 'b'],
          ['published_at', '1700000000'],
        ],
        content: 'Hello, world!  This is -- a test.\n\n## Title',
      },
      sk,
    );
    const a = parseArticle(e)!;
    expect(a).toMatchObject({
      title: 'T',
      summary: 'S',
      image: 'https://i/x.png',
      topics: ['a', 'b'],
      published: 1_700_000_000,
      identifier: 'my-post',
    });
    expect(a.coordinate).toBe(`30023:${e.pubkey}:my-post`);
    expect(nip19.decode(a.naddr)).toEqual({
      type: 'naddr',
      data: { kind: 30023, pubkey: e.pubkey, identifier: 'my-post', relays: [] },
    });
    expect(a.wordCount).toBe(7);
  });
  it('falls back to the published tag, then created_at', () => {
    const base = { kind: 30023, created_at: 1_700_000_500, content: '' };
    expect(
      parseArticle(finalizeEvent({ ...base, tags: [['published', '1600000000']] }, sk))!.published,
    ).toBe(1_600_000_000);
    expect(parseArticle(finalizeEvent({ ...base, tags: [] }, sk))!.published).toBe(1_700_000_500);
    expect(parseArticle(finalizeEvent({ ...base, kind: 1, tags: [] }, sk))).toBeUndefined();
  });
  it('reads the real article', () => {
    const article = real.find((e) => e.kind === 30023)!;
    const a = parseArticle(article)!;
    // "I'm testing whether these display in Nos or not."
    expect(a.wordCount).toBe(9);
    expect(countWords(article.content)).toBe(9);
    expect(a).toMatchObject({
      title: 'This is an article',
      client: 'Yakihonne',
      published: 1720722944,
    });
  });
});

describe('formatting', () => {
  it('shortens numbers with K and M', () => {
    expect(
      [
        0, 7, 999, 1000, 1234, 12_345, 99_949, 123_456, 999_499, 999_500, 1_500_000, 12_345_678,
        -2500,
      ].map(formatNumber),
    ).toEqual([
      '0',
      '7',
      '999',
      '1K',
      '1.2K',
      '12.3K',
      '99.9K',
      '123K',
      '999K',
      '1M',
      '1.5M',
      '12.3M',
      '-2.5K',
    ]);
  });
  it('formats storage in bytes to TB', () => {
    expect(
      [0, 1, 1023, 1024, 1536, 100 * 1024 ** 2, 1024 ** 3, 2.5 * 1024 ** 4, 3000 * 1024 ** 4].map(
        formatBytes,
      ),
    ).toEqual([
      '0 bytes',
      '1 bytes',
      '1023 bytes',
      '1 KB',
      '1.5 KB',
      '100 MB',
      '1 GB',
      '2.5 TB',
      '3000 TB',
    ]);
  });
  it('formats relative times', () => {
    const now = Date.UTC(2024, 5, 15, 12) / 1000;
    expect(formatRelativeTime(now - 5, now)).toBe('now');
    expect(formatRelativeTime(now - 300, now)).toBe('5m');
    expect(formatRelativeTime(now - 3 * 3600, now)).toBe('3h');
    expect(formatRelativeTime(now - 2 * 86400, now)).toBe('2d');
    expect(formatRelativeTime(now - 30 * 86400, now)).toBe('May 16');
    expect(formatRelativeTime(Date.UTC(2022, 0, 3) / 1000, now)).toBe('Jan 3, 2022');
    expect(relativeTime(now - 120, now)).toEqual({ unit: 'minute', value: 2 });
  });
});
