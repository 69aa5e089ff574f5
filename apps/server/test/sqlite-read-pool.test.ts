import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteParts } from '../src/store/sqlite-backend.ts';

// Reads of committed data run on reader threads with their own connections; writes and
// transactions stay on the one main connection.
describe('SQLite reader threads', () => {
  let dir: string;
  let lite: SqliteParts;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'swell-readers-'));
    lite = openSqlite(join(dir, 'swell.db'), { readThreads: 2 });
    lite.raw.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  });
  afterAll(async () => {
    await lite.sql.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => lite.db as unknown as Kysely<{ items: { id: number; name: string } }>;

  it('answers Kysely selects on a reader thread and sees every committed write', async () => {
    expect(lite.pool?.size).toBe(2);
    const before = lite.pool!.answered;
    await db().insertInto('items').values({ id: 1, name: 'one' }).execute();
    const rows = await db().selectFrom('items').selectAll().execute();
    expect(rows).toEqual([{ id: 1, name: 'one' }]);
    expect(lite.pool!.answered).toBe(before + 1);
    // raw reads too (a WITH ... SELECT)
    const raw = await sql<{
      n: number;
    }>`WITH x AS (SELECT COUNT(*) AS n FROM items) SELECT n FROM x`.execute(db());
    expect(raw.rows).toEqual([{ n: 1 }]);
    expect(lite.pool!.answered).toBe(before + 2);
  });

  it('runs a write that a WITH clause hides on the main connection', async () => {
    await sql`WITH v(id, name) AS (VALUES (2, 'two')) INSERT INTO items (id, name) SELECT id, name FROM v`.execute(
      db(),
    );
    const rows = await db().selectFrom('items').select('name').orderBy('id').execute();
    expect(rows.map((r) => r.name)).toEqual(['one', 'two']);
  });

  it('does not wait behind an open ingestion transaction, and sees only committed rows', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const started = new Promise<void>((r) => (inside = r));
    const tx = lite.sql.transaction(async (t) => {
      await t.run('INSERT INTO items (id, name) VALUES (?, ?)', [3, 'three']);
      inside();
      await held;
    });
    await started;
    // The main connection is locked by the transaction; this read still completes.
    const during = await db().selectFrom('items').select('id').orderBy('id').execute();
    expect(during.map((r) => r.id)).toEqual([1, 2]);
    expect(await lite.sql.read('SELECT COUNT(*) AS n FROM items')).toEqual([{ n: 2 }]);
    release();
    await tx;
    const after = await db().selectFrom('items').select('id').orderBy('id').execute();
    expect(after.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('keeps a Kysely transaction on the main connection (it reads its own writes)', async () => {
    const seen = await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('items').values({ id: 4, name: 'four' }).execute();
        return trx.selectFrom('items').select('id').where('id', '=', 4).execute();
      });
    expect(seen).toEqual([{ id: 4 }]);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('items').values({ id: 5, name: 'five' }).execute();
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    const ids = await db().selectFrom('items').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the event loop free during a long read', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const slow = await sql<{
      n: number;
    }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT COUNT(*) AS n FROM c`.execute(
      db(),
    );
    clearInterval(timer);
    expect(slow.rows).toEqual([{ n: 3000000 }]);
    // On the main thread the timer could not have fired while the statement ran.
    expect(ticks).toBeGreaterThan(0);
  });

  it('falls back to the main connection when a reader thread dies', async () => {
    const own = openSqlite(join(dir, 'fallback.db'), { readThreads: 1 });
    own.raw.exec('CREATE TABLE t (x INTEGER)');
    own.raw.exec('INSERT INTO t (x) VALUES (1), (2)');
    const pool = own.pool!;
    // The pool's private reader list: the only way to kill a reader from outside.
    const [reader] = (pool as unknown as { readers: Array<{ worker: Worker }> }).readers;
    const exited = new Promise<void>((r) => reader!.worker.once('exit', () => r()));
    const answered = pool.answered;
    // A long read in flight when the reader dies is answered by the main connection.
    const inFlight = sql<{
      n: number;
    }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000) SELECT COUNT(*) AS n FROM c`.execute(
      own.db,
    );
    await new Promise((r) => setTimeout(r, 20));
    await reader!.worker.terminate();
    await exited;
    expect((await inFlight).rows).toEqual([{ n: 2000000 }]);
    expect(pool.size).toBe(0);
    expect((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM t`.execute(own.db)).rows).toEqual([
      { n: 2 },
    ]);
    expect(pool.answered).toBe(answered);
    await own.sql.close();
  });

  it('reports a failing read as an error', async () => {
    await expect(sql`SELECT * FROM no_such_table`.execute(db())).rejects.toThrow(/no such table/);
  });
});

describe('SQLite without reader threads', () => {
  it('runs every statement on the main connection (in-memory store)', async () => {
    const lite = openSqlite(':memory:');
    expect(lite.pool).toBeUndefined();
    lite.raw.exec('CREATE TABLE t (x INTEGER)');
    await sql`INSERT INTO t (x) VALUES (7)`.execute(lite.db);
    expect((await sql<{ x: number }>`SELECT x FROM t`.execute(lite.db)).rows).toEqual([{ x: 7 }]);
    await lite.sql.close();
  });
});
