import { bytesToHex } from '@noble/hashes/utils.js';
import { mediaUrl } from '../media.ts';
import { nip19 } from '@swell/nostr';
import type { Rng } from '../rng.ts';
import type { ArticleRef, DemoUser, NetworkBuilder } from './context.ts';
import { sentence } from './content.ts';
import { ARTICLE_TITLES, LINKS, type Topic } from './vocabulary.ts';

function slug(title: string, n: number): string {
  const ascii = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${ascii || 'article'}-${n}`;
}

/**
 * Every third article carries a GFM table and a footnote, built from the topic and the article's
 * number only (no draws from the generator, so the rest of the network stays as it was).
 */
function tableAndFootnote(topic: Topic, n: number): string[] {
  const rows = topic.subjects.slice(0, 3).map((subject, i) => {
    const before = ((n + 2) * (i + 3)) % 9;
    return `| ${subject} | ${before} | ${before + i + 2} |`;
  });
  return [
    '## In numbers',
    ['| What | Before | After |', '| --- | ---: | ---: |', ...rows].join('\n'),
    'The numbers are my own notes, rounded.[^notes]',
    `[^notes]: Kept in a paper notebook about ${topic.name}, one line a day.`,
  ];
}

function paragraph(rng: Rng, topic: Topic): string {
  const parts: string[] = [];
  for (let i = rng.int(3, 6); i > 0; i--) parts.push(sentence(rng, topic));
  return parts.join(' ');
}

/** Long-form articles (30023): markdown with headings, images, links, lists, quotes, code and mentions. */
export function buildArticles(b: NetworkBuilder): void {
  const rng = b.rng('articles');
  const writers = [
    b.users[2]!, // carol writes long-form
    b.users[0]!,
    b.users[6]!,
    ...rng.sample(
      b.users.filter((u) => !u.demo && u.popularity > 0.05),
      12,
    ),
  ];
  const count = Math.max(20, Math.round(b.users.length / 7));
  for (let n = 0; n < count; n++) {
    const author: DemoUser = n < 6 ? writers[n % 3]! : rng.pick(writers);
    const topic = rng.pick(author.topics);
    const title = ARTICLE_TITLES[n % ARTICLE_TITLES.length]!;
    const identifier = slug(title, n);
    const image = mediaUrl(b.baseUrl, 'image', bytesToHex(rng.bytes(8)));
    const paragraphs: string[] = [];
    for (let i = rng.int(5, 10); i > 0; i--) paragraphs.push(paragraph(rng, topic));
    const friend = b.users[rng.int(0, b.users.length - 1)]!;
    const md = [
      `# ${title}`,
      paragraphs[0]!,
      `![${topic.subjects[0]}](${image})`,
      '## Where it started',
      paragraphs[1]!,
      `> ${sentence(rng, topic)}`,
      paragraphs[2]!,
      '## What I learned',
      ['- ' + sentence(rng, topic), '- ' + sentence(rng, topic), '- ' + sentence(rng, topic)].join(
        '\n',
      ),
      paragraphs[3]!,
      topic.name === 'programming'
        ? '```ts\nconst zap = await wallet.pay(invoice);\nconsole.log(zap.preimage);\n```'
        : `More in [this link](${rng.pick(LINKS)}).`,
      `Thanks to nostr:${nip19.npubEncode(friend.pubkey)} for reading drafts.`,
      ...paragraphs.slice(4, 5),
      ...(n % 3 === 0 ? tableAndFootnote(topic, n) : []),
      ...paragraphs.slice(5),
    ].join('\n\n');
    const created = b.start + rng.int(0, b.now - b.start - 3 * 3600);
    const tags = [
      ['d', identifier],
      ['title', title],
      ['summary', paragraphs[0]!.slice(0, 140)],
      ['image', image],
      ['published_at', String(created)],
      ...rng.sample(topic.tags, rng.int(1, 3)).map((t) => ['t', t.toLowerCase()]),
      ['p', friend.pubkey],
    ];
    const event = b.publish(
      { kind: 30023, created_at: created, tags, content: md },
      author.secretKey,
    );
    const ref: ArticleRef = {
      event,
      author,
      identifier,
      coordinate: `30023:${author.pubkey}:${identifier}`,
      paragraphs,
    };
    b.articles.push(ref);
  }
  b.articles.sort((x, y) => x.event.created_at - y.event.created_at);
}

/** Highlights (9802) of passages from articles and of notes. */
export function buildHighlights(b: NetworkBuilder): void {
  const rng = b.rng('highlights');
  const readers = b.users.filter((u) => u.demo || u.activity > 1);
  for (let i = Math.max(15, b.articles.length); i > 0; i--) {
    const article = rng.pick(b.articles);
    const reader = i % 4 === 0 ? b.users[6]! : rng.pick(readers);
    if (reader === article.author) continue;
    const context = rng.pick(article.paragraphs);
    const sentences = context.split(/(?<=[.!…])\s+/);
    b.publish(
      {
        kind: 9802,
        created_at: b.after(rng, article.event.created_at, 12 * 3600),
        tags: [
          ['a', article.coordinate, b.relayUrl],
          ['p', article.author.pubkey, b.relayUrl, 'author'],
          ['context', context],
          ...(rng.chance(0.3) ? [['comment', 'So true.']] : []),
        ],
        content: rng.pick(sentences),
      },
      reader.secretKey,
    );
  }
  // One highlight for sure on an article with a table (the reads screens show both).
  const tabled = b.articles.find((a) => a.event.content.includes('| --- |'));
  const highlighter = b.users.find((u) => u.demo && u !== tabled?.author);
  if (tabled && highlighter) {
    const context = tabled.paragraphs[1]!;
    b.publish(
      {
        kind: 9802,
        created_at: tabled.event.created_at + 3600,
        tags: [
          ['a', tabled.coordinate, b.relayUrl],
          ['p', tabled.author.pubkey, b.relayUrl, 'author'],
          ['context', context],
        ],
        content: context.split(/(?<=[.!…])\s+/)[0]!,
      },
      highlighter.secretKey,
    );
  }
  const roots = b.notes.filter((n) => n.depth === 0 && !n.deleted && n.event.content.length > 40);
  for (const note of rng.sample(roots, 8)) {
    const reader = rng.pick(readers);
    b.publish(
      {
        kind: 9802,
        created_at: b.after(rng, note.event.created_at, 6 * 3600),
        tags: [
          ['e', note.event.id, b.relayUrl],
          ['p', note.author.pubkey, b.relayUrl, 'author'],
        ],
        content: note.event.content.split('\n')[0]!,
      },
      reader.secretKey,
    );
  }
}
