import { openStore } from '@swell/server';
import { defaultNetwork } from '../src/testing.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the default demo network', () => {
  it('imports into a real store with zero rejections', async () => {
    const { events } = await defaultNetwork();
    const dir = mkdtempSync(join(tmpdir(), 'swell-devnet-import-'));
    const store = await openStore({ dataDir: dir });
    try {
      const rejected: string[] = [];
      let accepted = 0;
      for (let i = 0; i < events.length; i += 2000) {
        for (const r of await store.ingest(events.slice(i, i + 2000), { source: 'demo' })) {
          if (r.status === 'accepted') accepted++;
          else rejected.push(`${r.id}: ${r.message}`);
        }
      }
      expect(rejected).toEqual([]);
      expect(accepted).toBe(events.length);
      const counts = await store.counts();
      expect(counts.events).toBeGreaterThan(events.length * 0.95);
      expect(counts.zaps).toBe(events.filter((e) => e.kind === 9735).length);
      // Deletions (kind 5) take their targets away; everything else is served.
      const deleted = events
        .filter((e) => e.kind === 5)
        .flatMap((e) => e.tags.filter((t) => t[0] === 'e').map((t) => t[1]!));
      expect(deleted.length).toBeGreaterThan(0);
      expect(await store.getEvents(deleted)).toEqual([]);
      const kept = events.filter((e) => e.kind === 1 && !deleted.includes(e.id)).slice(0, 50);
      expect((await store.getEvents(kept.map((e) => e.id))).length).toBe(kept.length);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
