// `npm run bench -- cache [--events=1000000] [--users=20000] [--clients=50] [--requests=40]
//   [--pace=1000] [--backend=sqlite|postgres|both]`: latency of the cache API over real
// websockets (zlib mode) against a real server holding the generated events: a home feed of a
// user following 500, thread_view of popular notes, user_infos of 50 users. Prints p50/p99 for
// 1 client; for N concurrent clients firing back to back (saturation: latency is mostly the
// queue); and for N clients each sending one request every `pace` ms (a steady load).
// PostgreSQL runs in a cluster kept under .bench-data (imported once) unless DATABASE_URL is set.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { inflateFrame, reqFrame, setProtocolFrame, type CacheCommand } from '@swell/cache-protocol';
import { startPgCluster, type PgCluster } from '@swell/server/testing';
import { percentile } from './lib-stats.ts';
import { generateCacheData, type CacheDataPlan } from './lib-cache-data.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function arg(args: string[], name: string, dflt: string): string {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
}

/** One websocket in zlib mode; `ask` resolves at EOSE with the latency in ms. */
class Client {
  private ws: WebSocket;
  private pending = new Map<
    string,
    { start: number; resolve: (ms: number) => void; events: number }
  >();
  private seq = 0;
  events = 0;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer, binary) => {
      const msg = (
        binary ? inflateFrame(new Uint8Array(data)) : JSON.parse(data.toString())
      ) as unknown[];
      if (!Array.isArray(msg)) return;
      const p = this.pending.get(String(msg[1]));
      if (!p) return;
      if (msg[0] === 'EVENTS') p.events += (msg[2] as unknown[]).length;
      if (msg[0] === 'EVENT') p.events++;
      if (msg[0] === 'NOTICE') throw new Error(`NOTICE ${String(msg[2])}`);
      if (msg[0] === 'EOSE') {
        this.pending.delete(String(msg[1]));
        this.events += p.events;
        p.resolve(performance.now() - p.start);
      }
    });
  }

  static async open(url: string): Promise<Client> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
    });
    const c = new Client(ws);
    await new Promise<void>((res) => {
      c.pending.set('set_protocol_bench', { start: 0, resolve: () => res(), events: 0 });
      ws.send(setProtocolFrame('bench'));
    });
    return c;
  }

  ask(command: CacheCommand, payload: unknown): Promise<number> {
    const id = `b${++this.seq}`;
    return new Promise((res) => {
      this.pending.set(id, { start: performance.now(), resolve: res, events: 0 });
      this.ws.send(reqFrame(id, command, payload as never));
    });
  }

  close(): void {
    this.ws.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => res(port));
    });
  });
}

/** The server in its own process (so the benchmark's clients do not share its event loop). */
async function startServerProcess(
  dir: string,
  databaseUrl: string | undefined,
): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SWELL_DATA: dir,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    close: () =>
      new Promise<void>((res) => {
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}

type Workload = (client: number, i: number) => [CacheCommand, unknown];

function workloads(plan: CacheDataPlan): Record<string, Workload> {
  return {
    'home feed (500 follows)': (c) => [
      'mega_feed_directive',
      {
        spec: '{"id":"latest","kind":"notes"}',
        user_pubkey: plan.readers[c % plan.readers.length],
        limit: 20,
      },
    ],
    thread_view: (c, i) => [
      'thread_view',
      { event_id: plan.threads[(c + i) % plan.threads.length], limit: 100 },
    ],
    'user_infos (50 users)': (c, i) => {
      const start = ((c * 7919 + i * 104729) % (plan.pubkeys.length - 50)) | 0;
      return ['user_infos', { pubkeys: plan.pubkeys.slice(start, start + 50) }];
    },
  };
}

async function measure(clients: Client[], work: Workload, requests: number): Promise<number[]> {
  const all: number[] = [];
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < requests; i++) {
        const [command, payload] = work(c, i);
        all.push(await client.ask(command, payload));
      }
    }),
  );
  return all;
}

/** Each client sends one request every `paceMs` (random phase) until `requests` are done. */
async function measurePaced(
  clients: Client[],
  work: Workload,
  requests: number,
  paceMs: number,
): Promise<number[]> {
  const all: number[] = [];
  await Promise.all(
    clients.map(async (client, c) => {
      await new Promise((r) => setTimeout(r, Math.random() * paceMs));
      const asks: Promise<void>[] = [];
      for (let i = 0; i < requests; i++) {
        const [command, payload] = work(c, i);
        asks.push(client.ask(command, payload).then((ms) => void all.push(ms)));
        await new Promise((r) => setTimeout(r, paceMs));
      }
      await Promise.all(asks);
    }),
  );
  return all;
}

const fmt = (xs: number[]) =>
  `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms`;

async function benchBackend(
  backend: 'sqlite' | 'postgres',
  file: string,
  plan: CacheDataPlan,
  dataDir: string,
  clientsN: number,
  requests: number,
  paceMs: number,
): Promise<void> {
  let cluster: PgCluster | undefined;
  let databaseUrl: string | undefined;
  if (backend === 'postgres') {
    if (process.env.DATABASE_URL) databaseUrl = process.env.DATABASE_URL;
    else {
      cluster = await startPgCluster({ dir: join(dataDir, 'pgcluster') });
      databaseUrl = await cluster.createDatabase('swell_bench');
    }
  }
  const dir = join(dataDir, backend);
  try {
    let server = await startServerProcess(dir, databaseUrl);
    const health = (await (await fetch(`${server.url}/health`)).json()) as {
      counts: { events: number };
    };
    if (health.counts.events < plan.events * 0.9) {
      await server.close();
      console.log(
        `  ${backend}: importing ${plan.events} events through the ingestion pipeline...`,
      );
      const t0 = Date.now();
      const flags = [
        `--SWELL_DATA=${dir}`,
        ...(databaseUrl ? [`--DATABASE_URL=${databaseUrl}`] : []),
      ];
      const r = spawnSync(
        process.execPath,
        [join(root, 'apps/server/src/cli/import.ts'), file, ...flags],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      if (r.status !== 0) throw new Error(`import failed (${r.status})`);
      const summary = r.stdout
        .split('\n')
        .filter((l) => /import of|imported:|rejected:|duplicates:/.test(l));
      console.log(summary.map((l) => `    ${l.trim()}`).join('\n'));
      console.log(`  ${backend}: import took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      server = await startServerProcess(dir, databaseUrl);
    }
    const stats = (await (await fetch(`${server.url}/health`)).json()) as {
      counts: Record<string, number>;
    };
    console.log(`  ${backend}: store holds ${JSON.stringify(stats.counts)}`);
    const wsUrl = `${server.url.replace('http', 'ws')}/v1`;
    const clients = await Promise.all(Array.from({ length: clientsN }, () => Client.open(wsUrl)));
    const loads = workloads(plan);
    // warm-up: page cache and prepared statements
    await measure(clients.slice(0, 5), loads['home feed (500 follows)']!, 5);
    for (const [name, work] of Object.entries(loads)) {
      const single = await measure(clients.slice(0, 1), work, requests * 2);
      const before = clients.reduce((n, c) => n + c.events, 0);
      const t0 = performance.now();
      const many = await measure(clients, work, requests);
      const seconds = (performance.now() - t0) / 1000;
      const events = clients.reduce((n, c) => n + c.events, 0) - before;
      const paced = await measurePaced(clients, work, Math.max(5, requests / 4), paceMs);
      console.log(
        `  ${backend.padEnd(8)} ${name.padEnd(24)} 1 client: ${fmt(single)} | ` +
          `${clientsN} back to back: ${fmt(many)}, ${(many.length / seconds).toFixed(0)} req/s | ` +
          `${clientsN} x 1 per ${paceMs} ms: ${fmt(paced)} | ${(events / many.length).toFixed(0)} events/answer`,
      );
    }
    for (const c of clients) c.close();
    await server.close();
  } finally {
    await cluster?.stop();
  }
}

export async function run(args: string[]): Promise<void> {
  const events = Number(arg(args, 'events', '1000000'));
  const users = Number(arg(args, 'users', '20000'));
  const clientsN = Number(arg(args, 'clients', '50'));
  const requests = Number(arg(args, 'requests', '40'));
  const which = arg(args, 'backend', 'both');
  const paceMs = Number(arg(args, 'pace', '1000'));
  const dataDir = join(root, '.bench-data', `cache-${events}`);
  console.log(`cache API: ${events} events, ${users} users, ${clientsN} concurrent clients (zlib)`);
  const { file, plan } = await generateCacheData(dataDir, events, users, 500, (s) =>
    console.log(s),
  );
  const backends =
    which === 'both'
      ? (['sqlite', 'postgres'] as const)
      : ([which] as Array<'sqlite' | 'postgres'>);
  for (const b of backends) {
    await benchBackend(b, file, plan, dataDir, clientsN, requests, paceMs);
  }
}
