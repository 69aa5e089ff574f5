import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeedSpec, type FeedSpec } from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { LiveFeedWatch } from '../src/feed/live-feed.ts';
import { liveFilters } from '../src/feed/live-filters.ts';
import { relayBesideCache } from '../src/cache/cache-connection.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';
import { ManualClock } from './manual-clock.ts';

const spec = (s: object) => parseFeedSpec(JSON.stringify(s)) as FeedSpec;
const hex = (c: string) => c.repeat(64);

describe('liveFilters (which relay events may be new notes of a feed)', () => {
  it('watches the follows for Latest, everyone for All notes, one author for a user feed', () => {
    expect(liveFilters(spec({ id: 'latest', kind: 'notes' }), [hex('a'), hex('b')])).toEqual([
      { kinds: [1, 6], authors: [hex('a'), hex('b')] },
    ]);
    expect(liveFilters(spec({ id: 'all-notes', kind: 'notes' }), null)).toEqual([
      { kinds: [1, 6] },
    ]);
    expect(
      liveFilters(spec({ id: 'feed', kind: 'notes', pubkey: hex('c'), kinds: [1] }), null),
    ).toEqual([{ kinds: [1], authors: [hex('c')] }]);
  });

  it('splits long follow lists into filters the relay takes, and skips what it cannot watch', () => {
    const many = Array.from({ length: 2500 }, (_, i) => i.toString(16).padStart(64, '0'));
    const filters = liveFilters(spec({ id: 'latest', kind: 'notes' }), many)!;
    expect(filters.map((f) => f.authors!.length)).toEqual([1000, 1000, 500]);
    expect(filters.flatMap((f) => f.authors)).toEqual(many);
    // Unknown follows, scored or zapped feeds, bookmarks: the periodic check only.
    expect(liveFilters(spec({ id: 'latest', kind: 'notes' }), null)).toBeNull();
    expect(liveFilters(spec({ id: 'latest', kind: 'notes' }), [])).toBeNull();
    expect(liveFilters(spec({ id: 'global-trending', kind: 'notes' }), null)).toBeNull();
    expect(liveFilters(spec({ id: 'most-zapped', kind: 'notes' }), null)).toBeNull();
    expect(
      liveFilters(spec({ id: 'feed', kind: 'notes', pubkey: hex('c'), notes: 'bookmarks' }), null),
    ).toBeNull();
  });

  it('finds the relay beside a cache server', () => {
    expect(relayBesideCache('wss://swell.example/v1')).toBe('wss://swell.example/relay');
    expect(relayBesideCache('ws://127.0.0.1:8080/v1')).toBe('ws://127.0.0.1:8080/relay');
    expect(relayBesideCache('https://swell.example/v1')).toBeNull();
    expect(relayBesideCache('not a url')).toBeNull();
  });
});

describe('LiveFeedWatch against the real relay', () => {
  let server: ClientTestServer;
  beforeAll(async () => {
    server = await clientTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function publish(event: NostrEvent): Promise<void> {
    const ws = new WebSocket(server.relayUrl);
    await new Promise((r, j) => {
      ws.onopen = r;
      ws.onerror = j;
    });
    await new Promise<void>((resolve) => {
      ws.onmessage = (m) => {
        const msg = JSON.parse(String(m.data)) as unknown[];
        if (msg[0] === 'OK' && msg[1] === event.id) resolve();
      };
      ws.send(JSON.stringify(['EVENT', event]));
    });
    ws.close();
  }

  it('says so once for a burst of the watched authors’ new notes, not for stored ones, and stops when closed', async () => {
    const [followed, stranger] = [generateSecretKey(), generateSecretKey()];
    const note = (sk: Uint8Array, content: string) =>
      finalizeEvent({ kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content }, sk);
    const clock = new ManualClock();
    clock.advance(Date.now() - clock.now());
    // Stored before the watch (same second as its `since`): not new.
    await publish(note(followed, 'old'));
    let calls = 0;
    let socket: WebSocket | null = null;
    let eose = false;
    const live: string[] = [];
    const watch = new LiveFeedWatch({
      url: server.relayUrl,
      filters: [{ kinds: [1, 6], authors: [getPublicKey(followed)] }],
      onNew: () => calls++,
      coalesceMs: 500,
      clock,
      createSocket: (url) => {
        const ws = new WebSocket(url);
        ws.addEventListener('message', (m) => {
          const msg = JSON.parse(String(m.data)) as [string, string, NostrEvent?];
          if (msg[0] === 'EOSE') eose = true;
          else if (msg[0] === 'EVENT' && eose) live.push(msg[2]!.content);
        });
        socket = ws;
        return ws;
      },
    });
    await waitFor(() => eose, 5000, 'the end of stored events');
    clock.advance(1000);
    expect(calls).toBe(0);
    await publish(note(stranger, 'not watched'));
    await publish(note(followed, 'new 1'));
    await publish(note(followed, 'new 2'));
    await waitFor(() => live.length === 2, 5000, 'the new notes');
    // The relay sends only the watched author's notes, in order; one call for both.
    expect(live).toEqual(['new 1', 'new 2']);
    expect(calls).toBe(0);
    clock.advance(500);
    expect(calls).toBe(1);
    clock.advance(5000);
    expect(calls).toBe(1);
    watch.close();
    await waitFor(() => socket?.readyState === WebSocket.CLOSED, 5000, 'the socket to close');
    clock.advance(5000);
    expect(calls).toBe(1);
  });
});
