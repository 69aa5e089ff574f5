import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextPage } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User } from './cache-helpers.ts';

// Real servers on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// A muted spammer's posts are the newest of a thread and of a topic: the pages a reader walks
// must skip them without ending early (an empty page ends the walk).
const now = Math.floor(Date.now() / 1000);
const reader = new User();
const carol = new User();
const friends = [new User(), new User(), new User()];
const spammer = new User();
const root = carol.sign(1, 'what do you think?', [], now - 2000);
const replyTags = [
  ['e', root.id, '', 'root'],
  ['p', carol.pubkey],
];
const goodReplies = friends.map((f, i) =>
  f.sign(1, `a real answer ${i}`, replyTags, now - 900 + i),
);
const spamReplies = Array.from({ length: 8 }, (_, i) =>
  spammer.sign(1, `buy now ${i}`, replyTags, now - 100 + i),
);
const article = (u: User, d: string, at: number) =>
  u.sign(
    30023,
    `# ${d}\n\nlong text`,
    [
      ['d', d],
      ['title', d],
      ['t', 'gardening'],
    ],
    at,
  );
const goodArticles = friends.map((f, i) => article(f, `good-${i}`, now - 900 + i));
const spamArticles = Array.from({ length: 8 }, (_, i) =>
  article(spammer, `spam-${i}`, now - 100 + i),
);

// A followed friend reposted the spammer many times, after writing notes of their own.
const friendNotes = Array.from({ length: 3 }, (_, i) =>
  friends[0]!.sign(1, `my own note ${i}`, [], now - 900 + i),
);
const spamNotes = Array.from({ length: 8 }, (_, i) =>
  spammer.sign(1, `spam note ${i}`, [], now - 200 + i),
);
const reposts = spamNotes.map((n, i) =>
  friends[0]!.sign(
    6,
    JSON.stringify(n),
    [
      ['e', n.id],
      ['p', spammer.pubkey],
    ],
    now - 100 + i,
  ),
);

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
  const c = await CacheClient.open(server.wsUrl('/v1'), false);
  await importAll(c, [
    root,
    ...goodReplies,
    ...spamReplies,
    ...goodArticles,
    ...spamArticles,
    reader.sign(10000, '', [['p', spammer.pubkey]], now - 3000),
    reader.sign(3, '', [['p', friends[0]!.pubkey]], now - 3000),
    ...friendNotes,
    ...spamNotes,
    ...reposts,
  ]);
  c.close();
});
afterAll(async () => {
  await server?.close();
});

describe.each([false, true])('muted authors and paging (zlib %s)', (zlib) => {
  let c: CacheClient;
  beforeAll(async () => {
    c = await CacheClient.open(server.wsUrl('/v1'), zlib);
  });
  afterAll(() => c.close());

  async function walk(command: string, base: Record<string, unknown>, skip: string[] = []) {
    const shown: NostrEvent[] = [];
    let cursor: { until: number; offset: number } | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const page = await c.page(command, { ...base, limit: 3, ...(cursor ?? {}) });
      shown.push(...page.notes.filter((n) => !skip.includes(n.id)));
      cursor = nextPage(
        page.range,
        shown.map((n) => n.created_at),
      );
      if (!cursor) break;
    }
    return shown;
  }

  it('thread_view pages past a muted spammer to every other reply', async () => {
    const shown = await walk('thread_view', { event_id: root.id, user_pubkey: reader.pubkey }, [
      root.id,
    ]);
    expect(shown.map((n) => n.id)).toEqual(goodReplies.map((n) => n.id).reverse());
  });

  it('a reads topic pages past a muted spammer to every other article', async () => {
    const shown = await walk('mega_feed_directive', {
      spec: '{"kind":"reads","topic":"gardening"}',
      user_pubkey: reader.pubkey,
    });
    expect(shown.map((n) => n.id)).toEqual(goodArticles.map((n) => n.id).reverse());
  });

  it('the home feed pages past reposts of a muted spammer to the notes of a follow', async () => {
    const shown = await walk('mega_feed_directive', {
      spec: '{"id":"latest","kind":"notes"}',
      user_pubkey: reader.pubkey,
    });
    expect(shown.map((n) => n.id)).toEqual(friendNotes.map((n) => n.id).reverse());
  });
});
