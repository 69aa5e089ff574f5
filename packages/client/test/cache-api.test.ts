import { afterEach, describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { CacheApi } from '../src/cache/cache-api.ts';
import { CacheError } from '../src/errors.ts';
import { clientTestServer } from './helpers.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** Counts binary and text frames the real server sends to the client. */
function countingSocket(counts: { binary: number; text: number }) {
  return (url: string) => {
    const ws = new WebSocket(url);
    ws.addEventListener('message', (m) => {
      if (typeof m.data === 'string') counts.text++;
      else counts.binary++;
    });
    return ws;
  };
}

async function seeded() {
  const server = await clientTestServer();
  cleanup.push(() => server.close());
  const alice = generateSecretKey();
  const now = Math.floor(Date.now() / 1000);
  const sign = (kind: number, content: string, tags: string[][] = [], at = now) =>
    finalizeEvent({ kind, created_at: at, tags, content }, alice);
  const profile = sign(0, JSON.stringify({ name: 'alice', about: 'test user' }), [], now - 100);
  const notes: NostrEvent[] = [];
  for (let i = 0; i < 5; i++) notes.push(sign(1, `note ${i}`, [], now - 50 + i));
  const reply = sign(
    1,
    'a reply',
    [
      ['e', notes[4]!.id, '', 'reply'],
      ['p', getPublicKey(alice)],
    ],
    now,
  );
  const importer = new CacheApi(new CacheConnection({ url: server.cacheUrl }));
  cleanup.push(() => importer.connection.destroy());
  await importer.importEvents([profile, ...notes, reply]);
  return { server, alice, pubkey: getPublicKey(alice), notes, reply };
}

describe('CacheApi against the real server', () => {
  for (const noBinary of [false, true]) {
    it(`decodes feeds, threads and users (${noBinary ? 'noBinary' : 'zlib'} mode)`, async () => {
      const { server, pubkey, notes, reply } = await seeded();
      const counts = { binary: 0, text: 0 };
      const conn = new CacheConnection({
        url: server.cacheUrl,
        noBinary,
        createSocket: countingSocket(counts),
      });
      cleanup.push(() => conn.destroy());
      const api = new CacheApi(conn);

      const page = await api.feed(pubkey, { limit: 3 });
      // Authored notes exclude replies by default; newest first.
      expect(page.notes.map((n) => n.content)).toEqual(['note 4', 'note 3', 'note 2']);
      expect(page.notes.length).toBeGreaterThan(0);
      expect(page.users[pubkey]).toBeDefined();
      expect(page.range?.elements.length).toBe(page.notes.length);

      const thread = await api.threadView(reply.id);
      const ids = [...thread.notes.map((n) => n.id), ...Object.keys(thread.mentions)];
      expect(ids).toContain(reply.id);
      expect(ids).toContain(notes[4]!.id);

      const users = await api.userInfos([pubkey]);
      expect(JSON.parse(users.users[pubkey]!.content).name).toBe('alice');

      const evs = await api.events([notes[0]!.id]);
      expect(evs.notes.map((n) => n.id)).toEqual([notes[0]!.id]);

      if (noBinary) expect(counts.binary).toBe(0);
      else expect(counts.binary).toBeGreaterThan(0);
    });
  }

  it('reports bad arguments as CacheError notices', async () => {
    const { server } = await seeded();
    const api = new CacheApi(new CacheConnection({ url: server.cacheUrl }));
    cleanup.push(() => api.connection.destroy());
    const err = await api.userProfile('not-a-pubkey').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CacheError);
    expect((err as CacheError).notice).toMatch(/pubkey/);
    const spec = await api.megaFeed('{"id":"nope"}').catch((e: CacheError) => e.notice);
    expect(spec).toBe('invalid spec format');
  });

  it('serves the default feed lists and relays', async () => {
    const { server } = await seeded();
    const api = new CacheApi(new CacheConnection({ url: server.cacheUrl }));
    cleanup.push(() => api.connection.destroy());
    const feeds = await api.getHomeFeeds();
    expect(feeds.length).toBeGreaterThan(0);
    expect(typeof feeds[0]!.spec).toBe('string');
    const relays = await api.getDefaultRelays();
    expect(Array.isArray(relays)).toBe(true);
  });

  it('streams net stats until closed', async () => {
    const { server, alice } = await seeded();
    const api = new CacheApi(new CacheConnection({ url: server.cacheUrl }));
    cleanup.push(() => api.connection.destroy());
    const seen: number[] = [];
    let stop: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      stop = api.netStats((st) => {
        seen.push(st.pubnotes);
        if (seen.length === 2) resolve();
      });
    });
    while (seen.length === 0) await new Promise((r) => setTimeout(r, 10));
    // The server pushes when the numbers change (recomputed every few seconds): add a note.
    const note = finalizeEvent(
      { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: 'one more' },
      alice,
    );
    await api.importEvents([note]);
    await second;
    stop();
    expect(seen[1]).toBe(seen[0]! + 1);
    expect(api.connection.getSnapshot().pending).toBe(0);
  }, 20_000); // the server recomputes network stats every few seconds
});
