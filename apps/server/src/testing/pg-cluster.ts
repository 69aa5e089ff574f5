import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runShared, runSharedDir } from './run-shared.ts';

/** A throwaway PostgreSQL cluster for tests and benchmarks. */
export interface PgCluster {
  /** Connection string of the `postgres` database. */
  url: string;
  port: number;
  /** Creates an empty database and returns its connection string. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

/** initdb/pg_ctl of the newest installed PostgreSQL (Debian layout), or undefined. */
export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0]!, 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** uid/gid of the `postgres` user when we are root (PostgreSQL refuses to run as root). */
function runAs(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root but there is no "postgres" user to run PostgreSQL');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

let seq = 0;
/** A database name no other suite of the run uses (suites of one worker share its pid). */
const databaseName = () => `swell_${process.pid}_${randomBytes(4).toString('hex')}_${++seq}`;

/**
 * Starts a fresh cluster in a temp folder on a random loopback port (trust auth, fsync off),
 * waits until it accepts connections. Throws loudly when PostgreSQL is missing or fails.
 */
export interface PgClusterOptions {
  /**
   * A folder to keep the cluster in between runs (benchmarks with large data sets): reused
   * when it already holds one, and left in place by stop(). Default: a temporary folder that
   * stop() removes; or, in a Vitest run, the run's one cluster (below).
   */
  dir?: string;
  /**
   * A cluster of the caller's own even in a Vitest run: for a test that stops or restarts
   * PostgreSQL (stop() of the run's shared cluster only drops the caller's databases).
   */
  own?: boolean;
}

/** Where the run's shared cluster lives (run-shared.ts), for the global teardown. */
export interface SharedPgCluster {
  url: string;
  port: number;
  data: string;
}

/**
 * Starts a cluster, or, in a Vitest run (a run folder from global-setup.ts) and without `dir`,
 * joins the run's one cluster: the first suite to ask starts it, every suite gets databases of
 * its own in it, and stop() drops those (the global teardown stops the cluster). One initdb per
 * run instead of one per suite. `own: true` (or `dir`) starts a cluster of the caller's own.
 */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  if (options.dir === undefined && !options.own && runSharedDir()) {
    const shared = await runShared<SharedPgCluster>('pg-cluster', async (dir) => {
      const cluster = await startOwnCluster({ dir });
      return { url: cluster.url, port: cluster.port, data: join(dir, 'data') };
    });
    if (shared) return databasesIn(shared);
  }
  return startOwnCluster(options);
}

/** Databases of one suite in the run's shared cluster; stop() drops them. */
function databasesIn(shared: SharedPgCluster): PgCluster {
  const made: string[] = [];
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: shared.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    url: shared.url,
    port: shared.port,
    async createDatabase(name = databaseName()) {
      const safe = name.replace(/"/g, '');
      await query(`CREATE DATABASE "${safe}"`);
      made.push(safe);
      return `postgres://postgres@127.0.0.1:${shared.port}/${safe}`;
    },
    async stop() {
      for (const name of made.splice(0))
        await query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Stops the run's shared cluster (the Vitest global teardown), if one was started in `runDir`. */
export function stopSharedPgCluster(runDir: string): void {
  const data = join(runDir, 'pg-cluster', 'data');
  const bin = postgresBinDir();
  if (!bin || !existsSync(join(data, 'postmaster.pid'))) return;
  execFileSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
    cwd: join(runDir, 'pg-cluster'),
    ...(runAs() ?? {}),
    stdio: 'ignore',
  });
}

async function startOwnCluster(options: PgClusterOptions): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed (expected /usr/lib/postgresql/*/bin/initdb); `npm test` installs Debian\'s "postgresql"',
    );
  }
  const user = runAs();
  const keep = options.dir !== undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'swell-pg-'));
  mkdirSync(dir, { recursive: true });
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const remove = () => {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  const opts = { cwd: dir, ...(user ?? {}), encoding: 'utf8' as const };
  if (!keep || !existsSync(join(data, 'PG_VERSION'))) {
    const initdb = spawnSync(
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C'],
      opts,
    );
    if (initdb.status !== 0) {
      remove();
      throw new Error(`initdb failed: ${initdb.stderr || initdb.error}`);
    }
  }
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = spawnSync(
    join(bin, 'pg_ctl'),
    ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'],
    opts,
  );
  if (start.status !== 0) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    remove();
    throw new Error(`PostgreSQL did not start: ${start.stderr}\n${log}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // pg_ctl -w waits for readiness; still confirm a real connection works.
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (attempt > 50) {
        throw new Error(`PostgreSQL is not accepting connections: ${String(err)}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  let stopped = false;
  return {
    url,
    port,
    async createDatabase(name = databaseName()) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } catch (err) {
        // A kept cluster already has the database from an earlier run.
        if (!(keep && (err as { code?: string }).code === '42P04')) throw err;
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        execFileSync(
          join(bin, 'pg_ctl'),
          ['-D', data, '-m', keep ? 'fast' : 'immediate', '-w', 'stop'],
          {
            ...opts,
            stdio: 'ignore',
          },
        );
      } finally {
        remove();
      }
    },
  };
}
