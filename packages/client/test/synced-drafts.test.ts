// idb checks results against the IndexedDB classes, so the fake ones must be global.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateSecretKey, nip19, type Filter, type NostrEvent } from '@swell/nostr';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';

// Drafts on every device (NIP-37) between two clients of one key on the real server: what one
// types reaches the other sealed, a conflict is reported before anything is overwritten, and a
// published draft goes away everywhere.

let server: ClientTestServer;
const clients: SwellClient[] = [];

beforeAll(async () => {
  server = await clientTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

let outboxes = 0;

/** A device of the user `sk`: its own storage and outbox, a short typing pause. */
async function device(sk: Uint8Array) {
  const client = createSwellClient({
    storage: new MemoryStorage(),
    origin: server.url,
    login: { detect: async () => null, keyStore: { pinIterations: 1000 } },
    relays: { retryBaseMs: 100 },
    write: {
      indexedDB: new IDBFactory(),
      outboxName: `drafts-test-${++outboxes}`,
      publishTimeoutMs: 1500,
      retryBaseMs: 300,
      draftDelayMs: 200,
    },
  });
  clients.push(client);
  await client.session.signInWithNsec(nip19.nsecEncode(sk));
  await client.connectRelays();
  const write = await client.write();
  return { client, drafts: await write.syncedDrafts() };
}

async function relayEvents(c: SwellClient, filter: Filter): Promise<NostrEvent[]> {
  const pool = await c.loadRelays();
  return pool.query([filter], { relays: [server.relayUrl] });
}

/** Waits for an asynchronous check (a relay's answer). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 8000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const article = (content: string, title = 'On tides') => ({
  kind: 30023,
  created_at: Math.floor(Date.now() / 1000),
  tags: [['title', title]],
  content,
});

describe('drafts on every device', () => {
  it("one device's draft shows on another, sealed on the relay; publishing removes it", async () => {
    const sk = generateSecretKey();
    const a = await device(sk);
    const b = await device(sk);
    const stopB = b.drafts.subscribe(() => {});
    a.drafts.save('tides', article('The moon pulls the sea'));
    a.drafts.save('tides', article('The moon pulls the sea twice a day'));
    // Only the local copy until typing pauses.
    expect(a.drafts.get('tides')?.dirty).toBe(true);
    await waitFor(() => a.drafts.get('tides')?.dirty === false, 8000, 'sent');
    await waitFor(() => b.drafts.get('tides') !== undefined, 8000, 'received');
    const got = b.drafts.get('tides')!;
    expect(got.kind).toBe(30023);
    expect(got.draft.content).toBe('The moon pulls the sea twice a day');
    expect(got.draft.tags).toEqual([['title', 'On tides']]);

    const wraps = await relayEvents(a.client, {
      kinds: [31234],
      authors: [a.client.session.pubkey!],
    });
    // One wrap on the relay (the pause gathered both saves), sealed.
    expect(wraps).toHaveLength(1);
    expect(wraps[0]!.tags).toEqual([
      ['d', 'tides'],
      ['k', '30023'],
    ]);
    expect(JSON.stringify(wraps[0])).not.toContain('moon');

    await a.drafts.remove('tides');
    await waitFor(() => b.drafts.get('tides') === undefined, 8000, 'removed on b');
    await until(
      async () =>
        (await relayEvents(a.client, { kinds: [31234], '#d': ['tides'] })).every(
          (e) => e.content === '',
        ),
      'blank on the relay',
    );
    stopB();
  });

  it('a device with unsaved changes reports a newer save from elsewhere before writing', async () => {
    const sk = generateSecretKey();
    const a = await device(sk);
    const b = await device(sk);
    a.drafts.save('plan', article('first'));
    await a.drafts.flush();
    const stopB = b.drafts.subscribe(() => {});
    await waitFor(() => b.drafts.get('plan')?.draft.content === 'first', 8000, 'b has it');
    stopB();
    // Both edit; a saves later than b's version started, then b tries to save.
    await new Promise((r) => setTimeout(r, 1100));
    a.drafts.save('plan', article('from a'));
    await a.drafts.flush();
    const aSaved = a.drafts.get('plan')!.savedAt;
    const onRelay = async () =>
      (await relayEvents(a.client, { kinds: [31234], '#d': ['plan'] }))[0]?.created_at ?? 0;
    await until(async () => (await onRelay()) === aSaved, "a's save on the relay");
    b.drafts.save('plan', article('from b'));
    await b.drafts.flush();
    const conflict = b.drafts.getSnapshot().conflicts.plan;
    expect(conflict?.draft.content).toBe('from a');
    // Nothing of b's went out.
    expect(await onRelay()).toBe(aSaved);
    // b keeps its own: it becomes the latest save, and a sees it.
    await b.drafts.resolve('plan', 'mine');
    expect(b.drafts.get('plan')!.dirty).toBe(false);
    await until(async () => (await onRelay()) > aSaved, "b's save on the relay");
    const stopA = a.drafts.subscribe(() => {});
    await waitFor(() => a.drafts.get('plan')?.draft.content === 'from b', 8000, 'a has b');
    stopA();
  });
});
