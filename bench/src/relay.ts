// `npm run bench -- relay [--events=20000] [--clients=50] [--requests=100] [--backend=sqlite|postgres]`:
// REQ-to-EOSE latency of the NIP-01 relay (p50, p99) for by-id, by-author and by-tag queries,
// with N concurrent websocket clients against a real server process holding generated signed
// events, plus the longest event-loop stall the server saw meanwhile (from /health).
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { importFile, openStore } from '@swell/server';
import { startPgCluster, type PgCluster } from '@swell/server/testing';
import { generateCacheData } from './lib-cache-data.ts';
import { percentile } from './lib-stats.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function arg(args: string[], name: string, dflt: string): string {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** A relay client that times REQ -> EOSE. */
class RelayClient {
  private readonly ws: WebSocket;
  private readonly waiting = new Map<string, { start: number; resolve: (ms: number) => void }>();
  private seq = 0;
  events = 0;
  refused = 0;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as unknown[];
      if (msg[0] === 'EVENT') this.events++;
      else if (msg[0] === 'EOSE' || msg[0] === 'CLOSED') {
        const w = this.waiting.get(String(msg[1]));
        if (!w) return;
        this.waiting.delete(String(msg[1]));
        if (msg[0] === 'CLOSED') {
          this.refused++;
          console.error(`refused: ${String(msg[2])}`);
        } else this.ws.send(JSON.stringify(['CLOSE', msg[1]]));
        w.resolve(performance.now() - w.start);
      }
    });
  }

  static async open(url: string): Promise<RelayClient> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    return new RelayClient(ws);
  }

  req(filter: object): Promise<number> {
    const id = `q${++this.seq}`;
    return new Promise((resolve) => {
      this.waiting.set(id, { start: performance.now(), resolve });
      this.ws.send(JSON.stringify(['REQ', id, filter]));
    });
  }

  close(): void {
    this.ws.close();
  }
}

async function sampleIds(file: string, want: number): Promise<string[]> {
  const ids: string[] = [];
  let n = 0;
  const rl = createInterface({ input: createReadStream(file) });
  for await (const line of rl) {
    if (n++ % 7 !== 0) continue;
    const e = JSON.parse(line) as { id: string; kind: number };
    if (e.kind === 1) ids.push(e.id);
    if (ids.length >= want) break;
  }
  rl.close();
  return ids;
}

export async function run(args: string[]): Promise<void> {
  const total = Number(arg(args, 'events', '20000'));
  const clients = Number(arg(args, 'clients', '50'));
  const requests = Number(arg(args, 'requests', '100'));
  const backend = arg(args, 'backend', 'sqlite');
  const users = Math.max(100, Math.round(total / 50));
  console.log(`generating ${total} signed events (cached in .bench-data)...`);
  const { file, plan } = await generateCacheData(
    join(root, '.bench-data', `relay-${total}`),
    total,
    users,
    200,
    (s) => console.log(`  ${s}`),
  );
  const tmp = mkdtempSync(join(tmpdir(), 'swell-bench-relay-'));
  let cluster: PgCluster | undefined;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    cluster = await startPgCluster();
    databaseUrl = await cluster.createDatabase();
  }
  const child = { proc: undefined as ReturnType<typeof spawn> | undefined };
  try {
    const store = await openStore({ dataDir: tmp, databaseUrl });
    const imported = await importFile(store, file, { batchSize: 5000 });
    await store.analyze();
    await store.close();
    console.log(
      `imported ${imported.imported} events into ${backend} in ${imported.seconds.toFixed(1)} s`,
    );

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      NODE_OPTIONS: process.env.SWELL_BENCH_NODE_OPTIONS ?? '',
      // The load generator sends far more than a real client: lift the per-connection rate.
      SWELL_RELAY_RATE: '100000',
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      SWELL_DATA: tmp,
    };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    process.once('exit', () => child.proc?.kill('SIGKILL'));
    child.proc = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        if (i > 300) throw new Error('server did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    const ids = await sampleIds(file, 2000);
    const authors = plan.pubkeys.slice(0, 2000);
    const threads = plan.threads.length ? plan.threads : ids.slice(0, 20);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const kinds = {
      'by-id': () => ({ ids: [pick(ids)] }),
      'by-author': () => ({ authors: [pick(authors)], kinds: [1], limit: 20 }),
      'by-tag': () => ({ '#e': [pick(threads)], kinds: [1, 7], limit: 50 }),
    } as const;

    const conns = await Promise.all(
      Array.from({ length: clients }, () => RelayClient.open(`ws://127.0.0.1:${port}/relay`)),
    );
    // Warm up, then reset the server's event-loop window.
    for (const c of conns.slice(0, 5)) for (const make of Object.values(kinds)) await c.req(make());
    await fetch(`${base}/health?reset=loop`);

    const latencies: Record<string, number[]> = { 'by-id': [], 'by-author': [], 'by-tag': [] };
    const started = performance.now();
    await Promise.all(
      conns.map(async (c) => {
        for (let i = 0; i < requests; i++) {
          for (const [name, make] of Object.entries(kinds))
            latencies[name]!.push(await c.req(make()));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const health = (await (await fetch(`${base}/health`)).json()) as {
      loop: { max_ms: number; p99_ms: number };
    };
    for (const c of conns) c.close();

    const count = Object.values(latencies).reduce((n, l) => n + l.length, 0);
    const eventsSent = conns.reduce((n, c) => n + c.events, 0);
    console.log(
      `\nrelay on ${backend}, ${total} events, ${clients} concurrent clients, ${count} REQs in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} REQ/s, ${eventsSent} events sent)`,
    );
    console.log('| query | REQs | p50 ms | p99 ms |');
    console.log('|---|---|---|---|');
    for (const [name, l] of Object.entries(latencies)) {
      console.log(
        `| ${name} | ${l.length} | ${percentile(l, 50).toFixed(2)} | ${percentile(l, 99).toFixed(2)} |`,
      );
    }
    console.log(
      `longest server event-loop stall meanwhile: ${health.loop.max_ms} ms (p99 ${health.loop.p99_ms} ms)`,
    );
  } finally {
    child.proc?.kill('SIGTERM');
    if (child.proc) await new Promise((r) => child.proc!.once('exit', r));
    await cluster?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
