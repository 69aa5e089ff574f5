// idb checks results against the IndexedDB classes, so the fake ones must be global.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey, nip19, type NostrEvent } from '@swell/nostr';
import { applyRelayListEdit, sameRelaySettings } from '../src/relay/relay-list-edit.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { clientTestServer, type ClientTestServer } from './helpers.ts';

/** Polls an async check until it gives a truthy value (generous: the machine is shared). */
async function until<T>(check: () => Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const a = 'wss://a.example';
const b = 'wss://b.example';
const rw = { read: true, write: true };

describe('relay list edits (Settings > Network)', () => {
  it('add, toggle and remove; a relay keeps at least one flag', () => {
    const added = applyRelayListEdit({ [a]: rw }, { type: 'add', url: `${b}/` }, []);
    expect(added).toEqual({ ok: true, list: { [a]: rw, [b]: rw }, replacedByDefaults: false });
    const toggled = applyRelayListEdit({ [a]: rw }, { type: 'toggle', url: a, flag: 'read' }, []);
    expect(toggled.ok && toggled.list[a]).toEqual({ read: false, write: true });
    expect(
      applyRelayListEdit(
        { [a]: { read: false, write: true } },
        { type: 'toggle', url: a, flag: 'write' },
        [],
      ),
    ).toEqual({ ok: false, error: 'relay-flag-needed' });
    expect(applyRelayListEdit({ [a]: rw, [b]: rw }, { type: 'remove', url: a }, [])).toEqual({
      ok: true,
      list: { [b]: rw },
      replacedByDefaults: false,
    });
    expect(applyRelayListEdit({}, { type: 'add', url: 'https://a.example' }, [])).toEqual({
      ok: false,
      error: 'relay-invalid',
    });
  });

  it('the last relay can go (an unreachable one too): the defaults take its place', () => {
    expect(applyRelayListEdit({ [b]: rw }, { type: 'remove', url: b }, [a])).toEqual({
      ok: true,
      list: { [a]: rw },
      replacedByDefaults: true,
    });
    // The only default itself cannot go: at least one relay is needed.
    expect(applyRelayListEdit({ [a]: rw }, { type: 'remove', url: a }, [a])).toEqual({
      ok: false,
      error: 'relay-needed',
    });
  });

  it('compares lists by relays and flags', () => {
    expect(sameRelaySettings({ [a]: rw, [b]: rw }, { [b]: rw, [a]: rw })).toBe(true);
    expect(sameRelaySettings({ [a]: rw }, { [a]: { read: true, write: false } })).toBe(false);
    expect(sameRelaySettings({ [a]: rw }, { [a]: rw, [b]: rw })).toBe(false);
  });
});

describe('publishing the relay list against real servers', () => {
  let main: ClientTestServer;
  let second: ClientTestServer;
  let client: SwellClient | null = null;
  beforeAll(async () => {
    [main, second] = await Promise.all([clientTestServer(), clientTestServer()]);
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all([main?.close(), second?.close()]);
  });

  /** The newest event of a kind by `pubkey` on a relay, asked over its own socket. */
  async function onRelay(relay: string, pubkey: string, kind: number) {
    const ws = new WebSocket(relay);
    const found: NostrEvent[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.onerror = () => reject(new Error(`cannot reach ${relay}`));
      ws.onopen = () => ws.send(JSON.stringify(['REQ', 'q', { authors: [pubkey], kinds: [kind] }]));
      ws.onmessage = (m) => {
        const msg = JSON.parse(String(m.data)) as [string, string, NostrEvent];
        if (msg[0] === 'EVENT') found.push(msg[2]);
        else if (msg[0] === 'EOSE') resolve();
      };
    });
    ws.close();
    return found.sort((x, y) => y.created_at - x.created_at)[0];
  }

  it('publishes a kind 10002 to the old and new relays, and publishing follows it', async () => {
    const sk = generateSecretKey();
    const pubkey = getPublicKey(sk);
    client = createSwellClient({
      storage: new MemoryStorage(),
      origin: main.url,
      login: { detect: async () => null, keyStore: { pinIterations: 1000 } },
      relays: { retryBaseMs: 100 },
      write: { indexedDB: new IDBFactory(), outboxName: 'relay-list', publishTimeoutMs: 3000 },
    });
    await client.session.signInWithNsec(nip19.nsecEncode(sk));
    const before = await client.connectRelays();
    // No list yet: the server's default relay, kept on this device.
    expect(before).toMatchObject({ published: false, settings: { [main.relayUrl]: rw } });

    const list = { [main.relayUrl]: rw, [second.relayUrl]: { read: false, write: true } };
    const { relays, sent } = await client.publishRelayList(list);
    expect(relays).toMatchObject({ published: true, settings: list, local: {} });
    expect((await sent.result).status).toBe('sent');
    for (const relay of [main.relayUrl, second.relayUrl]) {
      const got = await until(() => onRelay(relay, pubkey, 10002), relay);
      expect(got?.tags).toEqual([
        ['r', main.relayUrl],
        ['r', second.relayUrl, 'write'],
      ]);
    }
    const pool = await client.loadRelays();
    expect(pool.writeRelays().sort()).toEqual([main.relayUrl, second.relayUrl].sort());
    const w = await client.write();
    const note = await w.post('to both relays');
    expect((await note.result).status).toBe('sent');
    await until(
      async () => (await onRelay(second.relayUrl, pubkey, 1))?.id === note.event.id,
      'note',
    );

    // Without the main relay: the old list's write relays still hear of the new one.
    const { sent: again } = await client.publishRelayList({ [second.relayUrl]: rw });
    expect((await again.result).status).toBe('sent');
    await until(
      async () => (await onRelay(main.relayUrl, pubkey, 10002))?.tags.length === 1,
      'main relay got the new list',
    ).catch(async (e: unknown) => {
      // What the main relay holds instead, to tell a refusal from a list never sent there.
      const held = await onRelay(main.relayUrl, pubkey, 10002);
      throw new Error(
        `${(e as Error).message}: it holds ${JSON.stringify(held?.tags)} of ${held?.created_at}; ` +
          `the new list is of ${again.event.created_at}, ${JSON.stringify(await again.result)}`,
      );
    });
    // Once the cache has it, the list comes from there (no pending copy left).
    const now = await client.connectRelays();
    expect(now.settings).toEqual({ [second.relayUrl]: rw });
    expect(client.records.get(pubkey).relayListPending).toBeUndefined();
  });
});
