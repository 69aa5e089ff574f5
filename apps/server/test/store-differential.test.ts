import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getDTag,
  getPublicKey,
  isAddressable,
  isEphemeral,
  isReplaceable,
  matchFilter,
  signEventDeterministic,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import { openStore } from '../src/store/open-store.ts';
import { DEFAULT_MAX_LIMIT } from '../src/store/event-query.ts';
import { readAccess } from '../src/relay/auth.ts';
import type { Store } from '../src/store/store.ts';
import { startPgCluster, type PgCluster } from '../src/testing/pg-cluster.ts';
import { fuzzSettings } from '../src/testing/fuzz/fuzz-run.ts';

// A differential test in the manner of strfry's: random NIP-01 filters over a random set of
// really signed events; the store's answer (SQLite and PostgreSQL) must be exactly what an
// in-memory relay gives, `@swell/nostr`'s matchFilter over the events a relay keeps (the newest
// version of each replaceable and addressable event, ties to the lowest id; no ephemeral
// events), newest first with ties by id, each filter's `limit` taking the newest matches.
// (Prefix matching of ids and authors is not offered: the relay takes full 64-character keys.)

/** 300 filters per property and a fixed seed; `npm run fuzz` asks for more and a new seed. */
const { runs, seed } = fuzzSettings(300, {
  SWELL_FUZZ_RUNS: process.env.SWELL_DIFFERENTIAL_RUNS,
  SWELL_FUZZ_SEED: process.env.SWELL_FUZZ_SEED,
});

/** A small seeded generator (mulberry32): the same pool on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE = Math.floor(Date.now() / 1000) - 100_000;
const KINDS = [0, 1, 1, 1, 3, 4, 6, 7, 7, 1059, 10002, 20001, 30023, 30078];
const T_VALUES = ['nostr', 'bitcoin', 'art', 'Nostr', 'x'.repeat(70)];
const D_VALUES = ['', 'a', 'b', 'settings'];

const keys = Array.from({ length: 5 }, (_, i) => {
  const sk = new Uint8Array(32);
  sk[31] = i + 1;
  return { sk, pubkey: getPublicKey(sk) };
});

/**
 * About 500 events by 5 authors over 40 seconds (many share a second, so ties and limits meet),
 * with e, p, t, d and P tags pointing at each other; replaceable and addressable versions
 * compete, some with the same created_at.
 */
function makePool(): NostrEvent[] {
  const rand = prng(30);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const pool: NostrEvent[] = [];
  for (let i = 0; i < 500; i++) {
    const author = pick(keys);
    const kind = pick(KINDS);
    const tags: string[][] = [];
    const n = Math.floor(rand() * 4);
    for (let j = 0; j < n; j++) {
      const r = rand();
      if (r < 0.3 && pool.length > 0) tags.push(['e', pick(pool).id]);
      else if (r < 0.55) tags.push(['p', pick(keys).pubkey]);
      else if (r < 0.8) tags.push(['t', pick(T_VALUES)]);
      else if (r < 0.9) tags.push(['P', pick(keys).pubkey]);
      else tags.push(['e']); // a tag without a value
    }
    if (isAddressable(kind) && rand() < 0.9) tags.push(['d', pick(D_VALUES)]);
    const created_at = BASE + Math.floor(rand() * 40);
    pool.push(signEventDeterministic({ kind, created_at, tags, content: `event ${i}` }, author.sk));
  }
  return pool;
}

/** What a NIP-01 relay keeps of the pool. */
function kept(pool: readonly NostrEvent[]): NostrEvent[] {
  const heads = new Map<string, NostrEvent>();
  const out: NostrEvent[] = [];
  for (const e of pool) {
    if (isEphemeral(e.kind)) continue;
    if (!isReplaceable(e.kind) && !isAddressable(e.kind)) {
      out.push(e);
      continue;
    }
    const key = `${e.pubkey}:${e.kind}:${isAddressable(e.kind) ? getDTag(e) : ''}`;
    const head = heads.get(key);
    const newer =
      !head ||
      e.created_at > head.created_at ||
      (e.created_at === head.created_at && e.id < head.id);
    if (newer) heads.set(key, e);
  }
  return [...out, ...heads.values()];
}

const newestFirst = (a: NostrEvent, b: NostrEvent) =>
  b.created_at - a.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Whether NIP-42-authenticated `readers` may read an event: DMs (kind 4) and gift wraps (1059)
 * only when one of them is p-tagged, or wrote the DM.
 */
function readable(e: NostrEvent, readers: ReadonlySet<string>): boolean {
  if (e.kind !== 4 && e.kind !== 1059) return true;
  if (e.kind === 4 && readers.has(e.pubkey)) return true;
  return e.tags.some((t) => t[0] === 'p' && t[1] !== undefined && readers.has(t[1]));
}

/** The in-memory relay's answer to a REQ (of a connection authenticated as `readers`). */
function expected(
  events: readonly NostrEvent[],
  filters: readonly Filter[],
  readers?: ReadonlySet<string>,
): NostrEvent[] {
  const byId = new Map<string, NostrEvent>();
  for (const f of filters) {
    const limit = Math.min(f.limit ?? DEFAULT_MAX_LIMIT, DEFAULT_MAX_LIMIT);
    const matches = events
      .filter((e) => matchFilter(f, e) && (!readers || readable(e, readers)))
      .sort(newestFirst)
      .slice(0, limit);
    for (const e of matches) byId.set(e.id, e);
  }
  return [...byId.values()].sort(newestFirst);
}

/** Random filters over the pool's values (and values nothing has). */
function filters(pool: readonly NostrEvent[]): fc.Arbitrary<Filter[]> {
  const ids = [...pool.map((e) => e.id), 'f'.repeat(64)];
  const pubkeys = [...keys.map((k) => k.pubkey), '0'.repeat(64)];
  const list = <T>(values: readonly T[]) =>
    fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 4 });
  const time = fc.integer({ min: BASE - 2, max: BASE + 42 });
  const conditions: Record<string, fc.Arbitrary<unknown>> = {
    ids: list(ids),
    authors: list(pubkeys),
    kinds: list([...new Set(KINDS), 5]),
    '#e': list(ids),
    '#p': list(pubkeys),
    '#P': list(pubkeys),
    '#t': list(T_VALUES),
    '#d': list(D_VALUES),
    since: time,
    until: time,
  };
  // Zero to three conditions (more would rarely match anything), and mostly a limit, so that
  // limits cut through events of the same second.
  const filter: fc.Arbitrary<Filter> = fc
    .tuple(
      fc.subarray(Object.keys(conditions), { maxLength: 3 }),
      fc.option(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant(600)), { freq: 4 }),
    )
    .chain(([names, limit]) =>
      fc
        .record(Object.fromEntries(names.map((n) => [n, conditions[n]!])))
        .map((f) => (limit === null ? f : { ...f, limit }) as Filter),
    );
  return fc.array(filter, { minLength: 1, maxLength: 3 });
}

describe.each(['sqlite', 'postgres'] as const)(
  'the store against an in-memory relay on %s',
  (dialect) => {
    const pool = makePool();
    const events = kept(pool);
    let store: Store;
    let cluster: PgCluster | undefined;

    beforeAll(async () => {
      if (dialect === 'postgres') {
        cluster = await startPgCluster();
        store = await openStore({ dataDir: '', databaseUrl: await cluster.createDatabase() });
      } else {
        store = await openStore({ dataDir: '', sqliteFile: ':memory:' });
      }
      // One by one, in the pool's order, as a relay receives them.
      for (const e of pool) {
        const [r] = await store.ingest([e]);
        expect(r!.ok, r!.message).toBe(true);
      }
    }, 120_000);
    afterAll(async () => {
      await store?.close();
      await cluster?.stop();
    });

    it('keeps what a NIP-01 relay keeps', async () => {
      const all = await store.queryEvents([{ limit: DEFAULT_MAX_LIMIT }]);
      expect(all.map((e) => e.id)).toEqual(expected(events, [{}]).map((e) => e.id));
    });

    it('answers random filters exactly as the in-memory relay: same events, order and limits', async () => {
      await fc.assert(
        fc.asyncProperty(filters(pool), async (fs) => {
          const got = await store.queryEvents(fs);
          expect(got.map((e) => e.id)).toEqual(expected(events, fs).map((e) => e.id));
          expect(got).toEqual(expected(events, fs));
        }),
        { numRuns: runs, seed },
      );
    });

    it('answers for NIP-42 readers as the in-memory relay: limits count only what they may read', async () => {
      const readers = fc.subarray(
        keys.map((k) => k.pubkey),
        { maxLength: 2 },
      );
      await fc.assert(
        fc.asyncProperty(filters(pool), readers, async (fs, who) => {
          const access = readAccess(new Set(who));
          const got = await store.queryEvents(fs, { access });
          expect(got.map((e) => e.id)).toEqual(expected(events, fs, new Set(who)).map((e) => e.id));
        }),
        { numRuns: Math.ceil(runs * 0.7), seed: seed + 1 },
      );
    });

    it('counts random filters as the in-memory relay (NIP-45)', async () => {
      await fc.assert(
        fc.asyncProperty(filters(pool), async (fs) => {
          const all = fs.map(({ limit: _, ...f }) => f);
          expect(await store.countEvents(fs)).toBe(expected(events, all).length);
        }),
        { numRuns: Math.ceil(runs * 0.7), seed: seed + 2 },
      );
    });
  },
);
