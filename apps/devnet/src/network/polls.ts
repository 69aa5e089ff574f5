import type { DemoUser, NetworkBuilder } from './context.ts';
import { publishZap } from './zaps.ts';

/** Questions of the demo polls, with their options; `multi` ones take several answers. */
const POLLS: Array<{ question: string; options: string[]; multi?: boolean }> = [
  { question: 'Best time of day for a walk?', options: ['Sunrise', 'Noon', 'Sunset', 'Midnight'] },
  {
    question: 'Which client do you open first in the morning?',
    options: ['Web', 'Phone', 'Terminal'],
  },
  {
    question: 'What should the next meetup be about?',
    options: ['Lightning', 'Self-hosting', 'Photography', 'Cooking', 'Maps'],
    multi: true,
  },
  { question: 'Coffee or tea?', options: ['Coffee', 'Tea', 'Both', 'Neither'] },
  { question: 'How many relays do you use?', options: ['1-3', '4-8', 'More than 8'] },
  {
    question: 'Which of these have you tried this year?',
    options: ['Sourdough', 'Bouldering', 'A new language', 'Running a node'],
    multi: true,
  },
  { question: 'Paper maps or phone maps?', options: ['Paper', 'Phone'] },
  { question: 'Favourite season for hiking?', options: ['Spring', 'Summer', 'Autumn', 'Winter'] },
];

const ZAP_POLLS: Array<{ question: string; options: string[]; min: number; max: number }> = [
  {
    question: 'Zap for the next demo feature!',
    options: ['Polls', 'Pictures', 'Videos'],
    min: 21,
    max: 10_000,
  },
  {
    question: 'One zap, one vote: best sats amount?',
    options: ['21', '69', '420'],
    min: 21,
    max: 21,
  },
];

const DAY = 86_400;

/** A random 9-character option id, as NIP-88's example and several clients make them. */
function optionId(b: NetworkBuilder, label: string, i: number): string {
  return b
    .rng(`poll-option:${label}:${i}`)
    .bytes(6)
    .reduce((s, x) => s + (x % 36).toString(36), '');
}

/**
 * Polls (NIP-88, kind 1068) by users with followers, half of them by demo accounts: some ended,
 * some open relative to the demo's `now`, one without an end; votes (kind 1018) from other users
 * and demo accounts, a few changed later, a few after the end (which do not count). Then two zap
 * polls (kind 6969) with zaps that name their option.
 */
export function buildPolls(b: NetworkBuilder): void {
  const rng = b.rng('polls');
  const demo = b.users.filter((u) => u.demo);
  const others = b.users.filter((u) => !u.demo).sort((x, y) => y.popularity - x.popularity);
  const voters = b.users;
  if (voters.length === 0) return;
  // demo accounts and the most followed others, by turns (a small network has fewer of either)
  const authorOf = (i: number): DemoUser =>
    (i % 2 === 0 ? demo[(i / 2) % demo.length] : others[i % others.length]) ??
    voters[i % voters.length]!;
  POLLS.forEach((spec, i) => {
    const author = authorOf(i);
    const created = b.now - rng.int(1, 10) * DAY - rng.int(0, DAY);
    // alternately ended (within the last days) and open (for a few days more); the last has no end
    const endsAt =
      i === POLLS.length - 1
        ? undefined
        : i % 2 === 0
          ? Math.min(b.now - 3600, created + rng.int(1, 3) * DAY)
          : b.now + rng.int(1, 4) * DAY;
    const options = spec.options.map((label, k) => ({ id: optionId(b, spec.question, k), label }));
    const tags: string[][] = options.map((o) => ['option', o.id, o.label]);
    tags.push(['relay', b.relayUrl], ['polltype', spec.multi ? 'multiplechoice' : 'singlechoice']);
    if (endsAt !== undefined) tags.push(['endsAt', String(endsAt)]);
    const poll = b.publish(
      { kind: 1068, created_at: created, tags, content: spec.question },
      author.secretKey,
    );
    const last = Math.min(b.now, endsAt ?? b.now);
    // every demo account but the author votes on the first polls, other users on all
    const who = [
      ...(i < 4 ? demo.filter((u) => u !== author) : []),
      ...rng.sample(
        voters.filter((u) => !u.demo && u !== author),
        rng.int(8, 40),
      ),
    ];
    for (const voter of who) {
      const choose = () =>
        spec.multi
          ? rng.sample(options, rng.int(1, 2)).map((o) => o.id)
          : [options[rng.weighted(options.map((_, k) => options.length - k))]!.id];
      const at = Math.min(last, b.after(rng, created, (last - created) / 3));
      const vote = (choice: string[], t: number) =>
        b.publish(
          {
            kind: 1018,
            created_at: t,
            tags: [['e', poll.id], ...choice.map((c) => ['response', c])],
            content: '',
          },
          voter.secretKey,
        );
      vote(choose(), at);
      if (rng.chance(0.1) && at < last) vote(choose(), Math.min(last, at + rng.int(60, 3600)));
      if (endsAt !== undefined && endsAt < b.now && rng.chance(0.05))
        vote(choose(), Math.min(b.now, endsAt + rng.int(60, 3600)));
    }
  });

  ZAP_POLLS.forEach((spec, i) => {
    const author = demo[(i + 1) % demo.length] ?? authorOf(i + 1);
    const created = b.now - rng.int(2, 6) * DAY;
    const closedAt = i === 0 ? b.now + 2 * DAY : b.now - DAY;
    const options = spec.options.map((label, k) => ({ id: String(k), label }));
    const poll = b.publish(
      {
        kind: 6969,
        created_at: created,
        tags: [
          ...options.map((o) => ['poll_option', o.id, o.label]),
          ['p', author.pubkey, b.relayUrl],
          ['relay', b.relayUrl],
          ['value_minimum', String(spec.min)],
          ['value_maximum', String(spec.max)],
          ['closed_at', String(closedAt)],
        ],
        content: spec.question,
      },
      author.secretKey,
    );
    for (const voter of rng.sample(
      voters.filter((u) => u !== author),
      rng.int(6, 14),
    )) {
      const sats = spec.min === spec.max ? spec.min : rng.pick([21, 100, 500, 1000, 2100]);
      const option = options[rng.int(0, options.length - 1)]!;
      publishZap(
        b,
        rng,
        voter,
        author,
        created,
        { e: poll.id, k: '6969' },
        { sats, tags: [['poll_option', option.id]] },
      );
    }
  });
}
