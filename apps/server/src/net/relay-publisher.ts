import WebSocket from 'ws';
import type { NostrEvent } from '@swell/nostr';
import { FetchGuard, type FetchTarget } from './fetch-guard.ts';

/** How long a relay has to answer one event with OK. */
const OK_TIMEOUT_MS = 8000;
const CONNECT_TIMEOUT_MS = 5000;

/**
 * One websocket to a relay whose address the fetch guard checked (connected to that address, no
 * second DNS lookup, no redirects), for publishing many events: each `publish` resolves true on
 * `OK true`, false on a refusal, a time-out or a lost connection. Opened on first use and again
 * after it was lost.
 */
export class RelayPublisher {
  readonly target: FetchTarget;
  private ws: WebSocket | undefined;
  private opening: Promise<boolean> | undefined;
  private readonly waiting = new Map<string, (ok: boolean) => void>();

  constructor(target: FetchTarget) {
    this.target = target;
  }

  private connect(): Promise<boolean> {
    if (this.ws?.readyState === WebSocket.OPEN) return Promise.resolve(true);
    this.opening ??= new Promise<boolean>((resolve) => {
      const ws = new WebSocket(this.target.url, {
        handshakeTimeout: CONNECT_TIMEOUT_MS,
        lookup: FetchGuard.lookupFor(this.target),
        family: this.target.family,
        followRedirects: false,
        maxPayload: 1024 * 1024,
      });
      this.ws = ws;
      ws.on('open', () => resolve(true));
      ws.on('message', (data) => {
        let msg: unknown;
        try {
          msg = JSON.parse(data.toString());
        } catch {
          return;
        }
        if (!Array.isArray(msg) || msg[0] !== 'OK' || typeof msg[1] !== 'string') return;
        const done = this.waiting.get(msg[1]);
        this.waiting.delete(msg[1]);
        done?.(msg[2] === true);
      });
      const lost = () => {
        resolve(false);
        if (this.ws === ws) this.ws = undefined;
        for (const done of this.waiting.values()) done(false);
        this.waiting.clear();
      };
      ws.on('error', lost);
      ws.on('close', lost);
    }).finally(() => (this.opening = undefined));
    return this.opening;
  }

  async publish(event: NostrEvent): Promise<boolean> {
    if (!(await this.connect())) return false;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), OK_TIMEOUT_MS);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(event.id);
        resolve(ok);
      };
      this.waiting.get(event.id)?.(false);
      this.waiting.set(event.id, finish);
      this.ws?.send(JSON.stringify(['EVENT', event]), (err) => {
        if (err) finish(false);
      });
    });
  }

  close(): void {
    this.ws?.terminate();
    this.ws = undefined;
  }
}
