import WebSocket from 'ws';
import { inflateFrame } from '@swell/cache-protocol';
import { finalizeEvent, getPublicKey, type EventTemplate } from '@swell/nostr';
import type { Json } from './json-mutation.ts';
import type { FuzzFrame } from './frames.ts';

/**
 * Answers that give away an exception instead of saying what was wrong with the request: the
 * catch-all answers of the sockets (`internal error`, the relay's `could not process`, `query
 * failed`, ...) and the marks of a JavaScript or SQL error text passed on as is.
 */
const INTERNAL =
  /internal error|could not process the message|query failed|count failed|could not store the event|TypeError|RangeError|ReferenceError|SyntaxError|is not a function|is not iterable|Cannot read propert|Cannot convert|Maximum call stack|SQLITE_|syntax error at|invalid input syntax|out of range for type|violates|duplicate key|\.ts:\d+/;

/** Whether an answer's text leaks an internal error. */
export function leaksInternalError(text: string): boolean {
  return INTERNAL.test(text);
}

/** What the protocol says a frame must get back. */
type Expectation =
  | { kind: 'eose'; sub: string } // a cache REQ: EOSE of its id (after any NOTICE)
  | { kind: 'closes'; sub: string; verb: 'REQ' | 'COUNT' } // relay REQ/COUNT: EOSE/COUNT or CLOSED
  | { kind: 'ok'; id: string } // relay EVENT/AUTH with an id: OK
  | { kind: 'notice' } // a malformed message: NOTICE
  | { kind: 'none' }; // CLOSE: nothing

/** The cache socket's protocol (cache-protocol.md section 1) applied to the text sent. */
function cacheExpectation(text: string | undefined): Expectation {
  if (text === undefined) return { kind: 'notice' };
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return { kind: 'notice' };
  }
  if (!Array.isArray(msg) || typeof msg[0] !== 'string') return { kind: 'notice' };
  const sub = msg[1];
  if (typeof sub !== 'string' || sub.length > 200) return { kind: 'notice' };
  if (msg[0] === 'CLOSE') return { kind: 'none' };
  if (msg[0] !== 'REQ') return { kind: 'notice' };
  return { kind: 'eose', sub };
}

/** NIP-01 (with the relay's message size limit) applied to the text sent. */
function relayExpectation(text: string | undefined, maxMessageLength: number): Expectation {
  if (text === undefined || Buffer.byteLength(text) > maxMessageLength) return { kind: 'notice' };
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return { kind: 'notice' };
  }
  if (!Array.isArray(msg) || typeof msg[0] !== 'string') return { kind: 'notice' };
  const [verb, arg] = msg as [string, unknown];
  if (verb === 'EVENT' || verb === 'AUTH') {
    const id = typeof arg === 'object' && arg !== null ? (arg as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? { kind: 'ok', id } : { kind: 'notice' };
  }
  if (verb === 'REQ' || verb === 'COUNT') {
    const ok = typeof arg === 'string' && arg.length >= 1 && arg.length <= 64;
    return ok ? { kind: 'closes', sub: arg, verb } : { kind: 'notice' };
  }
  if (verb === 'CLOSE') return { kind: 'none' };
  return { kind: 'notice' };
}

export interface ProbeOptions {
  /** The socket's URL (`ws://.../v1`, `/wallet/v1` or `/relay`). */
  url: string;
  /** Which protocol it speaks. */
  protocol: 'cache' | 'relay';
  /** The key the prober signs `$sign` placeholders with. */
  secretKey: Uint8Array;
  /** The server's own relay URL (`$own_relay`). */
  ownRelay: string;
  /** The relay's largest text message (NIP-11 `max_message_length`). */
  maxMessageLength?: number;
  /** How long a frame may wait for its answer (default 20 s). */
  answerTimeoutMs?: number;
}

/**
 * One connection that sends fuzzed frames one at a time and checks each answer against the
 * protocol: every cache REQ gets its EOSE, every relay REQ its EOSE or CLOSED, COUNT its COUNT or
 * CLOSED, EVENT and AUTH their OK, malformed messages a NOTICE; no answer leaks an internal error;
 * the server never closes the connection. `send` returns what went wrong, or undefined.
 */
export class SocketProbe {
  private ws!: WebSocket;
  private inbox: unknown[][] = [];
  private wake: (() => void) | undefined;
  private closedWith: number | undefined;
  private challenge = '';
  private seq = 0;
  private readonly opts: ProbeOptions;
  private readonly pubkey: string;
  /** Frames sent and answered as they should be (for the test's report). */
  readonly stats = { frames: 0, answered: 0 };
  /** The last frames sent (a failure may be the effect of an earlier frame). */
  readonly recent: string[] = [];

  private constructor(opts: ProbeOptions) {
    this.opts = opts;
    this.pubkey = getPublicKey(opts.secretKey);
  }

  static async open(opts: ProbeOptions): Promise<SocketProbe> {
    const probe = new SocketProbe(opts);
    await probe.connect();
    return probe;
  }

  private async connect(): Promise<void> {
    const ws = new WebSocket(this.opts.url, { perMessageDeflate: false });
    this.ws = ws;
    this.inbox = [];
    this.closedWith = undefined;
    ws.on('message', (data: Buffer, isBinary) => {
      let msg: unknown;
      try {
        msg = isBinary ? inflateFrame(new Uint8Array(data)) : JSON.parse(data.toString());
      } catch {
        msg = ['UNREADABLE', data.subarray(0, 100).toString()];
      }
      if (!Array.isArray(msg)) msg = ['UNREADABLE', JSON.stringify(msg).slice(0, 100)];
      const m = msg as unknown[];
      if (m[0] === 'AUTH' && typeof m[1] === 'string') this.challenge = m[1];
      else this.inbox.push(m);
      this.wake?.();
    });
    ws.on('close', (code) => {
      this.closedWith = code;
      this.wake?.();
    });
    ws.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }

  /**
   * Fills the placeholders (see seeds.ts) and signs `$sign` events now. Placeholders sit near the
   * top (seeds are shallow, edits go a few levels down): deeper values are sent as they are.
   */
  private resolve(v: Json, depth = 0): Json {
    if (depth > 64) return v;
    if (typeof v === 'string') {
      if (v === '$me') return this.pubkey;
      if (v === '$challenge') return this.challenge;
      if (v === '$relay' || v === '$own_relay') return this.opts.ownRelay;
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => this.resolve(x, depth + 1));
    if (v === null || typeof v !== 'object') return v;
    const spec = Object.hasOwn(v, '$sign') ? v.$sign : undefined;
    if (spec !== undefined && spec !== null && typeof spec === 'object' && !Array.isArray(spec)) {
      const s = this.resolve(spec, depth + 1) as Record<string, Json>;
      const template = {
        kind: s.kind,
        created_at: typeof s.created_at === 'number' ? s.created_at : Math.floor(Date.now() / 1000),
        tags: s.tags,
        content: typeof s.content === 'string' ? s.content : JSON.stringify(s.content ?? ''),
      } as unknown as EventTemplate;
      try {
        return finalizeEvent(template, this.opts.secretKey) as unknown as Json;
      } catch {
        return template as unknown as Json; // unsignable fields: sent unsigned, as they are
      }
    }
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) {
      Object.defineProperty(out, k, {
        value: this.resolve(x, depth + 1),
        enumerable: true,
        writable: true,
      });
    }
    return out;
  }

  private async next(deadline: number): Promise<unknown[] | 'closed' | 'timeout'> {
    for (;;) {
      const m = this.inbox.shift();
      if (m) return m;
      if (this.closedWith !== undefined) return 'closed';
      const left = deadline - Date.now();
      if (left <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(t);
          this.wake = undefined;
          resolve();
        };
      });
    }
  }

  /** Sends one frame and checks its answer. */
  async send(frame: FuzzFrame): Promise<string | undefined> {
    if (this.closedWith !== undefined) await this.connect();
    this.inbox = []; // live pushes of earlier subscriptions
    let text: string | undefined;
    if ('binary' in frame) this.ws.send(Buffer.from(frame.binary), { binary: true });
    else {
      text = 'raw' in frame ? frame.raw : JSON.stringify(this.resolve(frame.json));
      this.ws.send(text);
    }
    this.stats.frames++;
    this.recent.push((text ?? '<binary>').slice(0, 500));
    if (this.recent.length > 5) this.recent.shift();
    const expect =
      this.opts.protocol === 'cache'
        ? cacheExpectation(text)
        : relayExpectation(text, this.opts.maxMessageLength ?? 128 * 1024);
    const what = (text ?? '<binary>').slice(0, 300);
    const problem = await this.await(expect, what);
    if (problem) return `${problem}\n  frame: ${what}`;
    this.stats.answered++;
    return undefined;
  }

  private async await(expect: Expectation, what: string): Promise<string | undefined> {
    if (expect.kind === 'none') {
      // Nothing comes back: a ping behind it proves the frame was read and the socket is fine.
      const sub = `ping-${++this.seq}`;
      this.ws.send(
        JSON.stringify(
          this.opts.protocol === 'cache'
            ? ['REQ', sub, { cache: ['fuzz_ping', {}] }]
            : ['REQ', sub, { limit: 0 }],
        ),
      );
      return this.await(
        this.opts.protocol === 'cache'
          ? { kind: 'eose', sub }
          : { kind: 'closes', sub, verb: 'REQ' },
        what,
      );
    }
    const deadline = Date.now() + (this.opts.answerTimeoutMs ?? 20_000);
    for (;;) {
      const m = await this.next(deadline);
      if (m === 'closed') return `the server closed the connection (${this.closedWith})`;
      if (m === 'timeout') return `no answer (${JSON.stringify(expect)})`;
      const [verb, a, b, c] = m;
      const texts = m.filter((x): x is string => typeof x === 'string');
      if (verb === 'NOTICE' || verb === 'CLOSED' || verb === 'OK') {
        const leaked = texts.find(leaksInternalError);
        if (leaked)
          return `an internal error reached the client: ${JSON.stringify(m).slice(0, 300)}`;
      }
      if (verb === 'UNREADABLE') return `an answer that is not a message: ${String(a)}`;
      switch (expect.kind) {
        case 'notice':
          if (verb === 'NOTICE') return undefined;
          break;
        case 'eose':
          if (verb === 'EOSE' && a === expect.sub) {
            this.ws.send(JSON.stringify(['CLOSE', expect.sub])); // ends a stream
            return undefined;
          }
          break;
        case 'closes':
          if (verb === 'NOTICE') return `${expect.verb} answered with a NOTICE: ${String(a)}`;
          if (a !== expect.sub) break;
          if (verb === 'CLOSED' || (expect.verb === 'COUNT' && verb === 'COUNT')) return undefined;
          if (expect.verb === 'REQ' && verb === 'EOSE') {
            this.ws.send(JSON.stringify(['CLOSE', expect.sub]));
            return undefined;
          }
          break;
        case 'ok':
          if (verb === 'NOTICE') return `EVENT/AUTH answered with a NOTICE: ${String(a)}`;
          if (verb === 'OK' && a === expect.id) {
            if (typeof b !== 'boolean' || typeof c !== 'string')
              return `a malformed OK: ${JSON.stringify(m)}`;
            return undefined;
          }
          break;
      }
    }
  }

  close(): void {
    this.ws.terminate();
  }
}
