import BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Database } from './schema.ts';
import type { SqlBackend, SqlExec } from './sql.ts';
import { SqliteReadPool } from './sqlite-read-pool.ts';

export interface SqliteParts {
  raw: SqliteDatabase;
  db: Kysely<Database>;
  sql: SqlBackend;
  /** Reader threads, when the database is a file and they are enabled. */
  pool?: SqliteReadPool;
}

/** A FIFO lock around the one writable connection. */
class Mutex {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  async acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }
}

/** SQLite, but Kysely may hand out several connections at once (reads go to the pool). */
class PooledSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

function isRead(query: CompiledQuery): boolean {
  return (
    SelectQueryNode.is(query.query) ||
    (RawNode.is(query.query) && /^\s*(select|with)\b/i.test(query.sql))
  );
}

/**
 * One logical connection handed to Kysely. Outside a transaction, reads go to a reader thread
 * and everything else takes the main connection's lock for one statement; inside a
 * transaction every statement runs on the main connection, which the transaction holds.
 */
class RoutedConnection implements DatabaseConnection {
  inTransaction = false;
  private readonly driver: RoutingDriver;

  constructor(driver: RoutingDriver) {
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { pool, mutex } = this.driver;
    if (this.inTransaction) return this.driver.runMain<R>(query);
    if (pool && isRead(query)) {
      const rows = await pool.query(query.sql, query.parameters);
      if (rows) return { rows: rows as R[] };
    }
    return mutex.run(async () => this.driver.runMain<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.executeQuery<R>(query);
    for (const row of result.rows) yield { rows: [row] };
  }
}

class RoutingDriver implements Driver {
  readonly mutex: Mutex;
  readonly pool: SqliteReadPool | undefined;
  private readonly prepare: (sql: string) => Statement;

  constructor(prepare: (sql: string) => Statement, mutex: Mutex, pool: SqliteReadPool | undefined) {
    this.prepare = prepare;
    this.mutex = mutex;
    this.pool = pool;
  }

  runMain<R>(query: CompiledQuery): QueryResult<R> {
    const stmt = this.prepare(query.sql);
    if (stmt.reader) return { rows: stmt.all(...query.parameters) as R[] };
    const { changes, lastInsertRowid } = stmt.run(...query.parameters);
    return {
      insertId: BigInt(lastInsertRowid),
      numAffectedRows: BigInt(changes),
      rows: [],
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.mutex.acquire();
    (connection as RoutedConnection).inTransaction = true;
    try {
      this.runMain(CompiledQuery.raw('begin'));
    } catch (err) {
      (connection as RoutedConnection).inTransaction = false;
      this.mutex.release();
      throw err;
    }
  }

  private end(connection: DatabaseConnection, command: string): void {
    try {
      this.runMain(CompiledQuery.raw(command));
    } finally {
      (connection as RoutedConnection).inTransaction = false;
      this.mutex.release();
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.end(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.end(connection, 'rollback');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

class RoutingDialect implements Dialect {
  private readonly driver: RoutingDriver;

  constructor(driver: RoutingDriver) {
    this.driver = driver;
  }

  createAdapter() {
    return new PooledSqliteAdapter();
  }

  createDriver() {
    return this.driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

export interface SqliteOptions {
  /** Reader threads for reads outside transactions (0: every read on the main connection). */
  readThreads?: number;
}

/**
 * Opens the embedded database: WAL, synchronous=NORMAL, a large page cache. Writes (Kysely's
 * and the raw executor's) share one connection behind one lock, so a transaction never
 * interleaves with another statement. Reads of committed data (the cache API's queries, NIP-01
 * queries) run on reader threads with their own connections, so they never block the event
 * loop and never wait behind an ingestion batch.
 */
export function openSqlite(file: string, opts: SqliteOptions = {}): SqliteParts {
  const raw = new BetterSqlite3(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('cache_size = -65536'); // 64 MiB
  raw.pragma('temp_store = MEMORY');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('wal_autocheckpoint = 20000'); // pages; fewer, larger checkpoints during bursts
  raw.pragma('foreign_keys = OFF');

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
  const threads = file === ':memory:' ? 0 : opts.readThreads;
  const pool = threads === 0 ? undefined : new SqliteReadPool(file, threads);
  const mutex = new Mutex();
  const db = new Kysely<Database>({
    dialect: new RoutingDialect(new RoutingDriver(prepare, mutex, pool)),
  });

  const exec: SqlExec = {
    dialect: 'sqlite',
    async all<T>(text: string, params: readonly unknown[] = []) {
      return prepare(text).all(...params) as T[];
    },
    async run(text: string, params: readonly unknown[] = []) {
      return prepare(text).run(...params).changes;
    },
  };

  const sql: SqlBackend = {
    dialect: 'sqlite',
    all: (text, params) => mutex.run(() => exec.all(text, params)),
    peek: (text, params) => exec.all(text, params),
    async read<T>(text: string, params: readonly unknown[] = []) {
      const rows = await pool?.query(text, params);
      return rows ? (rows as T[]) : mutex.run(() => exec.all<T>(text, params));
    },
    run: (text, params) => mutex.run(() => exec.run(text, params)),
    transaction: (fn) =>
      mutex.run(async () => {
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
      await pool?.close();
      await db.destroy();
      if (raw.open) raw.close();
    },
  };
  return { raw, db, sql, pool };
}
