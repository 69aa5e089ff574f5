// idb checks results against the IndexedDB classes, so the fake ones must be global.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  finalizeEvent,
  generateSecretKey,
  getPublicKey,
  nip19,
  type NostrEvent,
} from '@swell/nostr';
import { createSwellClient, type SwellClient } from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { DirectMessages } from '../src/dms/direct-messages.ts';
import type { DmConversation } from '../src/dms/dm-conversation.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';

let server: ClientTestServer;
const cleanup: Array<() => unknown> = [];

beforeAll(async () => {
  server = await clientTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

let outboxes = 0;

/** A signed-in client on the real server with its Messages model. */
async function user() {
  const client: SwellClient = createSwellClient({
    storage: new MemoryStorage(),
    origin: server.url,
    login: { detect: async () => null, keyStore: { pinIterations: 1000 } },
    relays: { retryBaseMs: 100 },
    write: {
      indexedDB: new IDBFactory(),
      outboxName: `dm-test-${++outboxes}`,
      publishTimeoutMs: 3000,
      retryBaseMs: 300,
    },
  });
  const sk = generateSecretKey();
  await client.session.signInWithNsec(nip19.nsecEncode(sk));
  await client.connectRelays();
  const pubkey = getPublicKey(sk);
  const dms = new DirectMessages({
    me: pubkey,
    api: client.api,
    signer: () => client.session.signer,
    pool: () => client.loadRelays(),
    write: () => client.write(),
    records: client.records,
  });
  cleanup.push(() => client.close());
  cleanup.push(() => dms.close());
  return { client, dms, sk, pubkey };
}

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

const texts = (c: DmConversation) =>
  c
    .getSnapshot()
    .messages.map((m) => `${m.protocol}:${m.text ?? m.state}`)
    .reverse();

describe('direct messages (NIP-04 and NIP-17) on the real server', () => {
  it('sends both kinds, shows them in one conversation in order, counts and marks read', async () => {
    const alice = await user();
    const bob = await user();
    bob.dms.start();
    alice.dms.start();

    const toBob = alice.dms.conversation(bob.pubkey);
    await waitFor(() => toBob.getSnapshot().protocol !== null, 10_000, 'protocol');
    // Bob has no kind 10050 list and never wrote in NIP-17: NIP-04 by default.
    expect(toBob.getSnapshot()).toMatchObject({ protocol: 'nip04', protocolReason: 'default' });

    const first = await toBob.send('hello in nip04');
    // Shown at once as pending.
    await waitFor(
      () => toBob.getSnapshot().messages.some((m) => m.text === 'hello in nip04'),
      5000,
      'the pending message',
    );
    await waitFor(
      () => first.getSnapshot().delivery === 'sent',
      15_000,
      'the NIP-04 message to be sent',
    );
    await new Promise((r) => setTimeout(r, 1100)); // a later second for a stable order
    await toBob.setProtocol('nip17');
    expect(toBob.getSnapshot()).toMatchObject({ protocol: 'nip17', protocolReason: 'choice' });
    const second = await toBob.send('hello in nip17');
    expect(second.getSnapshot().delivery).toBe('pending');
    await waitFor(() => second.getSnapshot().delivery === 'sent', 15_000, 'the NIP-17 message');
    await waitFor(
      () => texts(toBob).join('|') === 'nip04:hello in nip04|nip17:hello in nip17',
      10_000,
      "alice's view of both",
    );

    // Bob: alice is a contact under "other" (he does not follow her) with 2 unread.
    await waitFor(
      () => bob.dms.getSnapshot().other.some((c) => c.pubkey === alice.pubkey && c.unread === 2),
      20_000,
      "bob's contact list",
    );
    expect(bob.dms.getSnapshot().follows).toEqual([]);
    const fromAlice = bob.dms.conversation(alice.pubkey);
    await waitFor(
      () => texts(fromAlice).join('|') === 'nip04:hello in nip04|nip17:hello in nip17',
      10_000,
      "bob's view of both",
    );
    // Her NIP-17 message makes NIP-17 the automatic choice for his answer.
    await waitFor(() => fromAlice.getSnapshot().protocolReason !== null, 5000, 'protocol');
    expect(fromAlice.getSnapshot()).toMatchObject({
      protocol: 'nip17',
      protocolReason: 'earlier-nip17',
    });

    let total = -1;
    const stop = bob.client.api.directMessageCount(bob.pubkey, (n) => (total = n));
    cleanup.push(stop);
    await waitFor(() => total === 2, 10_000, 'the unread total of 2');
    expect(await bob.dms.markRead(fromAlice)).toBe(true);
    await waitFor(() => total === 0, 10_000, 'the unread total reset');
    await waitFor(
      () => bob.dms.getSnapshot().other.find((c) => c.pubkey === alice.pubkey)?.unread === 0,
      5000,
      'the contact read',
    );

    // Following alice moves her to "follows" at once.
    bob.dms.setFollows([alice.pubkey]);
    await waitFor(
      () => bob.dms.getSnapshot().follows.some((c) => c.pubkey === alice.pubkey),
      5000,
      'the move',
    );

    // Bob answers; alice sees it live in the open conversation.
    const answer = await fromAlice.send('got both');
    await waitFor(() => answer.getSnapshot().delivery === 'sent', 15_000, 'the answer');
    await waitFor(
      () => texts(toBob).at(-1) === 'nip17:got both',
      15_000,
      'the answer live on alice',
    );
  }, 120_000);

  it('shows a message that fails to decrypt as a placeholder and does not mark it read', async () => {
    const bob = await user();
    const carolSk = generateSecretKey();
    const carol = getPublicKey(carolSk);
    await publishRaw(
      finalizeEvent(
        {
          kind: 4,
          created_at: Math.floor(Date.now() / 1000),
          tags: [['p', bob.pubkey]],
          content: 'not-encrypted?iv=AAAAAAAAAAAAAAAAAAAAAA==',
        },
        carolSk,
      ),
    );
    bob.dms.start();
    await waitFor(
      () => bob.dms.getSnapshot().other.some((c) => c.pubkey === carol && c.unread === 1),
      15_000,
      'the contact',
    );
    const conv = bob.dms.conversation(carol);
    await waitFor(
      () => conv.getSnapshot().messages.some((m) => m.state === 'failed'),
      10_000,
      'the placeholder',
    );
    const failed = conv.getSnapshot().messages[0]!;
    expect(failed.text).toBeUndefined();
    expect(await bob.dms.markRead(conv)).toBe(false);
    await bob.dms.reload();
    expect(bob.dms.getSnapshot().other.find((c) => c.pubkey === carol)?.unread).toBe(1);
  }, 60_000);
});
