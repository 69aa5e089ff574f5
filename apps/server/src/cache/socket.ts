import type { WebSocket } from 'ws';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { deflate, deflateSync } from 'node:zlib';
import type { CacheEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { ServerContext } from '../context.ts';
import {
  CacheError,
  type CacheRequest,
  type CommandHandler,
  type StreamHandler,
} from './request.ts';
import { isLoopbackClient } from './address-guard.ts';
import { cacheServable } from './relay-only-kinds.ts';
import { commandHandlers, streamHandlers } from './router.ts';
import { streamClosed, streamOpened } from './stream-counts.ts';

/** Limits of one connection (mutable for tests). */
export const cacheLimits = {
  /** Open subscriptions per connection. */
  maxSubscriptions: 200,
  /** Time budget of one request; what is ready when it runs out is sent (partial result). */
  requestBudgetMs: 10_000,
  /** Idle connections are closed after this long without a message. */
  idleMs: 10 * 60_000,
  /** Rate limit: burst size and refill per second of the per-connection token bucket. */
  burst: 300,
  perSecond: 100,
};

type Message = CacheEvent | NostrEvent;

const deflateAsync = promisify(deflate);
/** Frames at least this long are compressed on libuv's thread pool, off the event loop. */
const ASYNC_DEFLATE_BYTES = 16 * 1024;

/** A streaming subscription or a one-shot request in flight. */
interface Subscription {
  abort: AbortController;
  /** The command of a stream (counted in `openStreams` while open). */
  command?: string;
  stop?: () => void;
  /** A stream whose first answer (EOSE) went out. */
  answered?: boolean;
}

/** Absolute base URL of this server as the client reached it. */
function baseUrlOf(req: IncomingMessage, ctx: ServerContext): string {
  const host =
    req.headers['x-forwarded-host'] ?? req.headers.host ?? `${ctx.config.host}:${ctx.config.port}`;
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  return `${proto}://${String(host).split(',')[0]!.trim()}`;
}

/** What a socket of the cache's shape answers: its request and streaming commands. */
export interface SocketRoutes {
  commands: Record<string, CommandHandler | undefined>;
  streams: Record<string, StreamHandler | undefined>;
}

const cacheRoutes: SocketRoutes = { commands: commandHandlers, streams: streamHandlers };

/**
 * The cache websocket (`/v1`, Primal protocol). `routes` serves another command set with the
 * same machinery (the membership socket `/wallet/v1`).
 */
export function handleCacheSocket(
  ws: WebSocket,
  ctx: ServerContext,
  httpReq: IncomingMessage,
  routes: SocketRoutes = cacheRoutes,
): void {
  // Subscription ids (cache-protocol.md section 1): a client may send a REQ whose id is still in
  // flight; every one-shot REQ is answered on its own (events, then EOSE), so several may share
  // an id. Only a streaming subscription is replaced by a new REQ of the same id.
  const streams = new Map<string, Subscription>();
  const requests = new Map<string, Set<Subscription>>();
  let open = 0;
  const baseUrl = baseUrlOf(httpReq, ctx);
  let zlib = false;
  let tokens = cacheLimits.burst;
  let lastRefill = Date.now();
  let lastActivity = Date.now();

  const idle = setInterval(
    () => {
      if (Date.now() - lastActivity > cacheLimits.idleMs) ws.close(1000, 'idle');
    },
    Math.min(60_000, cacheLimits.idleMs),
  );
  idle.unref();

  // Frames leave in the order they were made. A large zlib frame is compressed on the thread
  // pool; while one is in flight, later frames (an EOSE, say) queue behind it.
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  const deliver = (frame: string | Buffer | Promise<Buffer>) => {
    const binary = typeof frame !== 'string';
    if (queued === 0 && !(frame instanceof Promise)) {
      if (ws.readyState === ws.OPEN) ws.send(frame, { binary });
      return;
    }
    queued++;
    queue = queue
      .then(async () => {
        const data = await frame;
        if (ws.readyState === ws.OPEN) ws.send(data, { binary });
      })
      .catch(() => undefined)
      .finally(() => queued--);
  };
  const sendText = (msg: unknown[]) => {
    if (ws.readyState === ws.OPEN) deliver(JSON.stringify(msg));
  };
  /** Pushes events; `answer` marks a request's result, which in zlib mode is one frame even when empty. */
  const sendEvents = (subId: string, events: Message[], answer = false) => {
    if (ws.readyState !== ws.OPEN || (events.length === 0 && !(answer && zlib))) return;
    if (zlib) {
      const json = JSON.stringify(['EVENTS', subId, events]);
      deliver(json.length >= ASYNC_DEFLATE_BYTES ? deflateAsync(json) : deflateSync(json));
    } else {
      for (const e of events) deliver(JSON.stringify(['EVENT', subId, e]));
    }
  };
  const fail = (subId: string, message: string) => {
    sendText(['NOTICE', subId, message]);
    sendText(['EOSE', subId]);
  };
  /** Stops the stream of that id; a replaced stream that had not answered yet gets its EOSE. */
  const closeStream = (subId: string, replaced = false) => {
    const s = streams.get(subId);
    if (!s) return;
    streams.delete(subId);
    open--;
    if (s.command) streamClosed(ctx, s.command);
    s.abort.abort();
    s.stop?.();
    if (replaced && !s.answered) sendText(['EOSE', subId]);
  };
  const track = (subId: string, sub: Subscription) => {
    let set = requests.get(subId);
    if (!set) requests.set(subId, (set = new Set()));
    set.add(sub);
    open++;
  };
  /** Forgets a finished request; false when it was closed meanwhile (nothing may be sent). */
  const untrack = (subId: string, sub: Subscription): boolean => {
    const set = requests.get(subId);
    if (!set?.delete(sub)) return false;
    if (set.size === 0) requests.delete(subId);
    open--;
    return true;
  };
  /** CLOSE: the stream of that id and every request of that id still in flight. */
  const closeSub = (subId: string) => {
    closeStream(subId);
    const set = requests.get(subId);
    if (!set) return;
    requests.delete(subId);
    open -= set.size;
    for (const s of set) s.abort.abort();
  };

  ws.on('close', () => {
    clearInterval(idle);
    for (const id of [...streams.keys(), ...requests.keys()]) closeSub(id);
  });

  ws.on('message', (data, isBinary) => {
    lastActivity = Date.now();
    if (isBinary) {
      sendText(['NOTICE', '', 'binary frames are not accepted']);
      return;
    }
    let msg: unknown;
    try {
      msg = JSON.parse(data.toString());
    } catch {
      sendText(['NOTICE', '', 'invalid JSON']);
      return;
    }
    if (!Array.isArray(msg) || typeof msg[0] !== 'string') {
      sendText(['NOTICE', '', 'message must be a JSON array']);
      return;
    }
    const [verb, subId] = msg as [string, unknown];
    if (typeof subId !== 'string' || subId.length > 200) {
      sendText(['NOTICE', '', 'missing subscription id']);
      return;
    }
    if (verb === 'CLOSE') {
      closeSub(subId);
      return;
    }
    if (verb !== 'REQ') {
      sendText(['NOTICE', subId, `unknown message type: ${verb}`]);
      return;
    }
    const now = Date.now();
    tokens = Math.min(
      cacheLimits.burst,
      tokens + ((now - lastRefill) / 1000) * cacheLimits.perSecond,
    );
    lastRefill = now;
    if (tokens < 1) {
      fail(subId, 'rate limited: slow down');
      return;
    }
    tokens -= 1;

    const cache = (msg[2] as { cache?: unknown } | undefined)?.cache;
    if (!Array.isArray(cache) || typeof cache[0] !== 'string') {
      fail(subId, 'invalid request: expected {"cache": [command, payload]}');
      return;
    }
    const command = cache[0];
    const rawPayload = cache[1] ?? {};
    if (typeof rawPayload !== 'object' || rawPayload === null || Array.isArray(rawPayload)) {
      fail(subId, 'invalid payload: expected an object');
      return;
    }
    if (command === 'set_primal_protocol') {
      const compression = (rawPayload as { compression?: unknown }).compression;
      zlib = compression === 'zlib';
      sendText(['EOSE', subId]);
      return;
    }
    const handler = Object.hasOwn(routes.commands, command) ? routes.commands[command] : undefined;
    const stream = Object.hasOwn(routes.streams, command) ? routes.streams[command] : undefined;
    if (!handler && !stream) {
      ctx.log.debug({ command }, 'unknown cache command');
      fail(subId, 'unknown api request');
      return;
    }
    closeStream(subId, true); // a REQ with the id of a stream replaces the stream
    if (open >= cacheLimits.maxSubscriptions) {
      fail(subId, `too many subscriptions (max ${cacheLimits.maxSubscriptions})`);
      return;
    }
    const store = ctx.store;
    const sub: Subscription = { abort: new AbortController() };
    const out: Message[] = [];
    const req: CacheRequest = {
      subId,
      command,
      payload: rawPayload as Record<string, unknown>,
      store,
      ctx,
      now: Math.floor(Date.now() / 1000),
      baseUrl,
      fromLoopback: isLoopbackClient(httpReq.socket.remoteAddress),
      signal: sub.abort.signal,
      emit: (...events) => {
        out.push(...cacheServable(events)); // never a gift wrap, whatever the command found
      },
    };

    if (stream) {
      streams.set(subId, sub);
      open++;
      sub.command = command;
      streamOpened(ctx, command);
      stream(req, (events) => {
        if (streams.get(subId) === sub) sendEvents(subId, events);
      })
        .then((stop) => {
          if (streams.get(subId) !== sub) {
            stop();
            return;
          }
          sub.stop = stop;
          sub.answered = true;
          sendEvents(subId, out);
          sendText(['EOSE', subId]);
        })
        .catch((err: unknown) => {
          if (streams.get(subId) !== sub) return;
          streams.delete(subId);
          open--;
          streamClosed(ctx, command);
          reportError(subId, err);
        });
      return;
    }

    track(subId, sub);
    let finished = false;
    const timer = setTimeout(() => {
      if (finished) return;
      finished = true;
      sub.abort.abort();
      if (!untrack(subId, sub)) return; // closed meanwhile
      sendEvents(subId, out.splice(0), true);
      sendText(['EOSE', subId]);
    }, cacheLimits.requestBudgetMs);
    handler!(req)
      .then(() => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        if (!untrack(subId, sub)) return; // closed meanwhile
        sendEvents(subId, out, true);
        sendText(['EOSE', subId]);
      })
      .catch((err: unknown) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        if (untrack(subId, sub)) reportError(subId, err);
      });
  });

  function reportError(subId: string, err: unknown): void {
    if (err instanceof CacheError) {
      fail(subId, err.message);
      return;
    }
    ctx.log.error({ err }, 'cache request failed');
    fail(subId, 'internal error');
  }
}
