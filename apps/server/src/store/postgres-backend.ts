import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';
import type { SqlBackend, SqlExec } from './sql.ts';

export interface PostgresParts {
  pool: pg.Pool;
  db: Kysely<Database>;
  sql: SqlBackend;
}

// BIGINT (int8) and NUMERIC come back as strings by default; every value we store fits a double.
const INT8 = 20;
const NUMERIC = 1700;
const typeParser = (oid: number, format?: string): ((v: string) => unknown) => {
  if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
  return pg.types.getTypeParser(oid, format as 'text');
};

const converted = new Map<string, { text: string; name: string }>();
let statementSeq = 0;

/** `?` placeholders to `$1..$n` (our SQL never has `?` inside literals), named for preparing. */
function toPg(text: string): { text: string; name: string } {
  let hit = converted.get(text);
  if (!hit) {
    let n = 0;
    hit = { text: text.replace(/\?/g, () => `$${++n}`), name: `swell_${++statementSeq}` };
    if (converted.size > 5000) converted.clear();
    converted.set(text, hit);
  }
  return hit;
}

function execOn(client: pg.Pool | pg.PoolClient): SqlExec {
  return {
    dialect: 'postgres',
    async all<T>(text: string, params: readonly unknown[] = []) {
      const q = toPg(text);
      const res = await client.query({ name: q.name, text: q.text, values: params as unknown[] });
      return res.rows as T[];
    },
    async run(text: string, params: readonly unknown[] = []) {
      const q = toPg(text);
      const res = await client.query({ name: q.name, text: q.text, values: params as unknown[] });
      return res.rowCount ?? 0;
    },
  };
}

/**
 * Connects to PostgreSQL; Kysely and the raw executor share one pool. 20 connections: a cache
 * answer fires several lookups at once, and with 50 busy clients 10 connections were the queue
 * (1M events: home feed 123 -> 149 req/s, thread_view 83 -> 116, user_infos 320 -> 434).
 */
export function openPostgres(url: string, max = 20): PostgresParts {
  const pool = new pg.Pool({ connectionString: url, max, types: { getTypeParser: typeParser } });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const pooled = execOn(pool);
  const sql: SqlBackend = {
    ...pooled,
    peek: (text, params) => pooled.all(text, params),
    read: (text, params) => pooled.all(text, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(execOn(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy(); // ends the pool
    },
  };
  return { pool, db, sql };
}
