import { afterEach, describe, expect, it } from 'vitest';
import { CacheConnection, type CacheConnectionStatus } from '../src/cache/cache-connection.ts';
import { CacheError } from '../src/errors.ts';
import type { CacheCommand } from '@swell/cache-protocol';

const unknownCommand = 'no_such_command' as CacheCommand;
import { clientTestServer, waitFor } from './helpers.ts';
import { ManualClock } from './manual-clock.ts';
import { ActivityTracker } from '../src/activity/activity-tracker.ts';

/** Records every frame the client sends on a real socket (the server stays real). */
function recordingSocket(sent: string[]) {
  return (url: string) => {
    const ws = new WebSocket(url);
    const send = ws.send.bind(ws);
    ws.send = (data: string | ArrayBufferLike | Blob | ArrayBufferView) => {
      sent.push(String(data));
      send(data);
    };
    return ws;
  };
}

function statusLog(conn: CacheConnection): CacheConnectionStatus[] {
  const log: CacheConnectionStatus[] = [conn.status];
  conn.subscribe(() => {
    if (log.at(-1) !== conn.status) log.push(conn.status);
  });
  return log;
}

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function setup(opts: { noBinary?: boolean } = {}) {
  const server = await clientTestServer();
  cleanup.push(() => server.close());
  const sent: string[] = [];
  const conn = new CacheConnection({
    url: server.cacheUrl,
    noBinary: opts.noBinary,
    createSocket: recordingSocket(sent),
  });
  cleanup.push(() => conn.destroy());
  return { server, conn, sent };
}

describe('CacheConnection against the real server', () => {
  it('goes connecting -> open -> ready after the set_primal_protocol EOSE', async () => {
    const { conn, sent } = await setup();
    const log = statusLog(conn);
    conn.connect();
    await conn.whenReady();
    expect(log).toEqual(['idle', 'connecting', 'open', 'ready']);
    expect(conn.sessionId).toMatch(/^web_[0-9.]+_\d{1,10}$/);
    const first = JSON.parse(sent[0]!);
    expect(first).toEqual([
      'REQ',
      `set_protocol_${conn.sessionId}`,
      { cache: ['set_primal_protocol', { compression: 'zlib' }] },
    ]);
  });

  it('in noBinary mode skips the handshake', async () => {
    const { conn, sent } = await setup({ noBinary: true });
    conn.connect();
    await conn.whenReady();
    expect(sent.some((s) => s.includes('set_primal_protocol'))).toBe(false);
  });

  it('rejects a request answered with NOTICE with a CacheError carrying the text', async () => {
    const { conn, sent } = await setup();
    const err = await conn.request(unknownCommand, { x: 1 } as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CacheError);
    expect((err as CacheError).code).toBe('cache-notice');
    expect((err as CacheError).notice).toBe('unknown api request');
    const req = sent.map((s) => JSON.parse(s)).find((m) => m[2]?.cache?.[0] === 'no_such_command');
    expect(req[1]).toMatch(new RegExp(`^${conn.sessionId}_\\d+$`));
    expect(conn.getSnapshot().pending).toBe(0);
  });

  it('queues a request made while connecting and sends it once ready', async () => {
    const { conn, sent } = await setup();
    const answer = conn.request(unknownCommand).catch((e: CacheError) => e.notice);
    // The request was made while idle: nothing could be sent yet.
    expect(sent).toEqual([]);
    expect(conn.status).toBe('connecting');
    expect(await answer).toBe('unknown api request');
    const kinds = sent.map((s) => JSON.parse(s)[2].cache[0]);
    expect(kinds).toEqual(['set_primal_protocol', 'no_such_command']);
  });

  it('retries queued sends every 100 ms until ready', async () => {
    const server = await clientTestServer();
    cleanup.push(() => server.close());
    const clock = new ManualClock();
    const sent: string[] = [];
    const conn = new CacheConnection({
      url: server.cacheUrl,
      clock,
      createSocket: recordingSocket(sent),
    });
    cleanup.push(() => conn.destroy());
    const answer = conn
      .request(unknownCommand, undefined, { timeoutMs: 60_000 })
      .catch((e: CacheError) => e.notice);
    expect(conn.status).toBe('connecting');
    expect(clock.pending()).toEqual([100, 60_000]);
    clock.advance(100);
    // Still connecting: nothing went out, the next try is 100 ms away.
    expect(sent).toEqual([]);
    expect(clock.pending()).toEqual([100, 59_900]);
    expect(await answer).toBe('unknown api request');
    expect(sent.map((s) => JSON.parse(s)[2].cache[0])).toEqual([
      'set_primal_protocol',
      'no_such_command',
    ]);
  });

  it('keeps requests made while the server is down and delivers them when it comes up', async () => {
    const first = await clientTestServer();
    const port = first.port;
    await first.close();
    const conn = new CacheConnection({ url: `ws://127.0.0.1:${port}/v1`, random: () => 0 });
    cleanup.push(() => conn.destroy());
    const answer = conn.request(unknownCommand).catch((e: CacheError) => e.notice);
    await waitFor(() => conn.getSnapshot().failures >= 2, 5000, 'failed attempts');
    expect(conn.status === 'closed' || conn.status === 'connecting').toBe(true);
    const server = await clientTestServer({ port });
    cleanup.push(() => server.close());
    expect(await answer).toBe('unknown api request');
    expect(conn.getSnapshot().failures).toBe(0);
  });

  it('reconnects 200 ms after the server drops the socket', async () => {
    const { server, conn, sent } = await setup();
    await conn.whenReady();
    const log = statusLog(conn);
    server.dropSockets();
    await waitFor(() => conn.status === 'closed', 5000, 'closed');
    expect(conn.getSnapshot().reconnectInMs).toBe(200);
    await waitFor(() => conn.status === 'ready', 5000, 'ready again');
    expect(log).toEqual(['ready', 'closed', 'connecting', 'open', 'ready']);
    expect(sent.filter((s) => s.includes('set_primal_protocol'))).toHaveLength(2);
    await expect(conn.request(unknownCommand)).rejects.toThrow('unknown api request');
  });

  it('backs off with jitter after repeated failures', async () => {
    const first = await clientTestServer();
    const port = first.port;
    await first.close();
    const delays: number[] = [];
    const conn = new CacheConnection({ url: `ws://127.0.0.1:${port}/v1`, random: () => 0.5 });
    cleanup.push(() => conn.destroy());
    conn.subscribe(() => {
      const d = conn.getSnapshot().reconnectInMs;
      if (d !== null && delays.at(-1) !== d) delays.push(d);
    });
    conn.connect();
    await waitFor(() => delays.length >= 3, 10_000, 'three failures');
    // 200, then 400 and 800 scaled by the jitter factor 0.5 + 0.5 * random.
    expect(delays.slice(0, 3)).toEqual([200, 300, 600]);
  });

  it('reset() disconnects and reconnects after 1 s', async () => {
    const { conn } = await setup();
    await conn.whenReady();
    conn.reset();
    expect(conn.status).toBe('closed');
    expect(conn.getSnapshot().reconnectInMs).toBe(1000);
    await waitFor(() => conn.status === 'ready', 5000, 'ready after reset');
  });

  it('a deliberate disconnect does not reconnect; sleep and wake', async () => {
    const { conn } = await setup();
    await conn.whenReady();
    conn.sleep();
    expect(conn.status).toBe('sleeping');
    await new Promise((r) => setTimeout(r, 400));
    expect(conn.status).toBe('sleeping');
    const answer = conn.request(unknownCommand).catch((e: CacheError) => e.notice);
    conn.wake();
    expect(await answer).toBe('unknown api request');
  });

  it('times out and aborts requests', async () => {
    const { conn } = await setup();
    await conn.whenReady();
    conn.sleep();
    const timedOut = await conn
      .request(unknownCommand, undefined, { timeoutMs: 50 })
      .catch((e) => e);
    expect((timedOut as CacheError).code).toBe('request-timeout');
    const ac = new AbortController();
    const aborted = conn.request(unknownCommand, undefined, { signal: ac.signal }).catch((e) => e);
    ac.abort();
    expect(((await aborted) as CacheError).code).toBe('aborted');
    expect(conn.getSnapshot().pending).toBe(0);
  });

  it('sleeps after 5 idle minutes (socket closed) and reconnects on activity', async () => {
    const { server, conn } = await setup();
    await conn.whenReady();
    const upgrades: number[] = [];
    server.app.server.on('upgrade', () => upgrades.push(1));
    const clock = new ManualClock();
    const target = new EventTarget();
    const activity = new ActivityTracker({ clock, target });
    activity.add(conn);
    activity.start();
    cleanup.push(() => activity.stop());
    clock.advance(5 * 60_000);
    expect(activity.getSnapshot().state).toBe('sleep');
    expect(conn.status).toBe('sleeping');
    await new Promise((r) => setTimeout(r, 300));
    expect(conn.status).toBe('sleeping');
    target.dispatchEvent(new Event('mousemove'));
    expect(activity.getSnapshot().state).toBe('waking');
    await conn.whenReady();
    expect(upgrades).toHaveLength(1);
    await expect(conn.request(unknownCommand)).rejects.toThrow('unknown api request');
    clock.advance(36_000);
    expect(activity.getSnapshot().state).toBe('woke');
  });

  it('re-subscribes open streams after a reconnect', async () => {
    const { server, conn, sent } = await setup();
    let eoses = 0;
    const events: number[] = [];
    const stop = conn.stream(
      'net_stats',
      {},
      {
        onEvent: (e) => events.push(e.kind),
        onEose: () => eoses++,
      },
    );
    await waitFor(() => eoses === 1, 5000, 'first EOSE');
    server.dropSockets();
    await waitFor(() => eoses === 2, 5000, 'EOSE after the reconnect');
    expect(events).toEqual([10000101, 10000101]);
    const reqs = sent.filter((s) => s.includes('net_stats')).map((s) => JSON.parse(s)[1]);
    expect(reqs).toHaveLength(2);
    expect(reqs[0]).toBe(reqs[1]);
    stop();
    await waitFor(() => sent.some((s) => s === JSON.stringify(['CLOSE', reqs[0]])), 2000, 'CLOSE');
  });

  it('rejects pending requests with "closed" when destroyed', async () => {
    const { conn } = await setup();
    conn.sleep();
    const pending = conn.request(unknownCommand).catch((e: CacheError) => e.code);
    conn.destroy();
    expect(await pending).toBe('closed');
  });
});
