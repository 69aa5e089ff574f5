import { finalizeEvent, generateSecretKey, type NostrEvent } from '@swell/nostr';
import { testServer } from '@swell/server/testing';
import { WebSocketRelayTransport } from '@swell/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Server = Awaited<ReturnType<typeof testServer>>;

/** The wallet package's relay transport against the real relay (no devnet needed). */
describe('WebSocketRelayTransport on /relay', { timeout: 30_000 }, () => {
  let server: Server;
  let transport: WebSocketRelayTransport;
  const key = generateSecretKey();
  const note = (content: string, created_at = Math.floor(Date.now() / 1000)) =>
    finalizeEvent({ kind: 1, created_at, tags: [['t', 'transport']], content }, key);

  beforeAll(async () => {
    server = await testServer();
    transport = new WebSocketRelayTransport();
  });

  afterAll(async () => {
    transport?.close();
    await server?.close();
  });

  function collect(relays: string[]) {
    const events: NostrEvent[] = [];
    let eose!: () => void;
    const eosed = new Promise<void>((resolve) => (eose = resolve));
    const sub = transport.subscribe([{ kinds: [1], '#t': ['transport'] }], {
      relays,
      onEvent: (e) => events.push(e),
      onEose: () => eose(),
    });
    return { events, eosed, sub };
  }

  it('publishes (resolving on OK) and delivers stored then live events once, checked', async () => {
    const relay = server.wsUrl('/relay');
    const stored = note('stored');
    await transport.publish(stored, [relay]);
    // The same relay named twice: one socket, no duplicates.
    const { events, eosed, sub } = collect([relay, relay]);
    await eosed;
    expect(events.map((e) => e.id)).toEqual([stored.id]);
    const live = note('live');
    await transport.publish(live, [relay]);
    for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(events.map((e) => e.id)).toEqual([stored.id, live.id]);
    sub.close();
    await transport.publish(note('after close'), [relay]);
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toHaveLength(2);
  });

  it("rejects with the relay's reason when it refuses, and when no relay can be reached", async () => {
    const forged = { ...note('forged'), content: 'changed after signing' };
    await expect(transport.publish(forged, [server.wsUrl('/relay')])).rejects.toThrow(/invalid/);
    await expect(transport.publish(note('nowhere'), ['ws://127.0.0.1:9/relay'])).rejects.toThrow(
      /127\.0\.0\.1:9/,
    );
    await expect(transport.publish(note('none'), [])).rejects.toThrow(/no relay/);
    // One good relay is enough.
    await transport.publish(note('one of two'), ['ws://127.0.0.1:9/relay', server.wsUrl('/relay')]);
  });

  it('ends a subscription whose relays are all gone with onClose', async () => {
    const reason = await new Promise<string>((resolve) =>
      transport.subscribe([{ kinds: [1] }], {
        relays: ['ws://127.0.0.1:9/relay'],
        onEvent: () => {},
        onClose: resolve,
      }),
    );
    expect(reason).toMatch(/connection/);
  });
});
