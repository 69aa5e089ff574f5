import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { CacheApi } from '../src/cache/cache-api.ts';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { LocalKeySigner } from '../src/signers/local-key-signer.ts';
import { groupNotifications, tabOfType } from '../src/notifications/notification-groups.ts';
import { NotificationsFeed } from '../src/notifications/notifications-feed.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';

let server: ClientTestServer;
let cache: CacheConnection;
let api: CacheApi;

beforeAll(async () => {
  server = await clientTestServer();
  cache = new CacheConnection({ url: server.cacheUrl, noBinary: true });
  cache.connect();
  api = new CacheApi(cache);
});
afterAll(async () => {
  cache?.disconnect();
  await server?.close();
});

async function publish(event: NostrEvent): Promise<void> {
  const ws = new WebSocket(server.relayUrl);
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  const ok = new Promise<unknown[]>((resolve) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as unknown[];
      if (msg[0] === 'OK' && msg[1] === event.id) resolve(msg);
    };
  });
  ws.send(JSON.stringify(['EVENT', event]));
  expect((await ok)[2]).toBe(true);
  ws.close();
}

let t = Math.floor(Date.now() / 1000) - 600;
const sign = (sk: Uint8Array, kind: number, tags: string[][], content = '') =>
  finalizeEvent({ kind, created_at: ++t, tags, content }, sk);

describe('notifications on the real server', () => {
  it('groups likes of a post, keeps replies and mentions apart, pages new above older', async () => {
    const aliceSk = generateSecretKey();
    const alice = getPublicKey(aliceSk);
    const others = [0, 1, 2].map(() => generateSecretKey());
    const [bob, carol, dave] = others.map((sk) => getPublicKey(sk));
    const note = sign(aliceSk, 1, [], 'hello world');
    await publish(note);
    await publish(
      sign(
        others[0]!,
        7,
        [
          ['e', note.id],
          ['p', alice],
        ],
        '+',
      ),
    );
    await publish(
      sign(
        others[1]!,
        7,
        [
          ['e', note.id],
          ['p', alice],
        ],
        '+',
      ),
    );
    await publish(
      sign(
        others[0]!,
        1,
        [
          ['e', note.id, '', 'reply'],
          ['p', alice],
        ],
        'nice!',
      ),
    );
    await publish(sign(others[2]!, 1, [['p', alice]], 'look at this, nostr:npub'));
    await publish(
      sign(
        others[0]!,
        6,
        [
          ['e', note.id],
          ['p', alice],
        ],
        JSON.stringify(note),
      ),
    );

    const feed = new NotificationsFeed({
      api,
      me: alice,
      group: 'all',
      signer: () => new LocalKeySigner(aliceSk),
    });
    await feed.load();
    let snap = feed.getSnapshot();
    expect(snap.seenUntil).toBe(0);
    const verbs = snap.fresh.map((g) => `${g.verb}:${g.actors.length}`);
    expect(verbs).toEqual(['reposted:1', 'mentioned:1', 'replied:1', 'liked:2']);
    const liked = snap.fresh.find((g) => g.verb === 'liked')!;
    expect(liked.subjectId).toBe(note.id);
    expect(liked.actors).toEqual([carol, bob]);
    expect(snap.fresh.find((g) => g.verb === 'mentioned')!.actors).toEqual([dave]);
    expect(snap.older).toEqual([]);

    // Tabs ask the server for their types only.
    const replies = new NotificationsFeed({ api, me: alice, group: 'replies', signer: () => null });
    await replies.load();
    expect(replies.getSnapshot().fresh.map((g) => g.verb)).toEqual(['replied']);

    // Viewed: everything so far is older; a new like shows above it.
    await new Promise((r) => setTimeout(r, 1100));
    await feed.markSeen();
    const counts: Array<Record<string, number>> = [];
    const stop = api.notificationCounts(alice, (c) => counts.push(c));
    await waitFor(() => counts.length > 0, 5000, 'counts');
    stop();
    expect(Object.values(counts.at(-1)!).reduce((a, n) => a + n, 0)).toBe(0);
    t = Math.floor(Date.now() / 1000) + 1;
    await publish(
      sign(
        others[2]!,
        7,
        [
          ['e', note.id],
          ['p', alice],
        ],
        '+',
      ),
    );
    await feed.load();
    snap = feed.getSnapshot();
    expect(snap.seenUntil).toBeGreaterThan(0);
    expect(snap.fresh.map((g) => `${g.verb}:${g.actors.join()}`)).toEqual([`liked:${dave}`]);
    expect(snap.older.map((g) => g.verb)).toEqual(['reposted', 'mentioned', 'replied', 'liked']);
  }, 60_000);

  it('sums zaps of a post and keeps each message', () => {
    const groups = groupNotifications([
      {
        id: 'a',
        pubkey: 'me',
        created_at: 10,
        type: 3,
        your_post: 'p1',
        who_zapped_it: 'x',
        satszapped: 21,
        message: 'gm',
      },
      {
        id: 'b',
        pubkey: 'me',
        created_at: 12,
        type: 3,
        your_post: 'p1',
        who_zapped_it: 'y',
        satszapped: 1000,
      },
      {
        id: 'c',
        pubkey: 'me',
        created_at: 11,
        type: 3,
        your_post: 'p2',
        who_zapped_it: 'x',
        satszapped: 5,
      },
      { id: 'd', pubkey: 'me', created_at: 9, type: 999 },
    ]);
    expect(groups.map((g) => [g.subjectId, g.sats, g.actors])).toEqual([
      ['p1', 1021, ['y', 'x']],
      ['p2', 5, ['x']],
    ]);
    expect(groups[0]!.zaps).toEqual([
      { actor: 'y', sats: 1000 },
      { actor: 'x', sats: 21, message: 'gm' },
    ]);
  });

  it('reads comments and highlights of one’s posts, one item each, comments among the replies', () => {
    const groups = groupNotifications([
      {
        id: 'a',
        pubkey: 'me',
        created_at: 10,
        type: 301,
        your_post: 'art',
        who_commented_on_it: 'x',
        comment: 'c1',
      },
      {
        id: 'b',
        pubkey: 'me',
        created_at: 9,
        type: 301,
        your_post: 'art',
        who_commented_on_it: 'y',
        comment: 'c2',
      },
      {
        id: 'c',
        pubkey: 'me',
        created_at: 8,
        type: 302,
        your_post: 'art',
        who_highlighted_it: 'x',
        highlight: 'h1',
      },
    ]);
    expect(groups.map((g) => [g.verb, g.subject, g.subjectId, g.sourceId, g.actors])).toEqual([
      ['commented', 'yours', 'art', 'c1', ['x']],
      ['commented', 'yours', 'art', 'c2', ['y']],
      ['highlighted', 'yours', 'art', 'h1', ['x']],
    ]);
    expect([tabOfType(301), tabOfType(302)]).toEqual(['replies', null]);
  });
});
