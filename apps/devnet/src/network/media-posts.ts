import { bytesToHex } from '@noble/hashes/utils.js';
import { imetaTag } from '@swell/nostr';
import {
  mediaAlt,
  mediaBlurhash,
  mediaSize,
  mediaUrl,
  SHORT_VIDEO_SIZE,
  VIDEO_SIZE,
  videoUrl,
} from '../media.ts';
import type { DemoUser, NetworkBuilder } from './context.ts';
import { sentence } from './content.ts';

const PICTURE_TITLES = [
  'Out walking',
  'Morning light',
  'From the ridge',
  'Weekend hills',
  'Field notes',
];
const VIDEO_TITLES = ['A short clip', 'Test pattern, with sound', 'Four seconds of colour'];

/**
 * Picture posts (NIP-68, kind 20: one to three demo pictures, each `imeta` with its size,
 * blurhash and alt text) and video events (NIP-71: kind 21 with the landscape clip, kind 22 with
 * the portrait one, and an addressable kind 34235), by demo accounts and active users, with a
 * few likes each.
 */
export function buildMediaPosts(b: NetworkBuilder): void {
  const rng = b.rng('media-posts');
  const demo = b.users.filter((u) => u.demo);
  const active = b.users.filter((u) => !u.demo).sort((x, y) => y.activity - x.activity);
  const authors = [...demo, ...active.slice(0, 12)];
  if (authors.length === 0) return;
  const posts: Array<{ id: string; author: DemoUser; at: number }> = [];
  // recent, so they are among the first of Explore > Media (notes with pictures are many)
  const when = () => b.now - rng.int(0, 2 * 86_400);

  authors.forEach((author, i) => {
    const topic = rng.pick(author.topics);
    const at = when();
    const key = bytesToHex(rng.bytes(8));
    const images = Array.from({ length: 1 + (i % 3) }, (_, k) => {
      const k2 = `${key}${k}`;
      const url = mediaUrl(b.baseUrl, 'image', k2);
      return imetaTag({
        url,
        m: 'image/jpeg',
        ...mediaSize('image', k2),
        blurhash: mediaBlurhash('image', k2),
        alt: mediaAlt('image', k2),
      });
    });
    const tags = [
      ['title', rng.pick(PICTURE_TITLES)],
      ...images,
      ['m', 'image/jpeg'],
      ['t', topic.tags[0]!.toLowerCase()],
    ];
    const e = b.publish(
      { kind: 20, created_at: at, tags, content: sentence(rng, topic) },
      author.secretKey,
    );
    posts.push({ id: e.id, author, at });
  });

  // Videos: the landscape clip as kind 21, the portrait one as kind 22 (NIP-71's "short").
  authors.slice(0, 6).forEach((author, i) => {
    const short = i % 2 === 1;
    const size = short ? SHORT_VIDEO_SIZE : VIDEO_SIZE;
    const key = bytesToHex(rng.bytes(8));
    const at = when();
    const title = rng.pick(VIDEO_TITLES);
    const e = b.publish(
      {
        kind: short ? 22 : 21,
        created_at: at,
        tags: [
          ['title', title],
          ['published_at', String(at)],
          ['alt', `A ${size.duration} second test pattern video with a tone`],
          imetaTag({
            url: videoUrl(b.baseUrl, key, short ? 'short' : 'video'),
            m: 'video/mp4',
            width: size.width,
            height: size.height,
            duration: size.duration,
          }),
        ],
        content: sentence(rng, rng.pick(author.topics)),
      },
      author.secretKey,
    );
    posts.push({ id: e.id, author, at });
  });
  // One addressable video (kind 34235), as video sites publish them.
  const author = demo.at(-1) ?? authors[0]!;
  const at = when();
  const video = b.publish(
    {
      kind: 34235,
      created_at: at,
      tags: [
        ['d', bytesToHex(rng.bytes(8))],
        ['title', 'Channel trailer'],
        ['published_at', String(at)],
        imetaTag({
          url: videoUrl(b.baseUrl, bytesToHex(rng.bytes(8))),
          m: 'video/mp4',
          ...VIDEO_SIZE,
        }),
      ],
      content: 'What this channel is about, in four seconds.',
    },
    author.secretKey,
  );
  posts.push({ id: video.id, author, at });

  for (const post of posts) {
    for (const liker of rng.sample(
      b.users.filter((u) => u !== post.author),
      rng.int(1, 12),
    )) {
      b.publish(
        {
          kind: 7,
          created_at: b.after(rng, post.at, 6 * 3600),
          tags: [
            ['e', post.id],
            ['p', post.author.pubkey],
          ],
          content: '+',
        },
        liker.secretKey,
      );
    }
  }
}
