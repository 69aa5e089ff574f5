import type { StoreDialect } from './store.ts';

/**
 * A minimal SQL executor used by the ingestion hot path and the NIP-01 queries, where a
 * query-builder per call costs too much. SQL is written once with `?` placeholders in the
 * portable subset both dialects share (INSERT ... ON CONFLICT, RETURNING, integer flags);
 * the PostgreSQL adapter rewrites `?` to `$n` and prepares each distinct statement once.
 */
export interface SqlExec {
  readonly dialect: StoreDialect;
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a statement; resolves the number of changed rows. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

export interface SqlBackend extends SqlExec {
  /**
   * A read that need not wait for a running transaction (SQLite: runs on the shared connection
   * without taking the lock, so it may see rows of a transaction in flight; PostgreSQL: any
   * pooled connection). For dedup lookups only.
   */
  peek<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * A read of committed data that need not wait for a running transaction (SQLite: a reader
   * thread with its own connection; PostgreSQL: any pooled connection). For NIP-01 queries.
   */
  read<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction on one connection (serialised with every other use). */
  transaction<T>(fn: (tx: SqlExec) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `(?, ?, ?)` for an IN list of n values (n >= 1). */
export function placeholders(n: number): string {
  return `(${new Array<string>(n).fill('?').join(', ')})`;
}

/** Splits a list into chunks (IN lists stay under both dialects' parameter limits). */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
