import type { WebSocket } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { CacheEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import type { ServerContext } from '../context.ts';
import { requestBaseUrl } from '../net/client-address.ts';
import { mayFetchPrivate } from '../net/private-fetch.ts';
import { AnswerWriter } from './answer-frames.ts';
import {
  CacheError,
  type CacheRequest,
  type CommandHandler,
  type StreamHandler,
} from './request.ts';
import { RequestRegistry, type Ticket } from './request-registry.ts';
import { requestStore } from './request-store.ts';
import { requestWeight } from './request-weight.ts';
import { cacheServable } from './relay-only-kinds.ts';
import { commandHandlers, streamHandlers } from './router.ts';
import { streamClosed, streamOpened } from './stream-counts.ts';
import { SendQueue } from './send-queue.ts';

/** Limits of one connection (mutable for tests). Server-wide budgets live in the config. */
export const cacheLimits = {
  /** Open subscriptions per connection. */
  maxSubscriptions: 200,
  /** Idle connections are closed after this long without a message. */
  idleMs: 10 * 60_000,
  /** Rate limit: burst size and refill per second of the per-connection token bucket. */
  burst: 300,
  perSecond: 100,
  /** A client that reads nothing this long while its backlog is over the mark is dropped. */
  stallMs: 30_000,
};

type Message = CacheEvent | NostrEvent;

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
  const { load, config } = ctx;
  const gate = load.workGate;
  const baseUrl = requestBaseUrl(
    httpReq,
    config.trustedProxies,
    `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
  );
  const privateFetchOk = mayFetchPrivate(ctx, httpReq.headers);
  const requests = new RequestRegistry(() => load.counters.cancelled++);
  const sendQueue = new SendQueue(ws, {
    maxBytes: () => config.limits.sendBufferBytes,
    onDrop: (why) => {
      load.counters.slowReaders++;
      ctx.log.info({ why }, 'cache: dropping a slow reader');
      requests.cancelAll();
    },
    onDrain: () => gate.wake(),
  });
  gate.attach(sendQueue);
  let zlib = false;
  let tokens = cacheLimits.burst;
  let lastRefill = Date.now();
  let lastActivity = Date.now();

  const housekeeping = setInterval(() => {
    const now = Date.now();
    if (now - lastActivity > cacheLimits.idleMs) ws.close(1000, 'idle');
    sendQueue.watch(now, cacheLimits.stallMs);
    gate.wake();
  }, 5000);
  housekeeping.unref();

  const sendText = (msg: unknown[]) => sendQueue.send(JSON.stringify(msg));
  const toClient = (frame: string | Buffer | Promise<Buffer>, bytes?: number) =>
    sendQueue.send(frame, bytes);
  const answers = new AnswerWriter(toClient, () => zlib);
  /** A result's events, then its EOSE (`answer`: a one-shot request's result, see AnswerWriter). */
  const sendAnswer = (subId: string, events: Message[], answer: boolean) => {
    if (sendQueue.open) answers.answer(subId, events, answer);
  };
  const fail = (subId: string, message: string) => {
    sendText(['NOTICE', subId, message]);
    sendText(['EOSE', subId]);
  };

  ws.on('close', () => {
    clearInterval(housekeeping);
    requests.cancelAll();
    gate.detach(sendQueue);
  });

  ws.on('message', (data, isBinary) => {
    // A bug here must not end the process (the handler runs on ws's stack, outside any promise):
    // it is logged and answered as the internal error it is.
    try {
      onMessage(data as Buffer, isBinary);
    } catch (err) {
      ctx.log.error({ err }, 'cache: a message failed');
      sendText(['NOTICE', '', 'internal error']);
    }
  });

  function onMessage(data: Buffer, isBinary: boolean): void {
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
      requests.cancelSubscription(subId, 'close');
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
    // Subscription ids (cache-protocol.md section 1): a client may send a REQ whose id is still in
    // flight; every one-shot REQ is answered on its own (events, then EOSE), so several may share
    // an id. Only a streaming subscription is replaced by a new REQ of the same id; one that had
    // not answered yet gets its EOSE.
    for (const replaced of requests.cancelStreams(subId, 'replaced'))
      if (!replaced.answered) sendText(['EOSE', subId]);
    if (requests.size >= cacheLimits.maxSubscriptions) {
      fail(subId, `too many subscriptions (max ${cacheLimits.maxSubscriptions})`);
      return;
    }
    const payload = rawPayload as Record<string, unknown>;
    const ticket = requests.open(subId, stream !== undefined, config.limits.requestBudgetMs);
    run(ticket, command, payload);
  }

  /** Waits for a turn of the work budget, then answers one request (or starts one stream). */
  function run(ticket: Ticket, command: string, payload: Record<string, unknown>): void {
    const { subId, abort } = ticket;
    const signal = abort.signal;
    const out: Message[] = [];
    /** The request as its handler sees it (made when it gets its turn: a shed one costs less). */
    const request = (): CacheRequest => ({
      subId,
      command,
      payload,
      store: requestStore(ctx.store, signal, () => load.counters.cancelledQueries++),
      ctx,
      now: Math.floor(Date.now() / 1000),
      baseUrl,
      privateFetchOk,
      signal,
      emit: (...events) => {
        // never a gift wrap, whatever the command found
        if (!signal.aborted) out.push(...cacheServable(events));
      },
    });
    let started = false;
    let finished = false;
    // The time budget counts from the REQ: waiting for a turn uses it up too.
    const timer = setTimeout(
      () => {
        if (finished || (ticket.streaming && started)) return;
        finished = true;
        if (!requests.cancel(ticket, 'budget')) return;
        if (started) {
          // What is ready is sent (partial result).
          sendAnswer(subId, out.splice(0), !ticket.streaming);
        } else fail(subId, 'server busy: the request timed out waiting for its turn');
      },
      Math.max(0, ticket.deadline - Date.now()),
    );
    const settle = () => {
      if (finished) return false;
      finished = true;
      clearTimeout(timer);
      if (!requests.isOpen(ticket)) return false; // closed, replaced or disconnected meanwhile
      return true;
    };

    void gate.acquire(sendQueue, requestWeight(payload), signal).then((turn) => {
      if (!turn.ok) {
        // Shed (queue full) or cancelled while waiting.
        if (!settle()) return;
        requests.finish(ticket);
        fail(subId, 'shed' in turn ? turn.shed : 'request cancelled');
        return;
      }
      const { release } = turn;
      if (!requests.isOpen(ticket)) {
        release();
        return;
      }
      started = true;
      const req = request();
      if (ticket.streaming) {
        routes.streams[command]!(req, (events) => {
          if (requests.isOpen(ticket) && sendQueue.open) {
            answers.push(subId, cacheServable(events));
          }
        })
          .then((stop) => {
            release();
            if (!settle()) {
              stop();
              return;
            }
            // Counted in `openStreams` while open (/health).
            streamOpened(ctx, command);
            ticket.stop = () => {
              streamClosed(ctx, command);
              stop();
            }; // runs on CLOSE, replacement or disconnect
            ticket.answered = true;
            sendAnswer(subId, out, false);
          })
          .catch((err: unknown) => {
            release();
            if (!settle()) return;
            requests.finish(ticket);
            reportError(subId, err);
          });
        return;
      }
      routes.commands[command]!(req)
        .finally(release)
        .then(
          () => {
            if (!settle()) return;
            requests.finish(ticket);
            sendAnswer(subId, out, true);
          },
          (err: unknown) => {
            if (!settle()) return;
            requests.finish(ticket);
            reportError(subId, err);
          },
        );
    });
  }

  function reportError(subId: string, err: unknown): void {
    if (err instanceof CacheError) {
      fail(subId, err.message);
      return;
    }
    ctx.log.error({ err }, 'cache request failed');
    fail(subId, 'internal error');
  }
}
