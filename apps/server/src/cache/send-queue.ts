import type { WebSocket } from 'ws';
import type { GateClient } from './work-gate.ts';

interface RawSocket {
  on(e: 'drain', f: () => void): void;
  cork(): void;
  uncork(): void;
}

export interface SendQueueOptions {
  /** Bytes waiting (in this queue and in the socket) beyond which the client is dropped. */
  maxBytes: () => number;
  /** The client was dropped as a slow reader. */
  onDrop: (why: string) => void;
  /** Output drained below the backpressure mark (queued work may start). */
  onDrain: () => void;
}

/**
 * The outbound side of one cache connection: frames leave in the order they were made (a large
 * zlib frame is compressed on the thread pool and later frames wait behind it), and the bytes
 * not yet taken by the client are counted. Past `maxBytes` the connection is dropped (a reader
 * that far behind would not read a close frame either); above a quarter of it the connection
 * gets no new work (`canStart`); a reader that takes nothing for `stallMs` while above that mark
 * is dropped too.
 */
export class SendQueue implements GateClient {
  private chain: Promise<void> = Promise.resolve();
  private inChain = 0;
  /** Bytes of frames made but not yet handed to the socket. */
  private pendingBytes = 0;
  private dropped = false;
  private lastLevel = 0;
  private stalledSince = 0;

  private readonly ws: WebSocket;
  private readonly opts: SendQueueOptions;

  private readonly raw: RawSocket | undefined;
  private corked = false;

  constructor(ws: WebSocket, opts: SendQueueOptions) {
    this.ws = ws;
    this.opts = opts;
    const raw = (ws as unknown as { _socket?: RawSocket })._socket;
    this.raw = raw;
    raw?.on('drain', () => {
      if (this.canStart()) this.opts.onDrain();
    });
  }

  buffered(): number {
    return this.pendingBytes + (this.ws.bufferedAmount ?? 0);
  }

  /** Below the backpressure mark: new work may start for this client. */
  canStart(): boolean {
    return !this.dropped && this.buffered() < this.mark();
  }

  private mark(): number {
    return Math.max(64 * 1024, Math.floor(this.opts.maxBytes() / 4));
  }

  get open(): boolean {
    return !this.dropped && this.ws.readyState === this.ws.OPEN;
  }

  /** Drops the client (terminates the TCP connection). */
  drop(why: string): void {
    if (this.dropped) return;
    this.dropped = true;
    this.opts.onDrop(why);
    this.ws.terminate();
  }

  private write(data: string | Buffer, binary: boolean): void {
    if (!this.open) return;
    if (this.buffered() + data.length > this.opts.maxBytes()) {
      this.drop('slow reader: send buffer full');
      return;
    }
    // Frames made in one turn of the event loop (a burst of answers and refusals) leave in one
    // write instead of a system call each.
    if (!this.corked && this.raw) {
      this.corked = true;
      this.raw.cork();
      const raw = this.raw;
      process.nextTick(() => {
        this.corked = false;
        raw.uncork();
      });
    }
    this.ws.send(data, { binary });
  }

  /** Queues a frame; `bytes` estimates a pending (still compressing) frame's size. */
  send(frame: string | Buffer | Promise<Buffer>, bytes?: number): void {
    if (!this.open) return;
    const binary = typeof frame !== 'string';
    if (this.inChain === 0 && !(frame instanceof Promise)) {
      this.write(frame, binary);
      return;
    }
    const size = bytes ?? (frame instanceof Promise ? 0 : frame.length);
    this.inChain++;
    this.pendingBytes += size;
    this.chain = this.chain
      .then(async () => {
        const data = await frame;
        this.pendingBytes -= size;
        this.write(data, binary);
      })
      .catch(() => {
        this.pendingBytes = Math.max(0, this.pendingBytes - size);
      })
      .finally(() => {
        this.inChain--;
      });
  }

  /**
   * Called every few seconds: a client above the backpressure mark whose backlog has not shrunk
   * for `stallMs` is dropped.
   */
  watch(now: number, stallMs: number): void {
    if (!this.open) return;
    const level = this.buffered();
    if (level < this.mark() || level < this.lastLevel) {
      this.stalledSince = 0;
    } else if (this.stalledSince === 0) {
      this.stalledSince = now;
    } else if (now - this.stalledSince >= stallMs) {
      this.drop('slow reader: nothing read');
    }
    this.lastLevel = level;
  }
}
