import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { commentTemplate, highlightTemplate, type EventTemplate } from '@swell/nostr';
import { backfillComments } from '../src/store/migrations.ts';
import { openStore } from '../src/store/open-store.ts';
import type { Store } from '../src/store/store.ts';
import { startPgCluster, type PgCluster } from '../src/testing/pg-cluster.ts';
import { User } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = Math.floor(Date.now() / 1000);
const [alice, bob, carol] = Array.from({ length: 3 }, () => new User());
const sign = (who: User, t: EventTemplate) => who.sign(t.kind, t.content, t.tags, t.created_at);
const article = alice.sign(
  30023,
  'Body.',
  [
    ['d', 'a'],
    ['title', 'A'],
  ],
  now - 100,
);
const top = sign(bob, commentTemplate({ content: 'Nice.', target: article, createdAt: now - 50 }));
const reply = sign(carol, commentTemplate({ content: 'Yes.', target: top, createdAt: now - 40 }));
const highlight = sign(
  bob,
  highlightTemplate({ text: 'Body.', source: article, createdAt: now - 30 }),
);

describe.each(['sqlite', 'postgres'] as const)('migration 0016 backfill on %s', (dialect) => {
  let store: Store;
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres') {
      cluster = await startPgCluster();
      store = await openStore({ dataDir: '', databaseUrl: await cluster.createDatabase() });
    } else store = await openStore({ dataDir: '', sqliteFile: ':memory:' });
    await store.ingest([article, top, reply, highlight], { source: 'import' });
  });
  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
  });

  const state = async () => ({
    threads: await store.db
      .selectFrom('threads')
      .select(['event_id', 'parent_id', 'root_id'])
      .where('kind', '=', 1111)
      .orderBy('created_at')
      .execute(),
    replies: (
      await store.db
        .selectFrom('event_stats')
        .select(['event_id', 'replies'])
        .where('event_id', 'in', [article.id, top.id])
        .orderBy('event_id')
        .execute()
    ).map((r) => [r.event_id, Number(r.replies)]),
    notifications: (
      await store.db
        .selectFrom('notifications')
        .select(['id', 'type', 'pubkey'])
        .orderBy('id')
        .execute()
    ).map((n) => [n.id, Number(n.type), n.pubkey]),
  });

  it('derives from stored comments and highlights what ingestion derives', async () => {
    const ingested = await state();
    const coord = `30023:${alice.pubkey}:a`;
    expect(ingested.threads).toEqual([
      { event_id: top.id, parent_id: coord, root_id: coord },
      { event_id: reply.id, parent_id: top.id, root_id: coord },
    ]);
    expect(ingested.notifications).toHaveLength(4); // 301 twice and 302 to alice, 6 to bob
    // as a database from before the migration holds them
    await store.db.deleteFrom('threads').where('kind', '=', 1111).execute();
    await store.db.updateTable('event_stats').set({ replies: 0 }).execute();
    await store.db.deleteFrom('notifications').execute();
    await backfillComments(store.db as unknown as Kysely<unknown>, dialect);
    expect(await state()).toEqual(ingested);
  });
});
