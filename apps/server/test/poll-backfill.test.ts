import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { backfillPollsAndMedia } from '../src/store/migrations.ts';
import { openStore } from '../src/store/open-store.ts';
import type { Store } from '../src/store/store.ts';
import { startPgCluster, type PgCluster } from '../src/testing/pg-cluster.ts';
import { User, zapReceipt } from './cache-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const now = Math.floor(Date.now() / 1000);
const [bob, carol, dave, wallet] = Array.from({ length: 4 }, () => new User());
const poll = bob.sign(
  1068,
  'Which?',
  [
    ['option', 'a', 'A'],
    ['option', 'b', 'B'],
  ],
  now - 100,
);
const zapPoll = bob.sign(
  6969,
  'Zap',
  [
    ['poll_option', '0', 'Red'],
    ['poll_option', '1', 'Blue'],
  ],
  now - 90,
);
const events = [
  poll,
  zapPoll,
  carol.sign(
    1018,
    '',
    [
      ['e', poll.id],
      ['response', 'a'],
    ],
    now - 50,
  ),
  dave.sign(
    1018,
    '',
    [
      ['e', poll.id],
      ['response', 'b'],
    ],
    now - 40,
  ),
  zapReceipt(wallet, carol, zapPoll, 21, now - 30, '', [['poll_option', '1']]),
  bob.sign(20, 'pic', [['imeta', 'url https://e.example/p.jpg', 'm image/jpeg']], now - 20),
];

describe.each(['sqlite', 'postgres'] as const)('migration 0015 backfill on %s', (dialect) => {
  let store: Store;
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres') {
      cluster = await startPgCluster();
      store = await openStore({ dataDir: '', databaseUrl: await cluster.createDatabase() });
    } else store = await openStore({ dataDir: '', sqliteFile: ':memory:' });
    await store.ingest(events, { source: 'import' });
  });
  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
  });

  const state = async () => ({
    votes: await store.db
      .selectFrom('poll_votes')
      .select(['voter', 'option_id'])
      .orderBy('option_id')
      .execute(),
    options: await store.db.selectFrom('zaps').select('poll_option').execute(),
    media: await store.db
      .selectFrom('user_stats')
      .select('media_count')
      .where('pubkey', '=', bob.pubkey)
      .execute(),
  });

  it('derives from stored events what ingestion derives', async () => {
    const ingested = await state();
    expect(ingested.votes).toEqual([
      { voter: carol.pubkey, option_id: 'a' },
      { voter: dave.pubkey, option_id: 'b' },
    ]);
    expect(ingested.options).toEqual([{ poll_option: '1' }]);
    expect(Number(ingested.media[0]!.media_count)).toBe(1);
    // as a database from before the migration holds them
    await store.db.deleteFrom('poll_votes').execute();
    await store.db.updateTable('zaps').set({ poll_option: null }).execute();
    await store.db.updateTable('user_stats').set({ media_count: 0 }).execute();
    await backfillPollsAndMedia(store.db as unknown as Kysely<unknown>, dialect);
    const after = await state();
    expect({ ...after, media: Number(after.media[0]!.media_count) }).toEqual({
      ...ingested,
      media: 1,
    });
  });
});
