import { afterEach, describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { RelayPool } from '../src/relay/relay-pool.ts';
import { clientTestServer, waitFor } from './helpers.ts';

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** Publishes through a plain websocket and waits for the relay's OK. */
async function publish(url: string, event: NostrEvent): Promise<unknown[]> {
  const ws = new WebSocket(url);
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  const ok = new Promise<unknown[]>((resolve) => {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data)) as unknown[];
      if (msg[0] === 'OK') resolve(msg);
    };
  });
  ws.send(JSON.stringify(['EVENT', event]));
  const answer = await ok;
  ws.close();
  return answer;
}

describe('RelayPool against our real /relay', () => {
  it('reads stored events, then live ones, all verified and matching', async () => {
    const server = await clientTestServer();
    cleanup.push(() => server.close());
    const sk = generateSecretKey();
    const other = generateSecretKey();
    const now = Math.floor(Date.now() / 1000);
    const mk = (k: Uint8Array, content: string, kind = 1, at = now) =>
      finalizeEvent({ kind, created_at: at, tags: [], content }, k);
    for (const e of [
      mk(sk, 'one', 1, now - 2),
      mk(sk, 'two', 1, now - 1),
      mk(other, 'other'),
      mk(sk, 'like', 7),
    ]) {
      expect((await publish(server.relayUrl, e))[2]).toBe(true);
    }
    const pool = new RelayPool({ sessionId: 'web_test_1' });
    cleanup.push(() => pool.destroy());
    pool.setRelays({ [server.relayUrl]: { read: true, write: true } });
    const filters = [{ authors: [getPublicKey(sk)], kinds: [1] }];
    const stored = await pool.query(filters);
    expect(stored.map((e) => e.content).sort()).toEqual(['one', 'two']);
    expect(pool.getSnapshot()[server.relayUrl]).toMatchObject({
      status: 'connected',
      read: true,
      write: true,
    });

    const live: string[] = [];
    let eose = false;
    const sub = pool.subscribeFilters(filters, {
      onEvent: (e) => live.push(e.content),
      onEose: () => (eose = true),
    });
    await waitFor(() => eose, 5000, 'EOSE');
    await publish(server.relayUrl, mk(sk, 'three'));
    await publish(server.relayUrl, mk(other, 'not for us'));
    await waitFor(() => live.includes('three'), 5000, 'the live event');
    expect(live.sort()).toEqual(['one', 'three', 'two']);
    sub.close();
  });

  it('reconnects to the relay after it drops the socket and resubscribes', async () => {
    const server = await clientTestServer();
    cleanup.push(() => server.close());
    const sk = generateSecretKey();
    const pool = new RelayPool({ retryBaseMs: 50 });
    cleanup.push(() => pool.destroy());
    pool.addRelay(server.relayUrl);
    const got: string[] = [];
    pool.subscribeFilters([{ authors: [getPublicKey(sk)] }], {
      onEvent: (e) => got.push(e.content),
    });
    await waitFor(
      () => pool.getSnapshot()[server.relayUrl]!.status === 'connected',
      5000,
      'connected',
    );
    server.dropSockets();
    await waitFor(
      () => pool.getSnapshot()[server.relayUrl]!.status !== 'connected',
      5000,
      'dropped',
    );
    await waitFor(
      () => pool.getSnapshot()[server.relayUrl]!.status === 'connected',
      5000,
      'reconnected',
    );
    await new Promise((r) => setTimeout(r, 50));
    await publish(
      server.relayUrl,
      finalizeEvent(
        { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: 'after' },
        sk,
      ),
    );
    await waitFor(() => got.includes('after'), 5000, 'event after the reconnect');
  });
});
