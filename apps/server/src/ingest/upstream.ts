import WebSocket from 'ws';
import type { Filter } from '@swell/nostr';
import type { Store } from '../store/store.ts';

export interface UpstreamOptions {
  /** Extra filter fields for the subscription (default: every kind). */
  filter?: Omit<Filter, 'since' | 'limit'>;
  /** Events asked for on the first connection to a relay (default 500). */
  initialLimit?: number;
  /** Reconnect delay: base * 2^attempt, capped, times a random jitter in [0.5, 1]. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Seconds re-read before the cursor on resume, for events that arrived late (default 60). */
  overlapSeconds?: number;
  /** Flush buffered events after this many ms or events. */
  flushMs?: number;
  flushEvents?: number;
}

interface Log {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export interface Upstream {
  close(): Promise<void>;
}

const SUB_ID = 'swell-upstream';

/** Reconnect delay for an attempt number (exported for tests). */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** attempt) * (0.5 + Math.random() / 2);
}

async function readCursor(store: Store, relay: string): Promise<number | undefined> {
  const row = await store.db
    .selectFrom('upstream_cursors')
    .select('last_created_at')
    .where('relay', '=', relay)
    .executeTakeFirst();
  return row ? Number(row.last_created_at) : undefined;
}

async function saveCursor(store: Store, relay: string, at: number): Promise<void> {
  await store.db
    .insertInto('upstream_cursors')
    .values({ relay, last_created_at: at })
    .onConflict((oc) =>
      oc
        .column('relay')
        .doUpdateSet({ last_created_at: at })
        .where('upstream_cursors.last_created_at', '<', at),
    )
    .execute();
}

/**
 * Indexes the given relays: subscribes to each, imports what arrives through the ingestion
 * pipeline, reconnects with exponential backoff and jitter, and resumes from the newest
 * created_at seen (kept in `upstream_cursors`).
 */
export function startUpstream(
  urls: readonly string[],
  store: Store,
  log: Log,
  opts: UpstreamOptions = {},
): Upstream {
  const baseMs = opts.backoffBaseMs ?? 1000;
  const maxMs = opts.backoffMaxMs ?? 60_000;
  const overlap = opts.overlapSeconds ?? 60;
  const flushMs = opts.flushMs ?? 250;
  const flushEvents = opts.flushEvents ?? 500;
  let closed = false;
  const sockets = new Set<WebSocket>();
  const timers = new Set<NodeJS.Timeout>();

  const follow = (url: string) => {
    let attempt = 0;
    const connect = async () => {
      if (closed) return;
      const cursor = await readCursor(store, url).catch(() => undefined);
      const filter: Filter =
        cursor === undefined
          ? { ...opts.filter, limit: opts.initialLimit ?? 500 }
          : { ...opts.filter, since: Math.max(0, cursor - overlap) };
      const ws = new WebSocket(url, { maxPayload: 4 * 1024 * 1024, handshakeTimeout: 10_000 });
      sockets.add(ws);
      let buffer: unknown[] = [];
      let timer: NodeJS.Timeout | undefined;
      let flushing = Promise.resolve();

      const flush = () => {
        if (timer) clearTimeout(timer);
        timer = undefined;
        const batch = buffer;
        buffer = [];
        if (batch.length === 0) return flushing;
        flushing = flushing.then(async () => {
          try {
            const results = await store.ingest(batch, { source: 'upstream' });
            let newest = 0;
            for (const r of results) {
              if (r.status === 'accepted') newest = Math.max(newest, r.event.created_at);
            }
            // Duplicates also advance the cursor: they are already stored.
            batch.forEach((e, i) => {
              const r = results[i];
              if (r?.status === 'duplicate') {
                const at = (e as { created_at?: unknown }).created_at;
                if (typeof at === 'number') newest = Math.max(newest, at);
              }
            });
            const now = Math.floor(Date.now() / 1000);
            if (newest > 0) await saveCursor(store, url, Math.min(newest, now));
          } catch (err) {
            log.warn({ relay: url, err: String(err) }, 'upstream: import failed');
          }
        });
        return flushing;
      };

      ws.on('open', () => {
        log.info({ relay: url, since: filter.since }, 'upstream: connected');
        ws.send(JSON.stringify(['REQ', SUB_ID, filter]));
      });
      ws.on('message', (data) => {
        let msg: unknown;
        try {
          msg = JSON.parse(data.toString());
        } catch {
          return;
        }
        if (!Array.isArray(msg)) return;
        if (msg[0] === 'EVENT' && msg[1] === SUB_ID) {
          buffer.push(msg[2]);
          if (buffer.length >= flushEvents) void flush();
          else timer ??= setTimeout(() => void flush(), flushMs);
        } else if (msg[0] === 'EOSE' && msg[1] === SUB_ID) {
          attempt = 0; // a healthy connection resets the backoff
          void flush();
        } else if (msg[0] === 'CLOSED' && msg[1] === SUB_ID) {
          log.warn({ relay: url, reason: msg[2] }, 'upstream: subscription refused');
          ws.close();
        }
      });
      ws.on('error', (err) => {
        log.warn({ relay: url, err: String(err) }, 'upstream: connection error');
      });
      ws.on('close', () => {
        sockets.delete(ws);
        void flush().then(() => {
          if (closed) return;
          const delay = backoffDelay(attempt++, baseMs, maxMs);
          const t = setTimeout(() => {
            timers.delete(t);
            void connect();
          }, delay);
          timers.add(t);
        });
      });
    };
    void connect();
  };

  for (const url of urls) follow(url);

  return {
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      for (const ws of sockets) ws.terminate();
    },
  };
}
