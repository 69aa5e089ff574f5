import { afterAll, describe, expect, it } from 'vitest';
import { VerifyPool } from '../src/ingest/verify-pool.ts';
import { invalidEvents, realEvents } from './store-fixtures.ts';

describe('verification pool (worker threads)', () => {
  const pool = new VerifyPool(2);
  afterAll(() => pool.close());

  it('verifies real events on workers and rejects invalid ones, in input order', async () => {
    const good = realEvents().slice(0, 40);
    const bad = invalidEvents().map((x) => x.event);
    const mixed = good.flatMap((e, i) => (bad[i] ? [e, bad[i]!] : [e]));
    const ok = await pool.verify(mixed);
    expect(ok).toEqual(mixed.map((e) => good.includes(e)));
    expect(pool.workersUsed).toBeGreaterThan(0);
  });
});
