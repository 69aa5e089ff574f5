import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NostrEvent } from '@swell/nostr';
import { finalizeEvent } from 'nostr-tools/pure';
import { testServer } from './helpers.ts';
import { newPool, relaySocket, testUser } from './relay-helpers.ts';

/** Generous: the machine running the tests may be busy. */
const POLL = { timeout: 15_000 };

describe('NIP-01 relay driven by nostr-tools SimplePool', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let url: string;
  const pool = newPool();
  const alice = testUser();
  const bob = testUser();
  const notes: NostrEvent[] = [];

  beforeAll(async () => {
    server = await testServer();
    url = server.wsUrl('/relay');
    for (let i = 0; i < 5; i++) {
      notes.push(
        alice.sign({ kind: 1, content: `note ${i}`, tags: [['t', i % 2 ? 'odd' : 'even']] }),
      );
    }
    for (const n of notes) await Promise.all(pool.publish([url], n));
  });
  afterAll(async () => {
    pool.destroy();
    await server.close();
  });

  it('queries by ids, authors, kinds, tags, since, until and limit', async () => {
    const byId = await pool.querySync([url], { ids: [notes[2]!.id] });
    expect(byId.map((e) => e.id)).toEqual([notes[2]!.id]);

    const byAuthor = await pool.querySync([url], { authors: [alice.pubkey], kinds: [1] });
    expect(byAuthor.map((e) => e.id).sort()).toEqual(notes.map((e) => e.id).sort());

    expect(await pool.querySync([url], { authors: [bob.pubkey] })).toEqual([]);
    expect(await pool.querySync([url], { authors: [alice.pubkey], kinds: [7] })).toEqual([]);

    const odd = await pool.querySync([url], { '#t': ['odd'] });
    expect(odd.map((e) => e.content).sort()).toEqual(['note 1', 'note 3']);

    const window = await pool.querySync([url], {
      authors: [alice.pubkey],
      since: notes[1]!.created_at,
      until: notes[3]!.created_at,
    });
    expect(window.map((e) => e.content).sort()).toEqual(['note 1', 'note 2', 'note 3']);

    const limited = await pool.querySync([url], { authors: [alice.pubkey], limit: 2 });
    expect(limited.map((e) => e.content).sort()).toEqual(['note 3', 'note 4']);
  });

  it('answers OK for new events, duplicate: for repeats and invalid: for bad signatures', async () => {
    const e = bob.sign({ kind: 1, content: 'hello' });
    await expect(Promise.all(pool.publish([url], e))).resolves.toEqual(['']);
    const again = await Promise.all(pool.publish([url], e));
    expect(again[0]).toMatch(/^duplicate:/);

    const forged = { ...bob.sign({ kind: 1, content: 'x' }), content: 'changed' };
    await expect(Promise.all(pool.publish([url], forged))).rejects.toThrow(/^invalid:/);
    const badSig = bob.sign({ kind: 1, content: 'y' });
    const tampered = {
      ...badSig,
      sig: badSig.sig.slice(0, -2) + (badSig.sig.endsWith('00') ? '11' : '00'),
    };
    await expect(Promise.all(pool.publish([url], tampered))).rejects.toThrow(/^invalid:/);
    expect(await pool.querySync([url], { ids: [forged.id, tampered.id] })).toEqual([]);
  });

  it('delivers live events to an open subscription after EOSE', async () => {
    const carol = testUser();
    const received: NostrEvent[] = [];
    let eose = false;
    const sub = newPool();
    const closer = sub.subscribe(
      [url],
      { authors: [carol.pubkey] },
      {
        onevent: (e) => received.push(e),
        oneose: () => {
          eose = true;
        },
      },
    );
    await expect.poll(() => eose, POLL).toBe(true);
    const live = carol.sign({ kind: 1, content: 'live!' });
    await Promise.all(pool.publish([url], live));
    await expect.poll(() => received.map((e) => e.id), POLL).toEqual([live.id]);
    // A non-matching event is not delivered.
    await Promise.all(pool.publish([url], bob.sign({ kind: 1, content: 'not for carol' })));
    await Promise.all(pool.publish([url], carol.sign({ kind: 1, content: 'second' })));
    await expect.poll(() => received.length, POLL).toBe(2);
    expect(received.every((e) => e.pubkey === carol.pubkey)).toBe(true);
    closer.close();
    sub.destroy();
  });

  it('keeps only the newest replaceable and addressable versions', async () => {
    const dave = testUser();
    const p1 = dave.sign({ kind: 0, content: '{"name":"one"}' });
    const p2 = dave.sign({ kind: 0, content: '{"name":"two"}' });
    await Promise.all(pool.publish([url], p2));
    const older = await Promise.all(pool.publish([url], p1));
    expect(older[0]).toMatch(/^duplicate:/);
    const profiles = await pool.querySync([url], { authors: [dave.pubkey], kinds: [0] });
    expect(profiles.map((e) => e.content)).toEqual(['{"name":"two"}']);

    const a1 = dave.sign({ kind: 30023, content: 'v1', tags: [['d', 'post']] });
    const other = dave.sign({ kind: 30023, content: 'other', tags: [['d', 'other']] });
    const a2 = dave.sign({ kind: 30023, content: 'v2', tags: [['d', 'post']] });
    for (const e of [a1, other, a2]) await Promise.all(pool.publish([url], e));
    const articles = await pool.querySync([url], { authors: [dave.pubkey], kinds: [30023] });
    expect(articles.map((e) => e.content).sort()).toEqual(['other', 'v2']);
    const byD = await pool.querySync([url], {
      kinds: [30023],
      '#d': ['post'],
      authors: [dave.pubkey],
    });
    expect(byD.map((e) => e.id)).toEqual([a2.id]);
  });

  it('NIP-09: a deletion hides the author own events only', async () => {
    const erin = testUser();
    const mine = erin.sign({ kind: 1, content: 'regret' });
    const theirs = bob.sign({ kind: 1, content: 'bob keeps this' });
    const article = erin.sign({ kind: 30023, content: 'draft', tags: [['d', 'd1']] });
    for (const e of [mine, theirs, article]) await Promise.all(pool.publish([url], e));
    const del = erin.sign({
      kind: 5,
      tags: [
        ['e', mine.id],
        ['e', theirs.id],
        ['a', `30023:${erin.pubkey}:d1`],
      ],
    });
    await Promise.all(pool.publish([url], del));
    expect(await pool.querySync([url], { ids: [mine.id, theirs.id, article.id] })).toEqual([
      expect.objectContaining({ id: theirs.id }),
    ]);
    // Re-publishing the deleted event does not bring it back.
    await Promise.all(pool.publish([url], mine));
    expect(await pool.querySync([url], { ids: [mine.id] })).toEqual([]);
    expect(await pool.querySync([url], { kinds: [5], authors: [erin.pubkey] })).toHaveLength(1);
  });

  it('serves the NIP-11 document with its limits', async () => {
    const res = await fetch(`${server.url}/relay`, {
      headers: { Accept: 'application/nostr+json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await res.json()) as {
      supported_nips: number[];
      software: string;
      limitation: Record<string, unknown>;
    };
    expect(doc.supported_nips).toEqual(expect.arrayContaining([1, 9, 11, 42, 45]));
    expect(doc.software).toBe('swell');
    expect(doc.limitation).toMatchObject({
      max_message_length: 131072,
      max_subscriptions: 200,
      max_limit: 500,
    });
  });

  it('NIP-42: direct messages only reach an authenticated author or recipient', async () => {
    const sender = testUser();
    const recipient = testUser();
    const stranger = testUser();
    const dm = sender.sign({
      kind: 4,
      content: 'c2VjcmV0?iv=aXY=',
      tags: [['p', recipient.pubkey]],
    });
    await Promise.all(pool.publish([url], dm));

    const anon = newPool();
    const reasons: string[] = [];
    anon.subscribe(
      [url],
      { kinds: [4], '#p': [recipient.pubkey] },
      {
        onevent: () => reasons.push('event!'),
        onclose: (r) => reasons.push(...r.map((x) => x.reason)),
      },
    );
    await expect.poll(() => reasons.length, POLL).toBe(1);
    expect(reasons[0]).toMatch(/^auth-required:/);
    anon.destroy();

    const readAs = async (user: ReturnType<typeof testUser>) => {
      const p = newPool();
      const got: NostrEvent[] = [];
      let done = false;
      p.subscribe(
        [url],
        { kinds: [4], '#p': [recipient.pubkey] },
        {
          onevent: (e) => got.push(e),
          oneose: () => {
            done = true;
          },
          onauth: async (t) => finalizeEvent(t, user.sk),
        },
      );
      await expect.poll(() => done, POLL).toBe(true);
      p.destroy();
      return got.map((e) => e.id);
    };
    expect(await readAs(recipient)).toEqual([dm.id]);
    expect(await readAs(sender)).toEqual([dm.id]);
    expect(await readAs(stranger)).toEqual([]);
    // Without asking for kind 4 explicitly, the DM is filtered out for anonymous readers.
    expect(await pool.querySync([url], { authors: [sender.pubkey] })).toEqual([]);
  });

  it("a filter's limit counts only what the connection may read (DMs of others do not use it up)", async () => {
    const writer = testUser();
    const other = testUser();
    const older = writer.sign({ kind: 1, content: 'older note' });
    const note = writer.sign({ kind: 1, content: 'newer note' });
    const dms = [1, 2].map((i) =>
      writer.sign({
        kind: 4,
        content: `c2VjcmV0?iv=aXY=${i}`,
        tags: [['p', other.pubkey]],
        created_at: note.created_at + 10 + i,
      }),
    );
    for (const e of [older, note, ...dms]) await Promise.all(pool.publish([url], e));
    // The two newest events of this author are DMs an anonymous reader may not see: the limit
    // takes the two newest it may.
    const got = await pool.querySync([url], { authors: [writer.pubkey], limit: 2 });
    expect(got.map((e) => e.id).sort()).toEqual([older.id, note.id].sort());
  });

  it('answers COUNT (NIP-45)', async () => {
    const { sock } = await relaySocket(url);
    sock.send(['COUNT', 'c1', { authors: [alice.pubkey], kinds: [1] }, { ids: [notes[0]!.id] }]);
    expect(await sock.next()).toEqual(['COUNT', 'c1', { count: 5 }]);
    sock.close();
  });

  it('answers broken JSON and oversized frames with NOTICE while another client keeps working', async () => {
    const { sock: bad } = await relaySocket(url);
    const { sock: good } = await relaySocket(url);
    bad.send('{"not": json');
    expect(await bad.next()).toEqual(['NOTICE', 'invalid: broken JSON']);
    bad.send(JSON.stringify(['EVENT', { content: 'x'.repeat(200 * 1024) }]));
    const notice = (await bad.next()) as string[];
    expect(notice[0]).toBe('NOTICE');
    expect(notice[1]).toMatch(/^invalid: message too large/);
    bad.send(['BOGUS']);
    expect(((await bad.next()) as string[])[0]).toBe('NOTICE');

    good.send(['REQ', 'g', { ids: [notes[0]!.id] }]);
    expect(await good.next()).toEqual(['EVENT', 'g', notes[0]]);
    expect(await good.next()).toEqual(['EOSE', 'g']);
    // The misbehaving client is still connected and served.
    bad.send(['REQ', 'b', { ids: [notes[1]!.id] }]);
    expect(await bad.next()).toEqual(['EVENT', 'b', notes[1]]);
    bad.close();
    good.close();
  });

  it('refuses bad filters with CLOSED and keeps the connection', async () => {
    const { sock } = await relaySocket(url);
    sock.send(['REQ', 'x', { ids: ['nothex'] }]);
    const closed = (await sock.next()) as string[];
    expect(closed.slice(0, 2)).toEqual(['CLOSED', 'x']);
    expect(closed[2]).toMatch(/^invalid:/);
    sock.send(['REQ', 'y', { kinds: [1], authors: [alice.pubkey], limit: 1 }]);
    expect(((await sock.next()) as unknown[])[0]).toBe('EVENT');
    expect(await sock.next()).toEqual(['EOSE', 'y']);
    sock.close();
  });
});
