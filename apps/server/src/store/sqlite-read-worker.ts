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
    parentPort!.postMessage({ id: msg.id, rows: st.all(...msg.params) });
  } catch (err) {
    parentPort!.postMessage({
      id: msg.id,
      error: err instanceof Error ? err.message : String(err),
    });
  }
});
