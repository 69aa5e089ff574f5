import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MembershipResultKind,
  PREMIUM_CACHE_COMMANDS,
  type CacheEvent,
  type PurchaseQuote,
  type RebroadcastStatus,
} from '@swell/cache-protocol';
import { finalizeEvent, initVerifier, type NostrEvent } from '@swell/nostr';
import { loadConfig, startServer, type RunningServer } from '@swell/server';
import { CacheClient, importAll, testServer, TestSocket } from '@swell/server/testing';
import { demoAccounts, devnetExtension } from '../src/index.ts';

// The premium tools of the stock reference client on the cache socket (/v1): its frames
// (data/SOURCES.md), answered as /wallet/v1 answers them; content rebroadcast to the relays of
// the member's kind 10002, with progress, cancel and a status that survives a restart.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

interface Line {
  frame: unknown[];
}
const frames = readFileSync(
  new URL('data/primal-web-2.0.11-premium-requests.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as Line).frame);

const alice = demoAccounts[0]!;
const aliceKey = Uint8Array.from(Buffer.from(alice.secretKeyHex, 'hex'));
const NOTES = 40;
/** Slow enough that a test sees a rebroadcast half done: 20 events a page, one page in 2 s. */
const RATE = 10;

let signed = 0;
/** The frame's payload with its `event_from_user` template signed by alice, fresh and unique. */
function payloadOf(frame: unknown[]): { command: string; subId: string; payload: object } {
  const [command, payload] = (frame[2] as { cache: [string, Record<string, unknown>?] }).cache;
  const out = { ...(payload ?? {}) };
  const template = out.event_from_user as
    { kind: number; tags: string[][]; content: string } | undefined;
  if (template)
    out.event_from_user = finalizeEvent(
      { ...template, created_at: Math.floor(Date.now() / 1000) - signed++ },
      aliceKey,
    );
  return { command, subId: String(frame[1]), payload: out };
}
const frameOf = (command: string) =>
  frames.find((f) => f[0] === 'REQ' && payloadOf(f).command === command)!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('premium tools on the cache socket', () => {
  let relay: Awaited<ReturnType<typeof testServer>>;
  let server: RunningServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-premium-'));
  const start = async () => {
    server = await startServer(
      {
        ...loadConfig({}, []),
        port: 0,
        dataDir,
        logLevel: 'error',
        allowPrivateFetch: true,
        rebroadcastEventsPerSecond: RATE,
      },
      { extensions: [devnetExtension({ devnet: true, demo: false })] },
    );
  };
  const ws = (path: string) => `${server.url.replace('http', 'ws')}${path}`;
  const open = (path: string) => CacheClient.open(ws(path), true);
  /** Alice's notes the other relay holds. */
  const notesOnRelay = async () => {
    const socket = await TestSocket.open(relay.wsUrl('/relay'));
    socket.send(['REQ', 'n', { authors: [alice.pubkey], kinds: [1], limit: 500 }]);
    let n = 0;
    for (;;) {
      const msg = (await socket.next()) as unknown[];
      if (msg[0] === 'EOSE') break;
      if (msg[0] === 'EVENT') n++;
    }
    socket.close();
    return n;
  };
  const statusNow = async (client: CacheClient): Promise<RebroadcastStatus> => {
    const { subId, payload } = payloadOf(frameOf('rebroadcasting_status'));
    let status: RebroadcastStatus | undefined;
    await client.stream('rebroadcasting_status', payload, subId, (e) => {
      if (e.kind === MembershipResultKind.BroadcastStatus)
        status = JSON.parse(e.content) as RebroadcastStatus;
    });
    client.ws.send(JSON.stringify(['CLOSE', subId]));
    return status!;
  };
  const waitFor = async (client: CacheClient, ok: (s: RebroadcastStatus) => boolean) => {
    let s = await statusNow(client);
    for (let i = 0; i < 300 && !ok(s); i++) {
      await sleep(100);
      s = await statusNow(client);
    }
    expect(ok(s)).toBe(true);
    return s;
  };
  const send = (client: CacheClient, command: string) => {
    const { subId, payload } = payloadOf(frameOf(command));
    return client.request(command, payload, subId);
  };

  beforeAll(async () => {
    await initVerifier();
    relay = await testServer();
    await start();
    // alice becomes a member (paid on the devnet) and has notes, two contact lists and a relay
    // list naming the other relay (and this server's own, which is left out)
    const wallet = await open('/wallet/v1');
    const buy = await wallet.request('membership_purchase_product', {
      event_from_user: finalizeEvent(
        {
          kind: 30078,
          created_at: Math.floor(Date.now() / 1000),
          tags: [['p', alice.pubkey]],
          content: JSON.stringify({ product_id: '3-months-premium', name: 'alice' }),
        },
        aliceKey,
      ),
    });
    const quote = JSON.parse(buy.events[0]!.content) as PurchaseQuote;
    const paid = await fetch(`${server.url}/devnet/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice: quote.qr_code }),
    });
    expect(paid.status).toBe(200);
    wallet.close();
    const now = Math.floor(Date.now() / 1000);
    const sign = (kind: number, content: string, tags: string[][], at: number): NostrEvent =>
      finalizeEvent({ kind, content, tags, created_at: at }, aliceKey);
    const events = [
      sign(3, '', [['p', demoAccounts[1]!.pubkey]], now - 5000),
      sign(3, '', [['p', demoAccounts[2]!.pubkey]], now - 4000),
      sign(
        10002,
        '',
        [
          ['r', relay.wsUrl('/relay')],
          ['r', ws('/relay')],
        ],
        now - 3000,
      ),
      ...Array.from({ length: NOTES }, (_, i) => sign(1, `note ${i}`, [], now - 2000 + i)),
    ];
    const cache = await open('/v1');
    await importAll(cache, events);
    cache.close();
  });
  afterAll(async () => {
    await server?.close();
    await relay?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers each of the reference client's premium frames on /v1 as /wallet/v1 does", async () => {
    expect(new Set(frames.filter((f) => f[0] === 'REQ').map((f) => payloadOf(f).command))).toEqual(
      new Set(PREMIUM_CACHE_COMMANDS),
    );
    const v1 = await open('/v1');
    const wallet = await open('/wallet/v1');
    try {
      const readOnly = [
        'membership_media_management_stats',
        'membership_media_management_uploads',
        'membership_media_management_delete',
        'membership_recovery_contact_lists',
        'membership_content_stats',
      ];
      const strip = (r: { events: CacheEvent[]; notices: string[] }) => ({
        events: r.events,
        notices: r.notices,
      });
      for (const command of readOnly) {
        const here = strip(await send(v1, command));
        expect(here.notices, command).not.toContain('unknown api request');
        expect(here, command).toEqual(strip(await send(wallet, command)));
      }
      const stats = await send(v1, 'membership_content_stats');
      expect(JSON.parse(stats.events[0]!.content)).toContainEqual({ kind: 1, cnt: NOTES });
      expect((await send(v1, 'membership_media_management_delete')).notices).toEqual([
        'no such upload of yours',
      ]);
      const contacts = await send(v1, 'membership_recovery_contact_lists');
      expect(contacts.events.filter((e) => e.kind === 3)).toHaveLength(2);
      // the backup is a stream: the events, then EOSE
      const backup: CacheEvent[] = [];
      const { subId, payload } = payloadOf(frameOf('membership_content_backup'));
      await v1.stream('membership_content_backup', payload, subId, (e) => backup.push(e));
      expect(backup.filter((e) => e.kind === 1)).toHaveLength(NOTES);
    } finally {
      v1.close();
      wallet.close();
    }
  });

  it('rebroadcasts the notes to the relays of her kind 10002, with the status streamed', async () => {
    const v1 = await open('/v1');
    try {
      const statuses: RebroadcastStatus[] = [];
      const status = payloadOf(frameOf('rebroadcasting_status'));
      await v1.stream('rebroadcasting_status', status.payload, status.subId, (e) =>
        statuses.push(JSON.parse(e.content) as RebroadcastStatus),
      );
      expect(statuses[0]).toMatchObject({ running: false, status: '', progress: 0 });
      const started = await send(v1, 'membership_content_rebroadcast_start');
      expect(started.notices).toEqual([]);
      expect(JSON.parse(started.events[0]!.content)).toMatchObject({
        running: true,
        kinds: [1],
        total: NOTES,
        relays: [relay.wsUrl('/relay')],
      });
      for (let i = 0; i < 300 && !statuses.some((s) => s.status === 'finished fine'); i++)
        await sleep(100);
      const last = statuses.at(-1)!;
      expect(last).toMatchObject({ running: false, progress: 1, done: NOTES, accepted: NOTES });
      // progress was told on the way
      expect(statuses.some((s) => s.running && s.progress > 0 && s.progress < 1)).toBe(true);
      expect(await notesOnRelay()).toBe(NOTES);
      // nothing running: cancel changes nothing
      const cancel = await send(v1, 'membership_content_rebroadcast_cancel');
      expect(JSON.parse(cancel.events[0]!.content)).toMatchObject({ status: 'finished fine' });
      v1.ws.send(JSON.stringify(frames.find((f) => f[0] === 'CLOSE')));
    } finally {
      v1.close();
    }
  });

  it('cancels; the status survives a restart, and a rebroadcast cut by a restart goes on', async () => {
    let v1 = await open('/v1');
    expect((await send(v1, 'membership_content_rebroadcast_start')).notices).toEqual([]);
    await waitFor(v1, (s) => s.done >= 20);
    const cancelled = JSON.parse(
      (await send(v1, 'membership_content_rebroadcast_cancel')).events[0]!.content,
    ) as RebroadcastStatus;
    expect(cancelled).toMatchObject({ running: false, status: 'cancelled' });
    expect(cancelled.done).toBeLessThan(NOTES);
    v1.close();
    await server.close();
    await start();
    v1 = await open('/v1');
    expect(await statusNow(v1)).toEqual(cancelled);

    expect((await send(v1, 'membership_content_rebroadcast_start')).notices).toEqual([]);
    const half = await waitFor(v1, (s) => s.done >= 20);
    expect(half.running).toBe(true);
    v1.close();
    await server.close();
    await start();
    v1 = await open('/v1');
    try {
      const resumed = await statusNow(v1);
      expect(resumed.done).toBeGreaterThanOrEqual(half.done);
      const finished = await waitFor(v1, (s) => s.status === 'finished fine');
      // it went on from where it stopped: every note counted once
      expect(finished).toMatchObject({ done: NOTES, total: NOTES, progress: 1 });
    } finally {
      v1.close();
    }
  });
});
