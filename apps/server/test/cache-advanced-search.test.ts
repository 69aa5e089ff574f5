import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NostrEvent } from '@swell/nostr';
import { npubEncode } from 'nostr-tools/nip19';
import {
  backendServer,
  BACKENDS,
  CacheClient,
  importAll,
  User,
  zapReceipt,
} from './cache-helpers.ts';

// Every operator the reference client's advanced search builder emits (AdvancedSearch.tsx of the
// stock client 2.0.11; cache-protocol.md section 8), on a small network whose answers are known.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const me = new User();
const [a, b, c, d, e] = [new User(), new User(), new User(), new User(), new User()];
const wallet = new User();
const npub = (u: User) => npubEncode(u.pubkey);
const now = Math.floor(Date.now() / 1000);
const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

const notes: Record<string, NostrEvent> = {};
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

function network(): NostrEvent[] {
  const at = (s: number) => now - s;
  const n1 = a.sign(1, 'jazz night tonight', [], at(100));
  const n2 = b.sign(1, 'is jazz great? who agrees', [], at(99));
  const n3 = c.sign(1, 'jazz photo https://x.example/a.jpg', [], at(98));
  const n4 = d.sign(1, 'jazz video https://x.example/v.mp4', [], at(97));
  const n5 = e.sign(1, 'jazz track https://x.example/t.mp3', [], at(96));
  const n6 = d.sign(
    1,
    'jazz reply to a',
    [
      ['e', n1.id, '', 'reply'],
      ['p', a.pubkey],
    ],
    at(95),
  );
  const article = a.sign(30023, `jazz history ${words(300)}`, [['d', 'jazz-history']], at(94));
  const n7 = b.sign(
    1,
    'jazz comment on the history',
    [
      ['a', `30023:${a.pubkey}:jazz-history`],
      ['e', article.id, '', 'root'],
      ['p', a.pubkey],
    ],
    at(93),
  );
  const n8 = c.sign(1, 'blues only', [], at(92));
  const n9 = a.sign(1, `jazz with nostr:${npub(d)}`, [['p', d.pubkey]], at(91));
  const n10 = e.sign(1, 'jazz hello', [['p', me.pubkey]], at(90));
  const n11 = e.sign(1, 'jazz of old', [], at(10 * 86400));
  Object.assign(notes, { n1, n2, n3, n4, n5, n6, article, n7, n8, n9, n10, n11 });
  const like = (u: User, n: NostrEvent, s: number) =>
    u.sign(
      7,
      '+',
      [
        ['e', n.id],
        ['p', n.pubkey],
      ],
      at(s),
    );
  return [
    me.sign(
      3,
      '',
      [
        ['p', a.pubkey],
        ['p', b.pubkey],
      ],
      at(200),
    ),
    a.sign(3, '', [['p', c.pubkey]], at(200)),
    ...Object.values(notes),
    like(b, n1, 80),
    like(c, n1, 79),
    like(d, n1, 78),
    like(a, n2, 77),
    c.sign(
      6,
      '',
      [
        ['e', n1.id],
        ['p', a.pubkey],
      ],
      at(76),
    ),
    zapReceipt(wallet, e, n2, 500, at(75)),
  ];
}

describe.each(BACKENDS)('advanced search on %s', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let client: CacheClient;
  /** The ids an advsearch feed answers, as the note names above. */
  const search = async (query: string, extra: object = {}) => {
    const page = await client.page('mega_feed_directive', {
      spec: JSON.stringify({ id: 'advsearch', query }),
      user_pubkey: me.pubkey,
      limit: 50,
      ...extra,
    });
    const name = new Map(Object.entries(notes).map(([k, v]) => [v.id, k]));
    return { ids: (page.range?.elements ?? []).map((id) => name.get(id) ?? id), page };
  };
  const names = async (query: string) => (await search(query)).ids;
  const set = async (query: string) => new Set(await names(query));
  const jazzNotes = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n9', 'n10', 'n11'];

  beforeAll(async () => {
    server = await backendServer(backend);
    client = await CacheClient.open(server.wsUrl('/v1'), false);
    await importAll(client, network());
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  it('finds with pas:1 what it finds without (the builder appends it to every query)', async () => {
    expect(await set('jazz')).toEqual(new Set(jazzNotes));
    expect(await names('jazz pas:1')).toEqual(await names('jazz'));
    expect(await names('kind:1 jazz pas:1')).toEqual(await names('jazz'));
  });

  it('kind: and repliestokind:', async () => {
    expect(await names('kind:30023 jazz')).toEqual(['article']);
    expect(await names('kind:1 repliestokind:1 jazz')).toEqual(['n6']);
    expect(await names('kind:1 repliestokind:30023')).toEqual(['n7']);
  });

  it('filter:image, filter:video, filter:audio', async () => {
    expect(await names('filter:image')).toEqual(['n3']);
    expect(await names('filter:video')).toEqual(['n4']);
    expect(await names('filter:audio')).toEqual(['n5']);
  });

  it('from:, to:, zappedby:, @ mentions and following:, alone and in OR groups', async () => {
    expect(await set(`jazz from:${npub(a)}`)).toEqual(new Set(['n1', 'n9']));
    expect(await set(`jazz (from:${npub(a)} OR from:${npub(b)})`)).toEqual(
      new Set(['n1', 'n2', 'n7', 'n9']),
    );
    expect(await set(`jazz to:${npub(a)}`)).toEqual(new Set(['n6', 'n7']));
    expect(await names(`zappedby:${npub(e)}`)).toEqual(['n2']);
    expect(await names(`jazz @${npub(d)}`)).toEqual(['n9']);
    expect(await names(`jazz following:${npub(a)}`)).toEqual(['n3']);
    // a group of words: any of them
    expect(await set('(blues OR photo)')).toEqual(new Set(['n3', 'n8']));
  });

  it('since: relative and custom, until:', async () => {
    expect(await set('jazz since:lastweek')).toEqual(new Set(jazzNotes.filter((n) => n !== 'n11')));
    expect(await set('jazz since:yesterday')).toEqual(
      new Set(jazzNotes.filter((n) => n !== 'n11')),
    );
    expect(await names('jazz since:lastmonth')).toContain('n11');
    expect(await names('jazz since:lastyear')).toContain('n11');
    const old = notes.n11!.created_at;
    expect(await names(`jazz since:${day(old)} until:${day(old)}`)).toEqual(['n11']);
  });

  it('every scope:', async () => {
    expect(await set('jazz scope:myfollows')).toEqual(new Set(['n1', 'n2', 'n7', 'n9']));
    expect(await set('jazz scope:mynetwork')).toEqual(new Set(['n1', 'n2', 'n3', 'n7', 'n9']));
    expect(await set('jazz scope:notmyfollows')).toEqual(
      new Set(['n3', 'n4', 'n5', 'n6', 'n10', 'n11']),
    );
    // notes the people I follow liked, reposted, replied to or zapped
    expect(await set('jazz scope:myfollowsinteractions')).toEqual(new Set(['n1', 'n2']));
    expect(await set('jazz scope:mynetworkinteractions')).toEqual(new Set(['n1', 'n2']));
    expect(await names('jazz scope:mynotifications')).toEqual(['n10']);
    expect(await set('jazz scope:global')).toEqual(new Set(jazzNotes));
  });

  it('sentiments: ? asks, :) and :( are accepted and ignored', async () => {
    expect(await names('jazz ?')).toEqual(['n2']);
    expect(await names('jazz :)')).toEqual(await names('jazz'));
    expect(await names('jazz :(')).toEqual(await names('jazz'));
  });

  it('orientation: and min/maxduration: are accepted and ignored', async () => {
    expect(await names('filter:video orientation:vertical minduration:5 maxduration:60')).toEqual([
      'n4',
    ]);
    expect(await names('filter:image orientation:horizontal')).toEqual(['n3']);
  });

  it('minwords: and maxwords:', async () => {
    expect(await names('kind:30023 jazz minwords:200')).toEqual(['article']);
    expect(await names('kind:30023 jazz maxwords:100')).toEqual([]);
    expect(await names('kind:30023 jazz minwords:100 maxwords:400')).toEqual(['article']);
  });

  it('minscore:, mininteractions:, minlikes:, minzaps:, minreplies:, minreposts:', async () => {
    // n1: three likes (1 each), a repost (7), a short reply (1); n2: a like and a zap (5)
    expect(await names('jazz minscore:10')).toEqual(['n1']);
    expect(await set('jazz minscore:6')).toEqual(new Set(['n1', 'n2']));
    expect(await set('jazz mininteractions:2')).toEqual(new Set(['n1', 'n2']));
    expect(await names('jazz minlikes:2')).toEqual(['n1']);
    expect(await names('jazz minzaps:1')).toEqual(['n2']);
    expect(await names('jazz minreplies:1')).toEqual(['n1']);
    expect(await names('jazz minreposts:1')).toEqual(['n1']);
  });

  it('orderby:score, replies, satszapped and likes, paged by that value', async () => {
    expect((await names('jazz orderby:likes')).slice(0, 2)).toEqual(['n1', 'n2']);
    expect((await names('jazz orderby:score'))[0]).toBe('n1');
    expect((await names('jazz orderby:replies'))[0]).toBe('n1');
    const zapped = await search('jazz orderby:satszapped');
    expect(zapped.ids[0]).toBe('n2');
    expect(zapped.page.range?.order_by).toBe('satszapped');
    // the next page starts below the lowest value shown
    const first = await search('jazz orderby:likes', { limit: 1 });
    expect(first.ids).toEqual(['n1']);
    const next = await search('jazz orderby:likes', {
      limit: 1,
      until: first.page.range!.since,
      offset: 1,
    });
    expect(next.ids).toEqual(['n2']);
  });
});
