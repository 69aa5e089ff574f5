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
 * connections are not stalled while it is written; a small one is written at once (no await),
 * which keeps the pushes of a stream in order.
 */
export async function sendAnswerFrames(
  sink: FrameSink,
  subId: string,
  events: readonly Message[],
  zlib: boolean,
  answer = false,
): Promise<void> {
  if (events.length === 0 && !(answer && zlib)) return;
  if (!zlib) {
    for (let i = 0; i < events.length; i++) {
      if (i > 0 && i % SLICE === 0) await nextTurn();
      sink(JSON.stringify(['EVENT', subId, events[i]]));
    }
    return;
  }
  let json: string;
  if (events.length <= SLICE) {
    json = JSON.stringify(['EVENTS', subId, events]);
  } else {
    const parts: string[] = [];
    for (let i = 0; i < events.length; i += SLICE) {
      if (i > 0) await nextTurn();
      parts.push(
        events
          .slice(i, i + SLICE)
          .map((e) => JSON.stringify(e))
          .join(','),
      );
    }
    json = `["EVENTS",${JSON.stringify(subId)},[${parts.join(',')}]]`;
  }
  if (json.length >= ASYNC_DEFLATE_BYTES) sink(deflateAsync(json), json.length);
  else sink(deflateSync(json));
}
