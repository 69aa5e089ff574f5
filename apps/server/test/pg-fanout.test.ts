import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NostrEvent } from '@swell/nostr';
import { testServer } from './helpers.ts';
import { startPgCluster, type PgCluster } from '../src/testing/pg-cluster.ts';
import { newPool, testUser } from './relay-helpers.ts';

/** Generous: the machine running the tests may be busy. */
const POLL = { timeout: 15_000 };

describe('two server instances on one PostgreSQL database', () => {
  let cluster: PgCluster;
  let a: Awaited<ReturnType<typeof testServer>>;
  let b: Awaited<ReturnType<typeof testServer>>;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase();
    a = await testServer({ databaseUrl });
    b = await testServer({ databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  it('reports PostgreSQL storage in /health', async () => {
    const body = (await (await fetch(`${a.url}/health`)).json()) as { storage: string };
    expect(body.storage).toBe('postgresql');
  });

  it('delivers an event published to one instance to a live subscription on the other', async () => {
    const user = testUser();
    const reader = newPool();
    const writer = newPool();
    const received: NostrEvent[] = [];
    let eose = false;
    reader.subscribe(
      [b.wsUrl('/relay')],
      { authors: [user.pubkey] },
      {
        onevent: (e) => received.push(e),
        oneose: () => {
          eose = true;
        },
      },
    );
    await expect.poll(() => eose, POLL).toBe(true);
    const small = user.sign({ kind: 1, content: 'across instances' });
    // Larger than a NOTIFY payload: travels by id and is read from the shared database.
    const big = user.sign({ kind: 1, content: 'x'.repeat(20_000) });
    await Promise.all(writer.publish([a.wsUrl('/relay')], small));
    await Promise.all(writer.publish([a.wsUrl('/relay')], big));
    await expect
      .poll(() => received.map((e) => e.id).sort(), POLL)
      .toEqual([small.id, big.id].sort());
    // A burst is packed into few notifications and still arrives whole.
    const burst = Array.from({ length: 30 }, (_, i) =>
      user.sign({ kind: 1, content: `burst ${i}` }),
    );
    await Promise.all(burst.flatMap((e) => writer.publish([a.wsUrl('/relay')], e)));
    await expect.poll(() => received.length, POLL).toBe(32);
    expect(new Set(received.map((e) => e.id)).size).toBe(32);
    // Stored once, readable from both.
    const fromB = await reader.querySync([b.wsUrl('/relay')], { ids: [small.id] });
    expect(fromB.map((e) => e.id)).toEqual([small.id]);
    reader.destroy();
    writer.destroy();
  });
});
