import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
// Worker thread of the SQLite read pool: runs read-only statements on its own connection to
// the database file (WAL lets readers run beside the writer). Message in: {id, sql, params};
// message out: {id, rows} for a read, {id, write: true} when the statement would write (the
// caller then runs it on the main connection), {id, error} when it fails.
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { file } = workerData as { file: string };
const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
db.pragma('cache_size = -32768'); // 32 MiB per reader
db.pragma('mmap_size = 1073741824'); // map up to 1 GiB: reads without copying pages
db.pragma('busy_timeout = 5000');

const statements = new Map<string, Statement>();
const prof = new Map<string, { n: number; ms: number; rows: number }>();
setInterval(() => {
  const top = [...prof].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
  require('node:fs').writeFileSync(
    `/tmp/sqlprof-${process.pid}-${require('node:worker_threads').threadId}.txt`,
    top.map(([k, v]) => `${v.ms.toFixed(0)} ms ${v.n}x ${v.rows} rows: ${k}`).join('\n'),
  );
}, 500).unref();

parentPort!.on('message', (msg: { id: number; sql: string; params: unknown[] }) => {
  try {
    let st = statements.get(msg.sql);
    if (!st) {
      st = db.prepare(msg.sql);
      if (statements.size > 2000) statements.clear();
      statements.set(msg.sql, st);
    }
    if (!st.reader || !st.readonly) {
      parentPort!.postMessage({ id: msg.id, write: true });
      return;
    }
    const t0 = performance.now();
    const rows = st.all(...msg.params);
    const k = msg.sql.replace(/\?(, \?)+/g, '?..').slice(0, 400);
    const e = prof.get(k) ?? { n: 0, ms: 0, rows: 0 };
    e.n++;
    e.ms += performance.now() - t0;
    e.rows += rows.length;
    prof.set(k, e);
    parentPort!.postMessage({ id: msg.id, rows });
  } catch (err) {
    parentPort!.postMessage({
      id: msg.id,
      error: err instanceof Error ? err.message : String(err),
    });
  }
});
