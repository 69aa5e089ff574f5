import {
  decodePage,
  inflateFrame,
  reqFrame,
  type CacheCommand,
  type CacheEvent,
  type FeedPage,
} from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import WebSocket from 'ws';
import { testServer } from './test-server.ts';
import type { StartOptions } from '../server.ts';
import { startPgCluster, type PgCluster } from './pg-cluster.ts';

/** A cache client for tests: one websocket, requests answered until EOSE. */
export class CacheClient {
  readonly ws: WebSocket;
  private handlers = new Map<string, (msg: unknown[]) => void>();
  private seq = 0;
  /** Binary frames seen (zlib mode). */
  binaryFrames = 0;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer, isBinary) => {
      let msg: unknown;
      if (isBinary) {
        this.binaryFrames++;
        msg = inflateFrame(new Uint8Array(data));
      } else msg = JSON.parse(data.toString());
      if (!Array.isArray(msg)) return;
      const h = this.handlers.get(String(msg[1]));
      if (h) h(msg);
    });
  }

  static async open(url: string, zlib: boolean): Promise<CacheClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const c = new CacheClient(ws);
    if (zlib) {
      const r = await c.request(
        'set_primal_protocol',
        { compression: 'zlib' },
        'set_protocol_test',
      );
      if (r.events.length !== 0) throw new Error('unexpected answer to set_primal_protocol');
    }
    return c;
  }

  /** Sends a request and collects events and notices until EOSE. */
  request(
    command: CacheCommand | string,
    payload?: unknown,
    subId = `sub${++this.seq}`,
    timeoutMs = 15_000,
  ): Promise<{ events: CacheEvent[]; notices: string[]; binary: boolean }> {
    return new Promise((resolve, reject) => {
      const events: CacheEvent[] = [];
      const notices: string[] = [];
      let binary = false;
      const timer = setTimeout(() => {
        this.handlers.delete(subId);
        reject(new Error(`no EOSE for ${command}`));
      }, timeoutMs);
      this.handlers.set(subId, (msg) => {
        if (msg[0] === 'EVENT') events.push(msg[2] as CacheEvent);
        else if (msg[0] === 'EVENTS') {
          binary = true;
          events.push(...(msg[2] as CacheEvent[]));
        } else if (msg[0] === 'NOTICE') notices.push(String(msg[2]));
        else if (msg[0] === 'EOSE') {
          clearTimeout(timer);
          this.handlers.delete(subId);
          resolve({ events, notices, binary });
        }
      });
      this.ws.send(reqFrame(subId, command as CacheCommand, payload as never));
    });
  }

  /** A request decoded into a FeedPage (fails on NOTICE). */
  async page(
    command: CacheCommand | string,
    payload?: unknown,
  ): Promise<FeedPage & { raw: CacheEvent[] }> {
    const r = await this.request(command, payload);
    if (r.notices.length > 0) throw new Error(`NOTICE: ${r.notices.join('; ')}`);
    return { ...decodePage(r.events), raw: r.events };
  }

  /** Subscribes to a streaming command; returns pushed events as they come. */
  stream(
    command: string,
    payload: unknown,
    subId: string,
    onEvent: (e: CacheEvent) => void,
  ): Promise<void> {
    return new Promise((resolve) => {
      this.handlers.set(subId, (msg) => {
        if (msg[0] === 'EVENT') onEvent(msg[2] as CacheEvent);
        else if (msg[0] === 'EVENTS') for (const e of msg[2] as CacheEvent[]) onEvent(e);
        else if (msg[0] === 'EOSE') resolve();
      });
      this.ws.send(reqFrame(subId, command as CacheCommand, payload as never));
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** A test user with a real key. */
export class User {
  readonly sk = generateSecretKey();
  readonly pubkey = getPublicKey(this.sk);

  sign(
    kind: number,
    content: string,
    tags: string[][] = [],
    created_at = Math.floor(Date.now() / 1000),
  ): NostrEvent {
    return finalizeEvent({ kind, content, tags, created_at }, this.sk);
  }
}

/** Imports events through the real pipeline (import_events); fails unless all were accepted. */
export async function importAll(c: CacheClient, events: NostrEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    const r = await c.request('import_events', { events: events.slice(i, i + 500) });
    if (r.notices.length > 0) throw new Error(r.notices.join('; '));
    const status = JSON.parse(r.events[0]!.content) as { imported: number; errors: number };
    if (status.errors > 0) throw new Error(`import errors: ${status.errors}`);
  }
}

/** The storage backends the cache suites run on. */
export const BACKENDS = ['sqlite', 'postgres'] as const;
export type Backend = (typeof BACKENDS)[number];

/** A test server on the given backend (a throwaway PostgreSQL cluster for 'postgres'). */
export async function backendServer(
  backend: Backend,
  options: StartOptions = {},
): Promise<Awaited<ReturnType<typeof testServer>> & { stop(): Promise<void> }> {
  if (backend === 'sqlite') {
    const s = await testServer({}, options);
    return Object.assign(s, { stop: () => s.close() });
  }
  const cluster: PgCluster = await startPgCluster();
  const s = await testServer({ databaseUrl: await cluster.createDatabase() }, options);
  return Object.assign(s, {
    stop: async () => {
      await s.close();
      await cluster.stop();
    },
  });
}

/**
 * A NIP-57 zap: `sender` signs the 9734 request for `target`, `wallet` (the LNURL service)
 * signs the 9735 receipt with a bolt11 of `sats` (10n per sat) and the request as description.
 */
export function zapReceipt(
  wallet: User,
  sender: User,
  target: NostrEvent,
  sats: number,
  at: number,
  message = '',
  /** More tags of the request (a zap poll vote's `poll_option`). */
  requestTags: string[][] = [],
): NostrEvent {
  const request = sender.sign(
    9734,
    message,
    [
      ['p', target.pubkey],
      ['e', target.id],
      ['amount', String(sats * 1000)],
      ['relays', 'wss://relay.example'],
      ...requestTags,
    ],
    at,
  );
  return wallet.sign(
    9735,
    '',
    [
      ['p', target.pubkey],
      ['e', target.id],
      ['P', sender.pubkey],
      ['bolt11', `lnbc${sats * 10}n1pzapzapzap`],
      ['description', JSON.stringify(request)],
    ],
    at,
  );
}
