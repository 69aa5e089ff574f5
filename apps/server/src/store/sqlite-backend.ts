import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Database } from './schema.ts';
import type { SqlBackend, SqlExec } from './sql.ts';

export interface SqliteParts {
  raw: SqliteDatabase;
  db: Kysely<Database>;
  sql: SqlBackend;
}

/**
 * Opens the embedded database: WAL, synchronous=NORMAL, a large page cache. Kysely and the
 * raw executor share one connection; raw work runs inside Kysely's connection lock so a
 * transaction never interleaves with other queries.
 */
export function openSqlite(file: string): SqliteParts {
  const raw = new BetterSqlite3(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('cache_size = -65536'); // 64 MiB
  raw.pragma('temp_store = MEMORY');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('wal_autocheckpoint = 20000'); // pages; fewer, larger checkpoints during bursts
  raw.pragma('foreign_keys = OFF');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });

  const statements = new Map<string, Statement>();
  const prepare = (text: string): Statement => {
    let st = statements.get(text);
    if (!st) {
      st = raw.prepare(text);
      if (statements.size > 2000) statements.clear();
      statements.set(text, st);
    }
    return st;
  };
  const exec: SqlExec = {
    dialect: 'sqlite',
    async all<T>(text: string, params: readonly unknown[] = []) {
      return prepare(text).all(...params) as T[];
    },
    async run(text: string, params: readonly unknown[] = []) {
      return prepare(text).run(...params).changes;
    },
  };
  const locked = <T>(fn: () => Promise<T>): Promise<T> => db.connection().execute(fn);

  const sql: SqlBackend = {
    dialect: 'sqlite',
    all: (text, params) => locked(() => exec.all(text, params)),
    peek: (text, params) => exec.all(text, params),
    run: (text, params) => locked(() => exec.run(text, params)),
    transaction: (fn) =>
      locked(async () => {
        raw.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(exec);
          raw.exec('COMMIT');
          return result;
        } catch (err) {
          if (raw.inTransaction) raw.exec('ROLLBACK');
          throw err;
        }
      }),
    async close() {
      await db.destroy();
      if (raw.open) raw.close();
    },
  };
  return { raw, db, sql };
}
