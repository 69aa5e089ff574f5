// `npm run bench -- abuse [--seconds=15] [--flooders=30] [--requests=250]
// [--relay-connections=80] [--relay-subs=200] [--oversize-connections=8]
// [--floods=cache,relay,oversize]`: a well-behaved client
// (the canary) against the server holding the demo network, alone and then under each flood in
// turn:
//   cache     `flooders` /v1 connections x `requests` heavy requests (feed, explore and search
//             with limit 1000), plus one more connection that asks as much and reads nothing;
//   relay     `relay-connections` /relay connections each keeping `relay-subs` subscriptions of
//             500 authors and replacing them as fast as they are answered;
//   oversize  `oversize-connections` clients opening /v1, /wallet/v1 and /relay in a loop and
//             sending a frame one byte over each path's limit.
// The canary asks, in turn, /v1 thread_view, user_infos and an author's feed, publishes a note on
// /relay (EVENT -> OK) and asks for its own notes (REQ -> EOSE), 100 ms apart. For each phase:
// the canary's p50/p99 (and the cache's and the relay's p99 apart), wrong answers, /health
// answers slower than 1 s, the longest event-loop stall the server saw (/health), its peak RSS
// (the kernel's VmHWM, reset per phase) and sampled peak heap. Floods come from 127.0.0.1 and
// the canary from 127.0.0.2, so per-address budgets see them as two clients. (Connections per
// address are raised for the bench, so the budgets, not that cap, are measured.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { inflateFrame, reqFrame, setProtocolFrame, type CacheCommand } from '@swell/cache-protocol';
import { finalizeEvent, generateSecretKey, getPublicKey } from '@swell/nostr';
import { SOCKET_MAX_PAYLOAD } from '@swell/server';
import type { FloodPlan, FloodReport } from './lib-flood.ts';
import { percentile } from './lib-stats.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The canary's own client address (the floods come from 127.0.0.1). */
const CANARY_HOST = '127.0.0.2';

function arg(args: string[], name: string, dflt: string): string {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
}

interface Health {
  counts: { events: number };
  loop: { max_ms: number };
  load: {
    cache: { shed: number; started: number; slow_readers_dropped: number; cancelled: number };
    relay: { filter_bytes: number; filters_refused: number };
    memory: { heap_used_mb: number; rss_mb: number };
  };
}

function openSocket(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: CANARY_HOST });
  return new Promise((res, rej) => {
    ws.once('open', () => res(ws));
    ws.once('error', rej);
  });
}

interface Answer {
  ms: number;
  events: unknown[];
  notices: string[];
}

/** The canary's /v1 socket; `ask` resolves at EOSE with the latency (ms) and what came back. */
class CacheCanary {
  private readonly ws: WebSocket;
  private readonly pending = new Map<
    string,
    { start: number; events: unknown[]; notices: string[]; done: (r: Answer) => void }
  >();
  private seq = 0;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer, binary) => {
      const msg = (
        binary ? inflateFrame(new Uint8Array(data)) : JSON.parse(data.toString())
      ) as unknown[];
      if (!Array.isArray(msg)) return;
      const p = this.pending.get(String(msg[1]));
      if (!p) return;
      if (msg[0] === 'EVENTS') p.events.push(...(msg[2] as unknown[]));
      else if (msg[0] === 'EVENT') p.events.push(msg[2]);
      else if (msg[0] === 'NOTICE') p.notices.push(String(msg[2]));
      else if (msg[0] === 'EOSE') {
        this.pending.delete(String(msg[1]));
        p.done({ ms: performance.now() - p.start, events: p.events, notices: p.notices });
      }
    });
  }

  static async open(url: string): Promise<CacheCanary> {
    const ws = await openSocket(url);
    ws.send(setProtocolFrame('bench'));
    return new CacheCanary(ws);
  }

  ask(command: CacheCommand, payload: unknown): Promise<Answer> {
    const id = `c${++this.seq}`;
    return new Promise((done) => {
      this.pending.set(id, { start: performance.now(), events: [], notices: [], done });
      this.ws.send(reqFrame(id, command, payload as never));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** The canary's /relay socket: a note published (EVENT -> OK), its own notes asked (REQ -> EOSE). */
class RelayCanary {
  private readonly ws: WebSocket;
  private readonly sk = generateSecretKey();
  private readonly pubkey = getPublicKey(this.sk);
  private waiting: ((msg: unknown[]) => void) | undefined;
  private seq = 0;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer) => this.waiting?.(JSON.parse(data.toString()) as unknown[]));
  }

  static async open(url: string): Promise<RelayCanary> {
    return new RelayCanary(await openSocket(url));
  }

  private until(send: unknown[], done: (msg: unknown[]) => boolean | undefined): Promise<Answer> {
    const start = performance.now();
    return new Promise((resolve) => {
      const notices: string[] = [];
      this.waiting = (msg) => {
        const ok = done(msg);
        if (ok === undefined) return;
        if (!ok) notices.push(JSON.stringify(msg).slice(0, 200));
        this.waiting = undefined;
        resolve({ ms: performance.now() - start, events: [], notices });
      };
      this.ws.send(JSON.stringify(send));
    });
  }

  publish(): Promise<Answer> {
    const e = finalizeEvent(
      {
        kind: 1,
        created_at: Math.floor(Date.now() / 1000),
        tags: [],
        content: `canary ${++this.seq}`,
      },
      this.sk,
    );
    return this.until(['EVENT', e], (m) =>
      m[0] === 'OK' && m[1] === e.id ? m[2] === true : undefined,
    );
  }

  ask(): Promise<Answer> {
    const sub = `q${++this.seq}`;
    const filter = { authors: [this.pubkey], kinds: [1], limit: 20 };
    return this.until(['REQ', sub, filter], (m) => {
      if (m[1] !== sub) return undefined;
      if (m[0] === 'EOSE') {
        this.ws.send(JSON.stringify(['CLOSE', sub]));
        return true;
      }
      return m[0] === 'CLOSED' ? false : undefined;
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * The server (with the demo network) in its own process. Seeding runs in the server process
 * and leaves its memory behind, so after the first start seeds the database the server is
 * started again: the figures are those of a server that only serves.
 */
async function startServer(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const seeding = await startProcess(dir);
  const done = new Promise((r) => seeding.child.once('exit', r));
  seeding.child.kill('SIGTERM');
  await done;
  return startProcess(dir);
}

async function startProcess(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, 'apps/devnet/src/main.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SWELL_DATA: dir,
      DATABASE_URL: '',
      SWELL_DEMO: '1',
      SWELL_DEVNET: '0',
      SWELL_MAX_CONNECTIONS_PER_IP: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Swell is running at (\S+)/.exec(out);
      if (m) res(m[1]!);
    });
    child.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
  });
  // Seeding runs after listen: wait until the event count stops growing.
  let last = -1;
  let stable = 0;
  while (stable < 8) {
    const h = (await (await fetch(`${url}/health`)).json()) as Health;
    if (h.counts.events > 1000 && h.counts.events === last) stable++;
    else stable = 0;
    last = h.counts.events;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, child };
}

/** Starts a new peak-RSS window of a process (Linux: `5` to clear_refs resets VmHWM). */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the sampled figure is printed instead
  }
}

/** Peak resident set size of a process since the last reset (Linux), in MiB. */
function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

interface Phase {
  name: string;
  cache: number[];
  relay: number[];
  wrong: number;
  slowHealth: number;
  loopMaxMs: number;
  peakRssMb: number | undefined;
  sampledRssMb: number;
  peakHeapMb: number;
  flood: string;
}

/** Runs a flood in a worker; resolves once it is under way, with a promise of its report. */
async function startFlood(plan: FloodPlan): Promise<{ report: Promise<FloodReport> }> {
  const worker = new Worker(new URL('./lib-flood.ts', import.meta.url), { workerData: plan });
  let reported!: (r: FloodReport) => void;
  const report = new Promise<FloodReport>((r) => (reported = r));
  await new Promise<void>((res, rej) => {
    worker.on('message', (m: { started?: boolean; done?: boolean; report?: FloodReport }) => {
      if (m.started) res();
      if (m.done) {
        reported(m.report!);
        void worker.terminate();
      }
    });
    worker.once('error', rej);
  });
  return { report };
}

export async function run(args: string[]): Promise<void> {
  const seconds = Number(arg(args, 'seconds', '15'));
  const flooders = Number(arg(args, 'flooders', '30'));
  const requests = Number(arg(args, 'requests', '250'));
  const relayConnections = Number(arg(args, 'relay-connections', '80'));
  const relaySubs = Number(arg(args, 'relay-subs', '200'));
  const oversizeConnections = Number(arg(args, 'oversize-connections', '8'));
  const floods = arg(args, 'floods', 'cache,relay,oversize').split(',');
  const dir = mkdtempSync(join(tmpdir(), 'swell-bench-abuse-'));
  const { url, child } = await startServer(dir);
  const wsBase = url.replace('http', 'ws');
  const health = async () =>
    (await (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5000) })).json()) as Health;
  console.log(
    `abuse: demo network (${(await health()).counts.events} events); the canary (${CANARY_HOST}) asks /v1 ` +
      `thread_view, user_infos, feed, then /relay EVENT and REQ, in turn, 100 ms apart; floods from 127.0.0.1`,
  );
  try {
    const cache = await CacheCanary.open(`${wsBase}/v1`);
    const relay = await RelayCanary.open(`${wsBase}/relay`);
    // What the canary asks: a thread, a page of profiles, an author's notes (ids from trending).
    const trending = await cache.ask('mega_feed_directive', {
      spec: '{"id":"global-trending","kind":"notes","hours":720}',
      limit: 20,
    });
    const notes = trending.events.filter(
      (e): e is { id: string; pubkey: string; kind: number } =>
        typeof e === 'object' && e !== null && (e as { kind?: unknown }).kind === 1,
    );
    if (notes.length === 0) throw new Error('no notes in the demo network');
    const asks: Array<[CacheCommand, unknown]> = [
      ['thread_view', { event_id: notes[0]!.id, limit: 100 }],
      ['user_infos', { pubkeys: [...new Set(notes.map((n) => n.pubkey))] }],
      ['feed', { pubkey: notes[0]!.pubkey, limit: 20 }],
    ];
    const expected = await Promise.all(asks.map(([c, p]) => cache.ask(c, p)));

    const phase = async (
      name: string,
      plan: FloodPlan | undefined,
      until: (done: boolean) => boolean,
    ): Promise<Phase> => {
      await fetch(`${url}/health?reset=loop`);
      resetPeakRss(child.pid!);
      let sampledRssMb = 0;
      let peakHeapMb = 0;
      let slowHealth = 0;
      const sampler = setInterval(() => {
        const t0 = performance.now();
        health().then(
          (h) => {
            if (performance.now() - t0 > 1000) slowHealth++;
            sampledRssMb = Math.max(sampledRssMb, h.load.memory.rss_mb);
            peakHeapMb = Math.max(peakHeapMb, h.load.memory.heap_used_mb);
          },
          () => slowHealth++,
        );
      }, 250);
      const flood = plan ? await startFlood(plan) : undefined;
      let floodDone = false;
      void flood?.report.then(() => (floodDone = true));
      const out: Phase = {
        name,
        cache: [],
        relay: [],
        wrong: 0,
        slowHealth: 0,
        loopMaxMs: 0,
        peakRssMb: undefined,
        sampledRssMb: 0,
        peakHeapMb: 0,
        flood: '',
      };
      const t0 = Date.now();
      while (!until(floodDone) || Date.now() - t0 < 2000) {
        for (const [i, [c, p]] of asks.entries()) {
          const a = await cache.ask(c, p);
          out.cache.push(a.ms);
          if (a.notices.length > 0 || a.events.length !== expected[i]!.events.length) out.wrong++;
        }
        for (const a of [await relay.publish(), await relay.ask()]) {
          out.relay.push(a.ms);
          if (a.notices.length > 0) out.wrong++;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      clearInterval(sampler);
      out.flood = flood ? (await flood.report).summary : '';
      const h = await health();
      return {
        ...out,
        slowHealth,
        loopMaxMs: h.loop.max_ms,
        peakRssMb: peakRss(child.pid!),
        sampledRssMb,
        peakHeapMb,
      };
    };

    const timed = (s: number) => {
      const end = Date.now() + s * 1000;
      return () => Date.now() > end;
    };
    const phases: Phase[] = [];
    phases.push(await phase('alone', undefined, timed(seconds)));
    const heavy: Array<[CacheCommand, unknown]> = [
      ['mega_feed_directive', { spec: '{"id":"all-notes","kind":"notes"}', limit: 1000 }],
      ['explore', { timeframe: 'latest', scope: 'global', limit: 1000 }],
      ['search', { query: 'the', limit: 1000 }],
    ];
    if (floods.includes('cache'))
      phases.push(
        await phase(
          'cache flood',
          { kind: 'cache', url: `${wsBase}/v1`, connections: flooders, requests, heavy },
          (done) => done,
        ),
      );
    if (floods.includes('relay'))
      phases.push(
        await phase(
          'relay subs flood',
          {
            kind: 'relay-subs',
            url: `${wsBase}/relay`,
            connections: relayConnections,
            subs: relaySubs,
            seconds,
          },
          (done) => done,
        ),
      );
    if (floods.includes('oversize'))
      phases.push(
        await phase(
          'oversize frames',
          {
            kind: 'oversize',
            targets: Object.entries(SOCKET_MAX_PAYLOAD).map(([path, maxPayload]) => ({
              url: `${wsBase}${path}`,
              maxPayload,
            })),
            connections: oversizeConnections,
            seconds,
          },
          (done) => done,
        ),
      );
    cache.close();
    relay.close();

    const f = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));
    console.log(
      `  (load average of this machine: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ', ',
        )}; ${phases[0]!.peakRssMb === undefined ? 'RSS sampled every 250 ms' : 'peak RSS from VmHWM, reset per phase'})`,
    );
    for (const p of phases) {
      const all = [...p.cache, ...p.relay];
      console.log(
        `  ${p.name.padEnd(17)} canary p50 ${f(percentile(all, 50))} ms, p99 ${f(percentile(all, 99))} ms ` +
          `(cache p99 ${f(percentile(p.cache, 99))}, relay p99 ${f(percentile(p.relay, 99))}; ` +
          `${all.length} requests, ${p.wrong} wrong) | /health over 1 s: ${p.slowHealth} | ` +
          `longest loop stall ${f(p.loopMaxMs)} ms | peak RSS ${p.peakRssMb ?? p.sampledRssMb} MiB | ` +
          `peak heap ${p.peakHeapMb} MiB`,
      );
    }
    for (const p of phases) if (p.flood) console.log(`  ${p.name}: ${p.flood}`);
    const alone = percentile([...phases[0]!.cache, ...phases[0]!.relay], 99);
    for (const p of phases.slice(1)) {
      const ratio = percentile([...p.cache, ...p.relay], 99) / alone;
      console.log(`  canary p99 under ${p.name}: ${ratio.toFixed(1)}x its p99 alone`);
    }
  } finally {
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
}
