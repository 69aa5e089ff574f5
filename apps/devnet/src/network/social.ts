import type { DemoUser, NetworkBuilder } from './context.ts';
import { MUTED_WORDS, TOPICS } from './vocabulary.ts';

const PUBLIC_RELAYS = [
  'wss://relay.damus.io',
  'wss://nos.lol',
  'wss://relay.primal.net',
  'wss://relay.nostr.band',
];

/** Follow graph (kind 3): a few very followed accounts, a long tail, demo accounts well connected. */
export function buildFollows(b: NetworkBuilder): void {
  const rng = b.rng('follows');
  const weights = b.popularityWeights().map((p) => p + 0.002);
  const demo = b.users.filter((u) => u.demo);
  for (const u of b.users) {
    const target = u.demo
      ? rng.int(60, 110)
      : Math.round(Math.min(200, Math.max(3, rng.heavyTail(30, 0.9))));
    const follows = new Set<number>();
    if (u.demo) {
      for (const d of demo) if (d !== u) follows.add(d.index);
    } else if (rng.chance(0.5)) {
      follows.add(rng.pick(demo).index);
    }
    for (let guard = 0; follows.size < target && guard < target * 20; guard++) {
      const other = b.pickUser(rng, weights, u);
      follows.add(other.index);
    }
    u.follows = [...follows].sort((x, y) => x - y);
    b.publish(
      {
        kind: 3,
        created_at: b.start + rng.int(0, 5 * 86400),
        tags: u.follows.map((i) => ['p', b.users[i]!.pubkey]),
        content: '',
      },
      u.secretKey,
    );
  }
}

/**
 * Follows of the last day: some people follow a few more accounts (a new kind 3 with the old
 * follows and the new ones), so "who gained followers in 24 h" (Explore > People) has answers.
 * Runs last, after every stage that reads the follow graph.
 */
export function buildRecentFollows(b: NetworkBuilder): void {
  const rng = b.rng('recent-follows');
  const weights = b.popularityWeights().map((p) => p + 0.002);
  const people = rng.sample(
    b.users.filter((u) => !u.demo),
    Math.min(60, b.users.length),
  );
  for (const u of people) {
    const follows = new Set(u.follows);
    const before = follows.size;
    const wanted = before + rng.int(1, 4);
    for (let guard = 0; follows.size < wanted && guard < 50; guard++) {
      follows.add(b.pickUser(rng, weights, u).index);
    }
    if (follows.size === before) continue;
    u.follows = [...follows].sort((x, y) => x - y);
    b.publish(
      {
        kind: 3,
        created_at: b.now - rng.int(10 * 60, 23 * 3600),
        tags: u.follows.map((i) => ['p', b.users[i]!.pubkey]),
        content: '',
      },
      u.secretKey,
    );
  }
}

/** Relay lists (10002), and DM relay lists (10050) for the people who use NIP-17. */
export function buildRelayLists(b: NetworkBuilder): void {
  const rng = b.rng('relays');
  for (const u of b.users) {
    if (!u.demo && !rng.chance(0.8)) continue;
    const tags: string[][] = [['r', b.relayUrl]];
    // Demo accounts only use the local relay, so publishing works offline.
    if (!u.demo) {
      for (const r of rng.sample(PUBLIC_RELAYS, rng.int(1, 3))) {
        tags.push(rng.chance(0.2) ? ['r', r, rng.pick(['read', 'write'])] : ['r', r]);
      }
    }
    const at = b.start + rng.int(0, 10 * 86400);
    b.publish({ kind: 10002, created_at: at, tags, content: '' }, u.secretKey);
    if (u.demo || rng.chance(0.2)) {
      b.publish(
        { kind: 10050, created_at: at + 1, tags: [['relay', b.relayUrl]], content: '' },
        u.secretKey,
      );
    }
  }
}

/** Mute lists (10000) and the filter lists people subscribe to (30000 mutelists / allowlist). */
export function buildModerationLists(b: NetworkBuilder): void {
  const rng = b.rng('moderation');
  const spamish = b.users.filter((u) => !u.demo && u.popularity < 0.05);
  for (const u of b.users) {
    if (!(u.demo || rng.chance(0.2))) continue;
    const tags: string[][] = rng
      .sample(
        spamish.filter((s) => !u.follows.includes(s.index)),
        rng.int(1, 4),
      )
      .map((m) => ['p', m.pubkey]);
    for (const w of rng.sample(MUTED_WORDS, rng.int(0, 2))) tags.push(['word', w]);
    if (rng.chance(0.3)) tags.push(['t', 'airdrop']);
    b.publish(
      { kind: 10000, created_at: b.start + rng.int(0, 20 * 86400), tags, content: '' },
      u.secretKey,
    );
  }
  const curators: DemoUser[] = [
    b.users[5]!,
    ...rng.sample(
      b.users.filter((u) => !u.demo),
      3,
    ),
  ];
  for (const c of curators) {
    const scopes = JSON.stringify(['content', 'trending']);
    b.publish(
      {
        kind: 30000,
        created_at: b.start + rng.int(0, 20 * 86400),
        tags: [
          ['d', 'mutelists'],
          ...rng
            .sample(spamish, rng.int(3, 8))
            .map((m) => ['p', m.pubkey, b.relayUrl, m.name, scopes]),
        ],
        content: '',
      },
      c.secretKey,
    );
  }
  const allowCurator = curators[0]!;
  b.publish(
    {
      kind: 30000,
      created_at: b.start + rng.int(0, 20 * 86400),
      tags: [
        ['d', 'allowlist'],
        ...b.users.filter((u) => u.popularity > 0.3).map((u) => ['p', u.pubkey]),
      ],
      content: '',
    },
    allowCurator.secretKey,
  );
}

/** Bookmarks (10003): notes and articles people saved. */
export function buildBookmarks(b: NetworkBuilder): void {
  const rng = b.rng('bookmarks');
  const liveNotes = b.notes.filter((n) => !n.deleted && n.depth === 0);
  for (const u of b.users) {
    if (!(u.demo || rng.chance(0.3)) || liveNotes.length === 0) continue;
    const saved = rng
      .sample(liveNotes, rng.int(2, 10))
      .sort((x, y) => x.event.created_at - y.event.created_at);
    const tags = saved.map((n) => ['e', n.event.id]);
    for (const a of rng.sample(b.articles, rng.int(0, 2))) tags.push(['a', a.coordinate]);
    if (u.demo) tags.push(['t', rng.pick(TOPICS).tags[0]!]);
    const last = saved.at(-1)!.event.created_at;
    b.publish(
      { kind: 10003, created_at: b.after(rng, last, 3600), tags, content: '' },
      u.secretKey,
    );
  }
}
