import type { CacheCommand, CacheEvent, CachePayloads } from '@swell/cache-protocol';
import type { Clock } from '../clock.ts';
import { CacheError } from '../errors.ts';

/**
 * The two kinds of cache subscription on top of a CacheConnection: a request (collects events
 * until EOSE) and a stream (events flow until closed). The connection routes frames to them
 * and re-sends them after reconnects; this file decides how each one ends.
 */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Defaults to the connection's requestTimeoutMs (30 s). */
  timeoutMs?: number;
}

export interface CacheResponse {
  /** Every event of the answer, in arrival order (raw and synthetic result events). */
  events: CacheEvent[];
}

export interface StreamHandlers {
  onEvent(event: CacheEvent): void;
  /** Called at each end of stored events (again after a reconnect re-subscribes). */
  onEose?(): void;
  /** A NOTICE ends the stream. */
  onNotice?(text: string): void;
}

/** One REQ as the connection tracks it. */
export interface Subscription {
  subId: string;
  command: CacheCommand;
  payload: unknown;
  /** The socket the REQ went out on, or null while it still has to be sent. */
  sentOn: WebSocket | null;
  onEvents(events: CacheEvent[]): void;
  onEose(): void;
  onNotice(text: string): void;
  /** Called before the REQ is sent again on a new socket. */
  onResend(): void;
  /** The connection was destroyed. */
  onDestroy(): void;
}

/** What a subscription needs from its connection. */
export interface SubscriptionHost {
  readonly clock: Clock;
  readonly requestTimeoutMs: number;
  nextSubId(): string;
  add(sub: Subscription): void;
  /** Forgets the subscription; `sendClose` sends CLOSE if its REQ is on the current socket. */
  remove(subId: string, sendClose: boolean): void;
}

type Handlers = Omit<Subscription, 'subId' | 'command' | 'payload' | 'sentOn'>;

function open(host: SubscriptionHost, command: CacheCommand, payload: unknown, h: Handlers) {
  const subId = host.nextSubId();
  host.add({ subId, command, payload, sentOn: null, ...h });
  return subId;
}

/**
 * One cache command: collects every event until EOSE. A NOTICE rejects with a CacheError
 * (code `cache-notice`, `notice` = the server's text, `events` = what came before); so do the
 * time limit (`request-timeout`), the signal (`aborted`) and `destroy()` (`closed`). Re-sent
 * after a reconnect (the partial answer is dropped then).
 */
export function request<C extends CacheCommand>(
  host: SubscriptionHost,
  command: C,
  payload: CachePayloads[C] | undefined,
  options: RequestOptions = {},
): Promise<CacheResponse> {
  return new Promise((resolve, reject) => {
    let subId: string | null = null;
    let events: CacheEvent[] = [];
    const timeoutMs = options.timeoutMs ?? host.requestTimeoutMs;
    const finish = (error: CacheError | null, sendClose: boolean) => {
      host.clock.clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (subId !== null) host.remove(subId, sendClose);
      if (error) reject(error);
      else resolve({ events });
    };
    const onAbort = () => finish(new CacheError('aborted', command, 'aborted', events), true);
    const timer = host.clock.setTimeout(
      () =>
        finish(
          new CacheError('request-timeout', command, `no answer in ${timeoutMs} ms`, events),
          true,
        ),
      timeoutMs,
    );
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    subId = open(host, command, payload, {
      onEvents: (evs) => {
        for (const e of evs) events.push(e);
      },
      onEose: () => finish(null, false),
      onNotice: (text) => finish(new CacheError('cache-notice', command, text, events), false),
      onResend: () => {
        events = [];
      },
      onDestroy: () =>
        finish(new CacheError('closed', command, 'connection closed', events), false),
    });
  });
}

/**
 * A streaming command (net_stats, notification_counts, directmsg_count, live feeds): events
 * flow until the returned function is called (it sends CLOSE). Re-subscribes after reconnects.
 */
export function stream<C extends CacheCommand>(
  host: SubscriptionHost,
  command: C,
  payload: CachePayloads[C] | undefined,
  handlers: StreamHandlers,
): () => void {
  const subId = open(host, command, payload, {
    onEvents: (evs) => {
      for (const e of evs) handlers.onEvent(e);
    },
    onEose: () => handlers.onEose?.(),
    onNotice: (text) => {
      host.remove(subId, false);
      handlers.onNotice?.(text);
    },
    onResend: () => {},
    onDestroy: () => handlers.onNotice?.('connection closed'),
  });
  return () => host.remove(subId, true);
}
