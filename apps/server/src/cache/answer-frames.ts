import { promisify } from 'node:util';
import { deflate, deflateSync } from 'node:zlib';
import type { CacheEvent } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';

type Message = CacheEvent | NostrEvent;

/** Where frames go, in order; `bytes` sizes a frame that is still being compressed. */
export type FrameSink = (frame: string | Buffer | Promise<Buffer>, bytes?: number) => void;

const deflateAsync = promisify(deflate);
/** Frames at least this long are compressed on libuv's thread pool, off the event loop. */
const ASYNC_DEFLATE_BYTES = 16 * 1024;
/** Events serialised between two turns of the event loop. */
const SLICE = 250;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The frames of one answer: in zlib mode one binary `["EVENTS", subId, [...]]` frame (also for an
 * empty result when `answer`: cache-protocol.md section 1), otherwise one text
 * `["EVENT", subId, e]` frame per event. A large answer (thousands of events, megabytes
 * of JSON) is serialised a slice at a time with a turn of the event loop between slices, so other
 * connections are not stalled while it is written (a promise is returned); a small one is written
 * at once (undefined is returned), which keeps the pushes of a stream in order.
 */
export function sendAnswerFrames(
  sink: FrameSink,
  subId: string,
  events: readonly Message[],
  zlib: boolean,
  answer = false,
): Promise<void> | undefined {
  if (events.length === 0 && !(answer && zlib)) return undefined;
  if (events.length <= SLICE) {
    if (zlib) sinkJson(sink, JSON.stringify(['EVENTS', subId, events]));
    else for (const e of events) sink(JSON.stringify(['EVENT', subId, e]));
    return undefined;
  }
  return sliced(sink, subId, events, zlib);
}

function sinkJson(sink: FrameSink, json: string): void {
  if (json.length >= ASYNC_DEFLATE_BYTES) sink(deflateAsync(json), json.length);
  else sink(deflateSync(json));
}

async function sliced(
  sink: FrameSink,
  subId: string,
  events: readonly Message[],
  zlib: boolean,
): Promise<void> {
  const parts: string[] = [];
  for (let i = 0; i < events.length; i += SLICE) {
    if (i > 0) await nextTurn();
    const slice = events.slice(i, i + SLICE);
    if (zlib) parts.push(slice.map((e) => JSON.stringify(e)).join(','));
    else for (const e of slice) sink(JSON.stringify(['EVENT', subId, e]));
  }
  if (zlib) sinkJson(sink, `["EVENTS",${JSON.stringify(subId)},[${parts.join(',')}]]`);
}

/**
 * Writes the answers of one connection: a result's events, then its EOSE. Two answers of one
 * subscription id never interleave (a client matches answers of a reused id by their frames):
 * while a large answer is still being written, the next answer of that id waits for its EOSE.
 */
export class AnswerWriter {
  private readonly writing = new Map<string, Promise<void>>();
  private readonly sink: FrameSink;
  private readonly zlib: () => boolean;

  constructor(sink: FrameSink, zlib: () => boolean) {
    this.sink = sink;
    this.zlib = zlib;
  }

  /** Pushes events of a stream (no EOSE; small, so written at once and in order). */
  push(subId: string, events: readonly Message[]): void {
    void sendAnswerFrames(this.sink, subId, events, this.zlib());
  }

  /** A result's events, then its EOSE (`answer`: a one-shot request's result). */
  answer(subId: string, events: readonly Message[], answer: boolean): void {
    const before = this.writing.get(subId);
    const write = (): Promise<void> | undefined => {
      const eose = () => this.sink(JSON.stringify(['EOSE', subId]));
      const pending = sendAnswerFrames(this.sink, subId, events, this.zlib(), answer);
      if (!pending) {
        eose();
        return undefined;
      }
      return pending.then(eose);
    };
    const done = before ? before.then(write) : write();
    if (!done) return;
    this.writing.set(subId, done);
    void done.finally(() => {
      if (this.writing.get(subId) === done) this.writing.delete(subId);
    });
  }
}
