import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  altText,
  appHandlerFilter,
  handlerLink,
  imetaOf,
  imetaTag,
  parseAppHandler,
  parseAppRecommendation,
  parseImeta,
  parsePicturePost,
  parseVideoEvent,
  picturePostTemplate,
  videoEventTemplate,
  videoKindFor,
  type NostrEvent,
} from '../src/index.ts';
import { readJson } from './vectors.ts';

interface Examples {
  nip92: { event: { content: string; kind: number; tags: string[][] } };
  nip68: { tags: string[][] };
  nip71: { imeta: string[][]; addressable_tags: string[][]; tags_2024: string[][] };
  nip89: { handler_tags: string[][]; recommendation: { kind: number; tags: string[][] } };
}
const ex = readJson<Examples>('nip-polls-media-examples.json');
const pubkey = 'dee45a23c4f1d93f3a2043650c5081e4ac14a778e0acbef03de3768e4f81ac7b';
const event = (kind: number, tags: string[][], content = ''): NostrEvent => ({
  id: '0'.repeat(64),
  pubkey,
  created_at: 1_700_000_000,
  kind,
  tags,
  content,
  sig: '0'.repeat(128),
});

describe('imeta (NIP-92)', () => {
  it("reads the NIP's example", () => {
    const m = parseImeta(ex.nip92.event.tags[0]!)!;
    expect(m).toMatchObject({
      url: 'https://nostr.build/i/my-image.jpg',
      m: 'image/jpeg',
      width: 3024,
      height: 4032,
      blurhash: 'eVF$^OI:${M{o#*0-nNFxakD-?xVM}WEWB%iNKxvR-oetmo#R-aen$',
      alt: 'A scenic photo overlooking the coast of Costa Rica',
      fallback: ['https://nostrcheck.me/alt1.jpg', 'https://void.cat/alt1.jpg'],
    });
    // the example's x is a placeholder, not a hash
    expect(m.x).toBeUndefined();
  });

  it('round-trips what it builds', () => {
    const fields = {
      url: 'https://example.com/a.jpg',
      m: 'image/jpeg',
      width: 800,
      height: 600,
      blurhash: 'LKO2?U%2Tw=w]~RBVZRi};RPxuwH',
      alt: 'A red  kite\nover a hill',
      duration: 4,
      image: ['https://example.com/a-poster.jpg'],
    };
    const m = parseImeta(imetaTag(fields))!;
    expect(m).toMatchObject({ ...fields, alt: 'A red kite over a hill' });
  });

  it('never throws and never reads a tag without an http(s) url', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constant('url javascript:alert(1)'))),
        (parts) => {
          const m = parseImeta(['imeta', ...parts]);
          if (m) expect(m.url).toMatch(/^https?:\/\//);
        },
      ),
    );
  });
});

describe('picture posts (NIP-68)', () => {
  it("reads the NIP's example: two pictures with their alt, blurhash and size", () => {
    const post = parsePicturePost(event(20, ex.nip68.tags, '<description of post>'))!;
    expect(post.title).toBe('<short title of post>');
    expect(post.images.map((i) => [i.url, i.width, i.height, i.alt])).toEqual([
      [
        'https://nostr.build/i/my-image.jpg',
        3024,
        4032,
        'A scenic photo overlooking the coast of Costa Rica',
      ],
      [
        'https://nostr.build/i/my-image2.jpg',
        3024,
        4032,
        'Another scenic photo overlooking the coast of Costa Rica',
      ],
    ]);
    expect(post.images[0]!.thumbhash).toBe('zOcFFIIKmXdCinaXaHcmcHUFSA==');
    expect(post.images[1]!.extra['annotate-user']).toBeDefined();
    expect(post.contentWarning).toBe('<reason>');
    expect(post.hashtags).toEqual(['<tag>']);
  });

  it('builds a post that reads back, and refuses what NIP-68 does not accept', () => {
    const t = picturePostTemplate({
      content: 'Hills',
      title: 'Walk',
      hashtags: ['#Hiking'],
      images: [
        {
          url: 'https://e.com/1.jpg',
          m: 'image/jpeg',
          width: 4,
          height: 3,
          alt: 'one',
          blurhash: 'L00000fQfQfQfQfQfQfQfQfQfQfQ',
        },
        { url: 'https://e.com/2.png', m: 'image/png', width: 3, height: 4, alt: 'two' },
      ],
      createdAt: 5,
    });
    expect(t.kind).toBe(20);
    expect(t.tags).toContainEqual(['m', 'image/png']);
    const post = parsePicturePost(event(20, t.tags, t.content))!;
    expect(post.images.map((i) => i.alt)).toEqual(['one', 'two']);
    expect(post.hashtags).toEqual(['hiking']);
    expect(() => picturePostTemplate({ content: '', images: [] })).toThrow();
    expect(() =>
      picturePostTemplate({
        content: '',
        images: [{ url: 'https://e.com/v.mp4', m: 'video/mp4' }],
      }),
    ).toThrow('NIP-68');
    expect(parsePicturePost(event(20, [['title', 'no picture']]))).toBeUndefined();
  });
});

describe('video events (NIP-71)', () => {
  it("reads the NIP's variants, audio track and addressable example", () => {
    const v = parseVideoEvent(event(21, [['title', 'T'], ...ex.nip71.imeta], 'summary'))!;
    expect(v.short).toBe(false);
    expect(v.variants.map((m) => [m.url, m.width, m.height])).toEqual([
      ['https://myvideo.com/1080/12345.mp4', 1920, 1080],
      ['https://myvideo.com/720/12345.mp4', 1280, 720],
      ['https://myvideo.com/720/12345.m3u8', 1280, 720],
    ]);
    expect(v.audioTracks.map((a) => a.url)).toEqual(['https://myaudio.com/audio/en/12345.mp3']);
    expect(v.duration).toBe(29.223);
    expect(v.image).toBe('https://myvideo.com/1080/12345.jpg');
    expect(v.variants[0]!.bitrate).toBe(3_000_000);

    const a = parseVideoEvent(event(34236, ex.nip71.addressable_tags))!;
    expect(a).toMatchObject({ short: true, addressable: true, identifier: '<unique-identifier>' });
    expect(a.variants[0]).toMatchObject({
      width: 480,
      height: 480,
      blurhash: 'eVF$^OI:${M{%LRjWBoLoLaeR*',
    });
    expect(a.alt).toBe('<description for accessibility>');
  });

  it('reads the 2024 shape of kinds 34235/34236 (top-level url, m, dim, duration, thumb)', () => {
    // the NIP's example has placeholders only: put values in its tags
    const values: Record<string, string> = {
      url: 'https://v.example/clip.mp4',
      m: 'video/mp4',
      dim: '1280x720',
      duration: '12.5',
      thumb: 'https://v.example/clip.jpg',
    };
    const tags = ex.nip71.tags_2024.map((t) => (values[t[0]!] ? [t[0]!, values[t[0]!]!] : t));
    const v = parseVideoEvent(event(34235, tags))!;
    expect(v.variants[0]).toMatchObject({
      url: values.url,
      m: 'video/mp4',
      width: 1280,
      height: 720,
    });
    expect(v.duration).toBe(12.5);
    expect(v.image).toBe(values.thumb);
    expect(v.title).toBe('<title of video>');
    expect(parseVideoEvent(event(34235, ex.nip71.tags_2024))).toBeUndefined(); // no real URL
  });

  it('builds kind 21 or 22 by the aspect', () => {
    expect(videoKindFor({ width: 320, height: 180 })).toBe(21);
    expect(videoKindFor({ width: 180, height: 320 })).toBe(22);
    const t = videoEventTemplate({
      content: 'A short clip\nmore',
      variants: [
        { url: 'https://e.com/s.mp4', m: 'video/mp4', width: 180, height: 320, duration: 4 },
      ],
      createdAt: 9,
    });
    expect(t.kind).toBe(22);
    const v = parseVideoEvent(event(t.kind, t.tags, t.content))!;
    expect(v).toMatchObject({ title: 'A short clip', duration: 4, publishedAt: 9 });
  });
});

describe('unknown kinds: NIP-31 alt and NIP-89 handlers', () => {
  it('reads the alt summary', () => {
    expect(altText(event(31337, [['alt', '  A music track  ']]))).toBe('A music track');
    expect(altText(event(31337, [['alt', ' ']]))).toBeUndefined();
  });

  it("reads the NIP's handler and recommendation and links an entity", () => {
    const tags = ex.nip89.handler_tags.map((t) =>
      t[0] === 'k'
        ? ['k', '31337']
        : t.map((x) => x.replace('https://....', 'https://app.example')),
    );
    const h = parseAppHandler({ ...event(31990, tags), content: '{"name":"Zapstr"}' })!;
    expect(h.kinds).toEqual([31337]);
    expect(h.metadata).toEqual({ name: 'Zapstr' });
    expect(handlerLink(h, 'nevent1abc')).toBe('https://app.example/a/nevent1abc');
    expect(handlerLink(h, 'naddr1xyz')).toBe('https://app.example/e/naddr1xyz');
    expect(handlerLink(h, 'nevent1abc', 'ios')).toBeUndefined(); // '.../<bech32>' is no URL
    expect(parseAppHandler(event(31990, ex.nip89.handler_tags))).toBeUndefined(); // k placeholder
    expect(appHandlerFilter(31337)).toEqual({ kinds: [31990], '#k': ['31337'] });
    const r = parseAppRecommendation({ ...event(31989, ex.nip89.recommendation.tags) })!;
    expect(r.kind).toBe(31337);
    expect(r.handlers[0]).toMatchObject({ platform: 'web' });
    expect(imetaOf(event(1, []))).toEqual([]);
  });
});
