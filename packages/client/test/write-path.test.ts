// idb checks results against the IndexedDB classes, so the fake ones must be global.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  getTagValue,
  nip04Encrypt,
  nip19,
  pollTemplate,
  type NostrEvent,
} from '@swell/nostr';
import { mediaPostTemplate } from '../src/composer/media-post.ts';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { publishNotice } from '../src/publish/publisher.ts';
import type { PublishOutcome } from '../src/relay/relay-publish.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';
import { closedPort, scriptedWriteRelay } from './relay-helpers.ts';

let server: ClientTestServer;
const clients: SwellClient[] = [];
const cleanup: Array<() => unknown> = [];

beforeAll(async () => {
  server = await clientTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  for (const f of cleanup.splice(0).reverse()) await f();
});

let outboxes = 0;
interface Setup {
  storage?: MemoryStorage;
  indexedDB?: IDBFactory;
  outboxName?: string;
  sk?: Uint8Array;
}

/** A signed-in client on the real server, with its own outbox database. */
async function signedIn(setup: Setup = {}) {
  const storage = setup.storage ?? new MemoryStorage();
  const indexedDB = setup.indexedDB ?? new IDBFactory();
  const outboxName = setup.outboxName ?? `write-test-${++outboxes}`;
  const client = createSwellClient({
    storage,
    origin: server.url,
    login: { detect: async () => null, keyStore: { pinIterations: 1000 } },
    relays: { retryBaseMs: 100 },
    write: { indexedDB, outboxName, publishTimeoutMs: 1500, retryBaseMs: 300 },
  });
  clients.push(client);
  const sk = setup.sk ?? generateSecretKey();
  if (!setup.storage) await client.session.signInWithNsec(nip19.nsecEncode(sk));
  else await client.session.start();
  await client.connectRelays();
  const write = await client.write();
  const pool = await client.loadRelays();
  return { client, write, pool, sk, pubkey: getPublicKey(sk), storage, indexedDB, outboxName };
}

/** Publishes an event of someone else straight to the relay. */
async function publishRaw(event: NostrEvent): Promise<void> {
  const ws = new WebSocket(server.relayUrl);
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  const ok = new Promise<void>((resolve) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as unknown[];
      if (msg[0] === 'OK' && msg[1] === event.id) resolve();
    };
  });
  ws.send(JSON.stringify(['EVENT', event]));
  await ok;
  ws.close();
}

const someone = generateSecretKey();
let t = Math.floor(Date.now() / 1000) - 600;
const othersNote = (content: string, tags: string[][] = []) =>
  finalizeEvent({ kind: 1, created_at: t++, tags, content }, someone);

/** The relay's copy of an event, asked by id over /relay. */
async function onRelay(c: SwellClient, id: string): Promise<NostrEvent | undefined> {
  const pool = await c.loadRelays();
  return (await pool.query([{ ids: [id] }], { relays: [server.relayUrl] }))[0];
}

describe('write path against the real server', () => {
  it('posts a note: stored, sent to the relay, imported into the cache, with its tags', async () => {
    const { client, write, pubkey } = await signedIn();
    const mention = getPublicKey(generateSecretKey());
    const { event, result } = await write.post(
      `hello from the write path #Swell nostr:${nip19.npubEncode(mention)}`,
    );
    expect(client.store.note(event.id)).toEqual(event);
    expect(write.outbox.item(event.id)?.status).toBe('sending');
    const outcome = (await result) as PublishOutcome;
    expect(outcome.status).toBe('sent');
    expect(publishNotice(outcome)).toBe('publish-success');
    expect(event.pubkey).toBe(pubkey);
    expect(event.tags).toEqual(
      expect.arrayContaining([
        ['p', mention],
        ['t', 'swell'],
      ]),
    );
    expect(await onRelay(client, event.id)).toEqual(event);
    const page = await client.api.events([event.id]);
    expect(page.notes.map((n) => n.id)).toEqual([event.id]);
    await waitFor(() => write.outbox.item(event.id)?.status === 'sent', 3000, 'sent');
  });

  it('a poll (NIP-88) and a picture post (NIP-68) from the composer: in the store at once, sent through the outbox', async () => {
    const { client, write } = await signedIn();
    const poll = pollTemplate({
      question: 'Tea or coffee?',
      options: ['Tea', 'Coffee'],
      relays: [server.relayUrl],
    });
    const pictures = mediaPostTemplate({
      content: 'A view',
      files: [
        {
          url: 'https://media.example/view.png',
          sha256: 'ab'.repeat(32),
          mime: 'image/png',
          size: 1000,
          width: 4,
          height: 3,
          blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
        },
      ],
      alts: ['Hills under a sky'],
    });
    for (const template of [poll, pictures]) {
      const { kind, tags, content } = template;
      const { event, result } = await write.publishEvent({ kind, tags, content });
      // Shown before any relay answered, as a kind 1 note is (the user's feed lists it).
      expect(write.outbox.item(event.id)?.status).toBe('sending');
      expect(client.store.note(event.id)).toEqual(event);
      expect((await result).status).toBe('sent');
      expect(await onRelay(client, event.id)).toEqual(event);
    }
  });

  it('a like shows at once, survives in the cache, joins the liked list, and is not repeated', async () => {
    const { client, write, pubkey } = await signedIn();
    const note = othersNote('like me');
    await publishRaw(note);
    await client.fetchPage('events', {
      event_ids: [note.id],
      extended_response: true,
      user_pubkey: pubkey,
    });
    expect(client.store.noteStats(note.id)?.likes ?? 0).toBe(0);
    const pending = write.like(note);
    // At once, before the signer, the outbox or any relay answered.
    expect(client.store.noteStats(note.id)?.likes).toBe(1);
    expect(client.store.noteActions(note.id)?.liked).toBe(true);
    const done = await pending;
    expect(done).not.toBeNull();
    expect(done!.event).toMatchObject({ kind: 7, content: '+' });
    expect(getTagValue(done!.event, 'e')).toBe(note.id);
    expect(getTagValue(done!.event, 'p')).toBe(note.pubkey);
    expect((await done!.result).status).toBe('sent');
    await waitFor(
      () => (client.records.get(pubkey).likes ?? []).includes(note.id),
      3000,
      'the liked list',
    );
    // The cache counts it now; the store does not count it twice.
    await client.fetchPage('events', {
      event_ids: [note.id],
      extended_response: true,
      user_pubkey: pubkey,
    });
    expect(client.store.noteStats(note.id)?.likes).toBe(1);
    expect(client.store.noteActions(note.id)?.liked).toBe(true);
    // Already liked: ignored.
    expect(await write.like(note)).toBeNull();
  });

  it('a like every relay refuses rolls back, and waits for retry or discard', async () => {
    const refusing = await scriptedWriteRelay((ws, msg) => {
      if (msg[0] === 'EVENT') {
        ws.send(JSON.stringify(['OK', (msg[1] as { id: string }).id, false, 'blocked: no likes']));
      }
    });
    cleanup.push(() => refusing.close());
    const { client, write } = await signedIn();
    await client.saveRelaySettings({ [refusing.url]: { read: false, write: true } });
    const note = othersNote('not likeable');
    client.store.ingestEvent(note);
    const done = await write.like(note);
    expect(client.store.noteActions(note.id)?.liked).toBe(true);
    const outcome = await done!.result;
    expect(outcome.status).toBe('failed');
    await waitFor(() => write.outbox.item(done!.event.id)?.status === 'failed', 3000, 'failed');
    expect(client.store.noteActions(note.id)?.liked ?? false).toBe(false);
    expect(client.store.noteStats(note.id)?.likes ?? 0).toBe(0);
    expect(write.outbox.item(done!.event.id)?.nextAttemptAt).toBeNull();
    await write.discard(done!.event.id);
    expect(write.outbox.item(done!.event.id)).toBeUndefined();
  });

  it('a deletion every relay refuses keeps the note hidden while it waits; discarding it shows the note again', async () => {
    const refusing = await scriptedWriteRelay((ws, msg) => {
      if (msg[0] === 'EVENT') {
        ws.send(JSON.stringify(['OK', (msg[1] as { id: string }).id, false, 'blocked: not now']));
      }
    });
    cleanup.push(() => refusing.close());
    const { client, write, sk } = await signedIn();
    await client.saveRelaySettings({ [refusing.url]: { read: false, write: true } });
    const mine = finalizeEvent({ kind: 1, created_at: t++, tags: [], content: 'regretted' }, sk);
    client.store.ingestEvent(mine);
    const del = await write.deleteNote(mine);
    expect(client.store.isDeleted(mine.id)).toBe(true);
    expect((await del.result).status).toBe('failed');
    await waitFor(() => write.outbox.item(del.event.id)?.status === 'failed', 3000, 'failed');
    expect(client.store.note(mine.id)).toBeUndefined();
    await write.discard(del.event.id);
    expect(client.store.note(mine.id)).toEqual(mine);
  });

  it('replies (NIP-10), reposts (kind 6) and quotes (NIP-18), all seen by the cache', async () => {
    const { client, write, pubkey } = await signedIn();
    const root = othersNote('a thread starts');
    await publishRaw(root);
    client.store.ingestEvent(root);
    const answer = await write.reply(root, 'my answer');
    expect(client.store.noteStats(root.id)?.replies).toBe(1);
    expect(answer.event.tags).toEqual([
      ['e', root.id, '', 'root', root.pubkey],
      ['p', root.pubkey],
    ]);
    expect((await answer.result).status).toBe('sent');
    const thread = await client.api.threadView(root.id);
    expect(thread.notes.map((n) => n.id)).toContain(answer.event.id);

    const shared = await write.repost(root);
    expect(shared.event.kind).toBe(6);
    expect(JSON.parse(shared.event.content)).toEqual(root);
    expect((await shared.result).status).toBe('sent');
    expect(client.store.noteActions(root.id)?.reposted).toBe(true);
    const mine = await client.api.feed(pubkey, { notes: 'authored' });
    expect(mine.notes.map((n) => n.id)).toContain(shared.event.id);

    const q = await write.quote(root, 'quoting this');
    expect(q.event.tags).toContainEqual(['q', root.id, '', root.pubkey]);
    expect(q.event.content).toMatch(/^quoting this\n\nnostr:nevent1/);
    expect((await q.result).status).toBe('sent');
    const quotes = await client.api.noteMentions({ event_id: root.id });
    expect(quotes.notes.map((n) => n.id)).toContain(q.event.id);
  });

  it('deletes a note: hidden at once, and the relay stops serving it', async () => {
    const { client, write } = await signedIn();
    const posted = await write.post('soon gone');
    await posted.result;
    expect(await onRelay(client, posted.event.id)).toBeDefined();
    const del = await write.deleteNote(posted.event);
    expect(client.store.note(posted.event.id)).toBeUndefined();
    expect(del.event).toMatchObject({ kind: 5 });
    expect((await del.result).status).toBe('sent');
    expect(await onRelay(client, posted.event.id)).toBeUndefined();
    expect((await client.api.events([posted.event.id])).notes).toEqual([]);
    // Only the author can delete.
    await expect(write.deleteNote(othersNote('not mine'))).rejects.toThrow(/author/);
  });

  it('broadcasts someone else’s event to the write relays', async () => {
    const got: unknown[] = [];
    const other = await scriptedWriteRelay((ws, msg) => {
      if (msg[0] !== 'EVENT') return;
      got.push(msg[1]);
      ws.send(JSON.stringify(['OK', (msg[1] as { id: string }).id, true, '']));
    });
    cleanup.push(() => other.close());
    const { client, write } = await signedIn();
    await client.saveRelaySettings({ [other.url]: { read: false, write: true } });
    const note = othersNote('spread the word');
    expect((await write.broadcast(note).outcome).status).toBe('sent');
    expect(got).toEqual([note]);
  });

  it('proxy mode publishes through the cache (broadcast_events)', async () => {
    const { client, write, pool } = await signedIn();
    client.setProxy(true);
    await waitFor(
      () => Object.values(pool.getSnapshot()).every((r) => r.status === 'suspended'),
      3000,
      'relays suspended',
    );
    const { event, result } = await write.post('through the cache');
    expect((await result).status).toBe('sent');
    client.setProxy(false);
    expect(await onRelay(client, event.id)).toEqual(event);
  });

  it('answers our relay’s AUTH with a local key, then publishes and reads direct messages', async () => {
    const { client, write, pool, sk } = await signedIn();
    await waitFor(
      () => pool.getSnapshot()[server.relayUrl]?.auth.status === 'authenticated',
      5000,
      'AUTH',
    );
    const peer = getPublicKey(generateSecretKey());
    const dm = finalizeEvent(
      {
        kind: 4,
        created_at: Math.floor(Date.now() / 1000),
        tags: [['p', peer]],
        content: nip04Encrypt(sk, peer, 'psst'),
      },
      sk,
    );
    expect((await write.publisher.publish(dm).outcome).status).toBe('sent');
    // Direct messages are served only to an authenticated author or recipient.
    const read = await pool.query([{ kinds: [4], ids: [dm.id] }], { relays: [server.relayUrl] });
    expect(read.map((e) => e.id)).toEqual([dm.id]);
    expect(client.session.getSnapshot().signerType).toBe('local');
  });

  it('with the relay unreachable: "sending", no "sent", still pending after a reload, sent once it is back', async () => {
    const down = `ws://127.0.0.1:${await closedPort()}`;
    const first = await signedIn();
    await first.client.saveRelaySettings({ [down]: { read: true, write: true } });
    expect(first.pool.writeRelays()).toEqual([down]);
    const { event, result } = await first.write.post('written in a tunnel');
    expect(first.write.outbox.item(event.id)?.status).toBe('sending');
    const outcome = await result;
    expect(outcome.status).toBe('timeout');
    expect(publishNotice(outcome as PublishOutcome)).toBe('publish-timeout');
    await waitFor(() => first.write.outbox.item(event.id)?.status === 'failed', 3000, 'failed');
    expect(first.client.store.note(event.id)).toEqual(event);
    expect(await onRelay(first.client, event.id)).toBeUndefined();
    await first.client.close();

    // Reload: same storage and database; the note is still waiting and shown.
    const again = await signedIn({
      storage: first.storage,
      indexedDB: first.indexedDB,
      outboxName: first.outboxName,
    });
    await waitFor(() => again.write.outbox.item(event.id) !== undefined, 3000, 'loaded');
    expect(again.client.store.note(event.id)).toEqual(event);
    expect(['sending', 'failed']).toContain(again.write.outbox.item(event.id)!.status);

    // The relay is back (the user's relays now include our server): sent without user action.
    await again.client.saveRelaySettings({ [server.relayUrl]: { read: true, write: true } });
    await waitFor(() => again.write.outbox.item(event.id)?.status === 'sent', 10_000, 'sent');
    expect(await onRelay(again.client, event.id)).toEqual(event);
  });
});
