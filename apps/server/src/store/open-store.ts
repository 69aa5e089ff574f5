import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { initVerifier, type NostrEvent } from '@swell/nostr';
import type { Kysely } from 'kysely';
import { rowToEvent } from '../ingest/derive-helpers.ts';
import { IngestQueue } from '../ingest/ingest-queue.ts';
import { VerifyPool } from '../ingest/verify-pool.ts';
import { countEvents, DEFAULT_MAX_LIMIT, queryEvents } from './event-query.ts';
import { migrateToLatest } from './migrations.ts';
import { openPostgres } from './postgres-backend.ts';
import type { Database } from './schema.ts';
import { chunks, placeholders, type SqlBackend, type SqlExec } from './sql.ts';
import { openSqlite } from './sqlite-backend.ts';
import type { Store, StoreDialect } from './store.ts';

export interface StoreConfig {
  /** Folder of the SQLite file (`swell.db`), used when `databaseUrl` is absent. */
  dataDir: string;
  /** PostgreSQL connection string. */
  databaseUrl?: string | undefined;
  /** SQLite file name inside dataDir (default swell.db); ':memory:' for a throwaway store. */
  sqliteFile?: string;
  /** Signature-verification worker threads (default: cores, at most 4). */
  verifyThreads?: number;
  /** SQLite reader threads for reads of committed data (default: cores, at most 4; 0: none). */
  readThreads?: number;
}

/** Opens (and migrates) the store chosen by the configuration. */
export async function openStore(config: StoreConfig): Promise<Store> {
  await initVerifier();
  let dialect: StoreDialect;
  let db: Kysely<Database>;
  let sql: SqlBackend;
  if (config.databaseUrl) {
    const pg = openPostgres(config.databaseUrl);
    dialect = 'postgres';
    db = pg.db;
    sql = pg.sql;
  } else {
    const file = config.sqliteFile ?? 'swell.db';
    if (file !== ':memory:') mkdirSync(config.dataDir, { recursive: true });
    const lite = openSqlite(file === ':memory:' ? file : join(config.dataDir, file), {
      ...(config.readThreads !== undefined ? { readThreads: config.readThreads } : {}),
    });
    dialect = 'sqlite';
    db = lite.db;
    sql = lite.sql;
  }
  try {
    await migrateToLatest(db as Kysely<unknown>, dialect);
  } catch (err) {
    await sql.close();
    throw err;
  }

  const listeners = new Set<(events: NostrEvent[]) => void>();
  const verifier = new VerifyPool(config.verifyThreads);
  const queue = new IngestQueue(sql, verifier, (events) => {
    for (const l of listeners) {
      try {
        l(events);
      } catch {
        // A failing listener must not fail ingestion.
      }
    }
  });

  // Relay reads see committed data without waiting for an ingestion batch (SQLite: on reader
  // threads, off the event loop).
  const reader: SqlExec = { dialect, all: sql.read, run: sql.run };
  const store: Store = {
    dialect,
    db,
    ingest: (events, opts) => queue.submit(events, opts),
    queryEvents: (filters, opts) =>
      queryEvents(reader, filters, opts?.maxLimit ?? DEFAULT_MAX_LIMIT, opts?.access),
    countEvents: (filters, opts) => countEvents(reader, filters, opts?.access),
    async getEvents(ids) {
      const out: NostrEvent[] = [];
      for (const part of chunks(ids)) {
        const rows = await sql.read<Parameters<typeof rowToEvent>[0]>(
          `SELECT id, pubkey, created_at, kind, tags, content, sig FROM events WHERE id IN ${placeholders(part.length)}`,
          part,
        );
        out.push(...rows.map(rowToEvent));
      }
      return out;
    },
    async expireScores(now = Math.floor(Date.now() / 1000)) {
      // In chunks, one short transaction each, so a long backlog never stalls the loop.
      let total = 0;
      for (;;) {
        const n = await sql.transaction(async (tx) => {
          const rows = await tx.all<{
            event_id: string;
            actor: string;
            action: string;
            points: number;
          }>(
            'SELECT event_id, actor, action, points FROM score_points WHERE expired = 0 AND created_at <= ? LIMIT 1000',
            [now - 86_400],
          );
          for (const r of rows) {
            await tx.run(
              'UPDATE score_points SET expired = 1 WHERE event_id = ? AND actor = ? AND action = ?',
              [r.event_id, r.actor, r.action],
            );
            await tx.run('UPDATE event_stats SET score24h = score24h - ? WHERE event_id = ?', [
              r.points,
              r.event_id,
            ]);
          }
          return rows.length;
        });
        total += n;
        if (n < 1000) return total;
        await new Promise<void>((r) => setImmediate(r));
      }
    },
    onCommitted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async counts() {
      // SQLite counts rows by scanning (a stall on millions of rows): use the highest rowid,
      // the number of rows ever inserted, which is what /health needs.
      const expr = dialect === 'sqlite' ? 'COALESCE(MAX(rowid), 0)' : 'COUNT(*)';
      const n = async (table: string) =>
        Number((await sql.read<{ n: number }>(`SELECT ${expr} AS n FROM ${table}`))[0]?.n ?? 0);
      return { events: await n('events'), users: await n('user_stats'), zaps: await n('zaps') };
    },
    async analyze() {
      await sql.run('ANALYZE');
    },
    async close() {
      await verifier.close();
      await sql.close();
    },
  };
  return store;
}
