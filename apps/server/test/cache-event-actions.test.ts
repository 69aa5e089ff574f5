import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextPage } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { testServer } from './helpers.ts';
import { CacheClient, importAll, User, zapReceipt } from './cache-helpers.ts';

// Real servers on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// Reactions to an article carry both its `e` and its `a` tag: event_actions by address must
// count each reaction once, so that paging (until + offset) neither repeats nor skips one.
const now = Math.floor(Date.now() / 1000);
const author = new User();
const article = author.sign(
  30023,
  '# Soil\n\nlong text',
  [
    ['d', 'soil'],
    ['title', 'Soil'],
  ],
  now - 5000,
);
const coordinate = `30023:${author.pubkey}:soil`;
const reactions = Array.from({ length: 7 }, (_, i) =>
  new User().sign(
    7,
    '+',
    [
      ['e', article.id],
      ['a', coordinate],
      ['p', author.pubkey],
    ],
    // pairs of equal timestamps: offset matters at every page boundary
    now - 1000 + Math.floor(i / 2),
  ),
);

// Zaps of the article, biggest first: event_actions kind 9735 pages by amount_sats.
const wallet = new User();
const zapAmounts = [100, 50, 50, 21, 21, 21, 5];
const zaps = zapAmounts.map((sats, i) => {
  const sender = new User();
  return zapReceipt(wallet, sender, article, sats, now - 900 + i);
});

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
  const c = await CacheClient.open(server.wsUrl('/v1'), false);
  await importAll(c, [article, ...reactions, ...zaps]);
  c.close();
});
afterAll(async () => {
  await server?.close();
});

describe.each([false, true])('event_actions of an article (zlib %s)', (zlib) => {
  let c: CacheClient;
  beforeAll(async () => {
    c = await CacheClient.open(server.wsUrl('/v1'), zlib);
  });
  afterAll(() => c.close());

  it.each([1, 2, 3])('walked %i at a time shows every reaction exactly once', async (limit) => {
    const shown: NostrEvent[] = [];
    let cursor: { until: number; offset: number } | null = null;
    for (let pages = 0; pages < 30; pages++) {
      const r = await c.request('event_actions', {
        pubkey: author.pubkey,
        identifier: 'soil',
        kind: 7,
        limit,
        ...(cursor ?? {}),
      });
      expect(r.notices).toEqual([]);
      const page = r.events.filter((e) => e.kind === 7) as unknown as NostrEvent[];
      shown.push(...page);
      const range = r.events.find((e) => e.kind === 10000113);
      cursor = nextPage(
        range ? JSON.parse(range.content) : undefined,
        shown.map((e) => e.created_at),
      );
      if (!cursor) break;
    }
    const ids = shown.map((e) => e.id);
    expect(ids).toHaveLength(reactions.length);
    expect(new Set(ids)).toEqual(new Set(reactions.map((e) => e.id)));
  });
});

describe('event_actions kind 9735', () => {
  it.each([1, 2, 3])('walked %i at a time shows every zap exactly once', async (limit) => {
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    const shown: Array<{ zap_receipt_id: string; amount_sats: number }> = [];
    let cursor: { until: number; offset: number } | null = null;
    for (let pages = 0; pages < 30; pages++) {
      const r = await c.request('event_actions', {
        event_id: article.id,
        kind: 9735,
        limit,
        ...(cursor ?? {}),
      });
      expect(r.notices).toEqual([]);
      const top = r.events.filter((e) => e.kind === 10000129);
      shown.push(...top.map((e) => JSON.parse(e.content) as (typeof shown)[number]));
      const range = r.events.find((e) => e.kind === 10000113);
      cursor = nextPage(
        range ? JSON.parse(range.content) : undefined,
        shown.map((z) => z.amount_sats),
      );
      if (!cursor) break;
    }
    c.close();
    expect(shown.map((z) => z.amount_sats)).toEqual(zapAmounts);
    expect(new Set(shown.map((z) => z.zap_receipt_id))).toEqual(new Set(zaps.map((z) => z.id)));
  });
});
