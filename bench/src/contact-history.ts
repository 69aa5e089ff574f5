// `npm run bench -- contact-history [--users=500] [--versions=4] [--follows=300] [--backend=sqlite|postgres|both]`:
// ingestion of contact lists (kind 3), which keeps every version for contacts recovery (a
// history row per version, pruned to the newest 100 per user) on top of the stored head, the
// follow graph and the tag index. For comparison, the same number of mute lists (kind 10000) of
// the same size: a replaceable kind with the tag index but neither history nor follow graph.
// Prints events/s of both and the history rows kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from '@swell/nostr';
import { openStore, type Store } from '@swell/server';
import { startPgCluster, type PgCluster } from '@swell/server/testing';

function arg(args: string[], name: string, dflt: number | string): string {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : String(dflt);
}

/** `versions` lists per user, oldest first, each with `follows` p tags. */
function lists(kind: number, users: number, versions: number, follows: number, now: number) {
  const others = Array.from({ length: 500 }, () => getPublicKey(generateSecretKey()));
  const out: NostrEvent[] = [];
  for (let u = 0; u < users; u++) {
    const sk = generateSecretKey();
    for (let v = 0; v < versions; v++) {
      const tags = Array.from({ length: follows }, (_, i) => ['p', others[(u + v + i) % 500]!]);
      out.push(
        finalizeEvent({ kind, created_at: now - (versions - v) * 60, tags, content: '' }, sk),
      );
    }
  }
  // versions arrive interleaved across users, as from relays
  return out.sort((a, b) => a.created_at - b.created_at);
}

async function ingestAll(store: Store, events: NostrEvent[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < events.length; i += 500) {
    const results = await store.ingest(events.slice(i, i + 500), { source: 'import' });
    const bad = results.find((r) => r.status === 'rejected');
    if (bad) throw new Error(`rejected: ${bad.message}`);
  }
  return (performance.now() - started) / 1000;
}

export async function run(args: string[]): Promise<void> {
  const users = Number(arg(args, 'users', 500));
  const versions = Number(arg(args, 'versions', 4));
  const follows = Number(arg(args, 'follows', 300));
  const which = arg(args, 'backend', 'sqlite');
  const backends = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const now = Math.floor(Date.now() / 1000);
  console.log(`signing ${users} users x ${versions} versions x ${follows} follows, twice...`);
  const contacts = lists(3, users, versions, follows, now);
  const mutes = lists(10000, users, versions, follows, now);
  for (const backend of backends) {
    const dir = mkdtempSync(join(tmpdir(), 'swell-bench-history-'));
    let cluster: PgCluster | undefined;
    try {
      const databaseUrl =
        backend === 'postgres'
          ? await (cluster = await startPgCluster()).createDatabase()
          : undefined;
      const store = await openStore({ dataDir: dir, databaseUrl });
      const withHistory = await ingestAll(store, contacts);
      const without = await ingestAll(store, mutes);
      const rows = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM contact_list_history`.execute(
        store.db,
      );
      await store.close();
      const rate = (s: number) => Math.round(contacts.length / s).toLocaleString('en');
      console.log(
        `${backend}: ${contacts.length} contact lists ${rate(withHistory)} events/s ` +
          `(${withHistory.toFixed(1)} s, ${Number(rows.rows[0]?.n)} history rows); ` +
          `${mutes.length} mute lists, same size, no history: ${rate(without)} events/s (${without.toFixed(1)} s)`,
      );
    } finally {
      await cluster?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
