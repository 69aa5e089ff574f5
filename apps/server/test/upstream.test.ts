import { afterAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Filter } from '@swell/nostr';
import { backoffDelay, startUpstream } from '../src/ingest/upstream.ts';
import { openStore } from '../src/store/open-store.ts';
import { testServer } from './helpers.ts';
import { newPool, testUser } from './relay-helpers.ts';

const quietLog = { info: () => undefined, warn: () => undefined };

describe('upstream ingestion', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('indexes a relay listed in SWELL_UPSTREAM, stored and live', async () => {
    const origin = await testServer();
    cleanups.push(() => origin.close());
    const user = testUser();
    const pool = newPool();
    cleanups.push(() => pool.destroy());
    const first = [1, 2, 3].map((i) => user.sign({ kind: 1, content: `upstream ${i}` }));
    for (const e of first) await Promise.all(pool.publish([origin.wsUrl('/relay')], e));

    const indexer = await testServer({ upstream: [origin.wsUrl('/relay')] });
    cleanups.push(() => indexer.close());
    const ids = async () =>
      (await pool.querySync([indexer.wsUrl('/relay')], { authors: [user.pubkey] }))
        .map((e) => e.id)
        .sort();
    await expect.poll(ids, { timeout: 10_000 }).toEqual(first.map((e) => e.id).sort());

    const later = user.sign({ kind: 1, content: 'arrives live' });
    await Promise.all(pool.publish([origin.wsUrl('/relay')], later));
    await expect.poll(ids, { timeout: 10_000 }).toContain(later.id);
  });

  it('reconnects after a drop and resumes from the last seen created_at', async () => {
    const user = testUser();
    const events = [user.sign({ kind: 1, content: 'a' }), user.sign({ kind: 1, content: 'b' })];
    const reqs: Filter[] = [];
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    cleanups.push(() => new Promise<void>((r) => wss.close(() => r())));
    wss.on('connection', (ws: WebSocket) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as [string, string, Filter];
        if (msg[0] !== 'REQ') return;
        reqs.push(msg[2]);
        if (reqs.length === 1) {
          for (const e of events) ws.send(JSON.stringify(['EVENT', msg[1], e]));
          ws.send(JSON.stringify(['EOSE', msg[1]]));
          setTimeout(() => ws.terminate(), 300); // the relay drops us
        } else ws.send(JSON.stringify(['EOSE', msg[1]]));
      });
    });
    const port = (wss.address() as { port: number }).port;
    const store = await openStore({ dataDir: '', sqliteFile: ':memory:' });
    cleanups.push(() => store.close());
    const up = startUpstream([`ws://127.0.0.1:${port}`], store, quietLog, {
      backoffBaseMs: 50,
      overlapSeconds: 0,
      flushMs: 10,
    });
    cleanups.push(() => up.close());
    await expect.poll(() => reqs.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(reqs[0]).toEqual({ limit: 500 });
    expect(reqs[1]).toEqual({ since: events[1]!.created_at });
    expect((await store.getEvents(events.map((e) => e.id))).length).toBe(2);
  });

  it('backs off exponentially with jitter, up to a cap', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const d = backoffDelay(attempt, 1000, 60_000);
      const full = Math.min(60_000, 1000 * 2 ** attempt);
      expect(d).toBeGreaterThanOrEqual(full / 2);
      expect(d).toBeLessThanOrEqual(full);
    }
  });
});
