// `npm run bench -- abuse [--flooders=30] [--requests=250] [--seconds=15] [--relay-connections=80]
// [--relay-subs=200]`: a well-behaved cache client (the canary) against the server holding the
// demo network, first alone, then while `flooders` connections each fire `requests` heavy
// requests (feed, explore and search with limit 1000) and one more connection asks as much and
// reads nothing. Prints, for both phases, the canary's p50/p99 latency, the longest event-loop
// stall the server saw (/health) and the server's peak RSS (the kernel's high-water mark, VmHWM)
// and sampled peak heap. Then the relay: a publisher's EVENT -> OK latency alone and while
// `relay-connections` clients try to hold `relay-subs` large subscriptions each, with RSS.
// (Connections per address are raised for the bench, so the budgets, not that cap, are measured.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { inflateFrame, reqFrame, setProtocolFrame, type CacheCommand } from '@swell/cache-protocol';
import type { FloodPlan } from './lib-flood.ts';
import { latency, relayAbuse } from './lib-relay-abuse.ts';
import { percentile } from './lib-stats.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function arg(args: string[], name: string, dflt: string): string {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
}

interface Health {
  counts: { events: number };
  loop: { max_ms: number };
  load: {
    cache: { shed: number; started: number; slow_readers_dropped: number; cancelled: number };
    memory: { heap_used_mb: number; rss_mb: number };
  };
}

/** One websocket; `ask` resolves at EOSE with the latency (ms) and what came back. */
class Client {
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
      const id = String(msg[1]);
      const p = this.pending.get(id);
      if (!p) return;
      if (msg[0] === 'EVENTS') p.events.push(...(msg[2] as unknown[]));
      else if (msg[0] === 'EVENT') p.events.push(msg[2]);
      else if (msg[0] === 'NOTICE') p.notices.push(String(msg[2]));
      else if (msg[0] === 'EOSE') {
        this.pending.delete(id);
        p.done({ ms: performance.now() - p.start, events: p.events, notices: p.notices });
      }
    });
  }

  static async open(url: string, zlib: boolean): Promise<Client> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    const c = new Client(ws);
    if (zlib) ws.send(setProtocolFrame('bench'));
    return c;
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

interface Answer {
  ms: number;
  events: unknown[];
  notices: string[];
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
  latencies: number[];
  wrong: number;
  loopMaxMs: number;
  peakRssMb: number | undefined;
  sampledRssMb: number;
  peakHeapMb: number;
}

export async function run(args: string[]): Promise<void> {
  const flooders = Number(arg(args, 'flooders', '30'));
  const requests = Number(arg(args, 'requests', '250'));
  const seconds = Number(arg(args, 'seconds', '15'));
  const relayConnections = Number(arg(args, 'relay-connections', '80'));
  const relaySubs = Number(arg(args, 'relay-subs', '200'));
  const dir = mkdtempSync(join(tmpdir(), 'swell-bench-abuse-'));
  console.log(
    `abuse: demo network; canary vs ${flooders} connections x ${requests} heavy requests + 1 paused reader`,
  );
  const { url, child } = await startServer(dir);
  const ws = `${url.replace('http', 'ws')}/v1`;
  const health = async () => (await (await fetch(`${url}/health`)).json()) as Health;
  try {
    const canary = await Client.open(ws, true);
    // What the canary asks: a thread, a page of profiles, an author's notes (ids from trending).
    const trending = await canary.ask('mega_feed_directive', {
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
    const expected = await Promise.all(asks.map(([c, p]) => canary.ask(c, p)));
    const heavy: Array<[CacheCommand, unknown]> = [
      ['mega_feed_directive', { spec: '{"id":"all-notes","kind":"notes"}', limit: 1000 }],
      ['explore', { timeframe: 'latest', scope: 'global', limit: 1000 }],
      ['search', { query: 'the', limit: 1000 }],
    ];

    const phase = async (name: string, until: () => boolean): Promise<Phase> => {
      await fetch(`${url}/health?reset=loop`);
      resetPeakRss(child.pid!);
      let sampledRssMb = 0;
      let peakHeapMb = 0;
      const sampler = setInterval(() => {
        health().then(
          (h) => {
            sampledRssMb = Math.max(sampledRssMb, h.load.memory.rss_mb);
            peakHeapMb = Math.max(peakHeapMb, h.load.memory.heap_used_mb);
          },
          () => undefined,
        );
      }, 250);
      const latencies: number[] = [];
      let wrong = 0;
      const t0 = Date.now();
      while (!until() || Date.now() - t0 < 2000) {
        for (const [i, [c, p]] of asks.entries()) {
          const a = await canary.ask(c, p);
          latencies.push(a.ms);
          if (a.notices.length > 0 || a.events.length !== expected[i]!.events.length) wrong++;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      clearInterval(sampler);
      const h = await health();
      return {
        name,
        latencies,
        wrong,
        loopMaxMs: h.loop.max_ms,
        peakRssMb: peakRss(child.pid!),
        sampledRssMb,
        peakHeapMb,
      };
    };

    const quietEnd = Date.now() + seconds * 1000;
    const quiet = await phase('canary alone', () => Date.now() > quietEnd);

    const before = await health();
    const plan: FloodPlan = { url: ws, flooders, requests, heavy };
    const worker = new Worker(new URL('./lib-flood.ts', import.meta.url), { workerData: plan });
    let floodDone = false;
    const floodStart = Date.now();
    await new Promise<void>((res, rej) => {
      worker.on('message', (m: { started?: boolean; done?: boolean }) => {
        if (m.started) res();
        if (m.done) floodDone = true;
      });
      worker.once('error', rej);
    });
    const loud = await phase(
      'under the flood',
      () => floodDone || Date.now() - floodStart > 300_000,
    );
    const floodSeconds = (Date.now() - floodStart) / 1000;
    const after = await health();
    await worker.terminate();
    canary.close();

    const row = (p: Phase) =>
      `  ${p.name.padEnd(16)} canary p50 ${percentile(p.latencies, 50).toFixed(1)} ms, p99 ${percentile(p.latencies, 99).toFixed(1)} ms (${p.latencies.length} requests, ${p.wrong} wrong) | longest loop stall ${p.loopMaxMs.toFixed(0)} ms | peak RSS ${p.peakRssMb ?? p.sampledRssMb} MiB | peak heap ${p.peakHeapMb} MiB`;
    console.log(
      `  (load average of this machine: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ', ',
        )}; ${quiet.peakRssMb === undefined ? 'RSS sampled every 250 ms' : 'peak RSS from VmHWM, reset per phase'})`,
    );
    console.log(row(quiet));
    console.log(row(loud));
    const c0 = before.load.cache;
    const c1 = after.load.cache;
    console.log(
      `  flood: ${flooders * requests + requests} heavy requests in ${floodSeconds.toFixed(1)} s: ` +
        `${c1.started - c0.started} ran (canary included), ${c1.shed - c0.shed} shed with a NOTICE, ` +
        `${c1.cancelled - c0.cancelled} cancelled (time budget or disconnect), ` +
        `${c1.slow_readers_dropped - c0.slow_readers_dropped} slow readers dropped`,
    );

    resetPeakRss(child.pid!);
    const rssBefore = (await health()).load.memory.rss_mb;
    const relay = await relayAbuse(
      `${url.replace('http', 'ws')}/relay`,
      relayConnections,
      relaySubs,
      100,
    );
    const relayPeak = peakRss(child.pid!);
    console.log(
      `  relay publish alone: ${latency(relay.alone)} | with ${relayConnections} connections x ${relaySubs} large subscriptions: ` +
        `${latency(relay.flooded)} (${relay.accepted} held, ${relay.refused} refused by the filter budgets` +
        `${relay.refusedConnections ? `, ${relay.refusedConnections} connections refused` : ''}) | RSS ${rssBefore} -> peak ${relayPeak ?? '?'} MiB`,
    );
  } finally {
    const done = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await done;
    rmSync(dir, { recursive: true, force: true });
  }
}
