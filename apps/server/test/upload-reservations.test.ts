import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { UPLOAD_REQUEST_KIND } from '@swell/cache-protocol';
import { initVerifier } from '@swell/nostr';
import type { ServerContext } from '../src/context.ts';
import { chunkedUploadLimits } from '../src/media/chunked-uploads.ts';
import { mediaDb } from '../src/media/media-tables.ts';
import { membershipDb } from '../src/membership/membership-tables.ts';
import {
  CacheClient,
  startPgCluster,
  testServer,
  User,
  type PgCluster,
} from '@swell/server/testing';
import { referenceUpload } from './reference-uploader.ts';
import { blossomAuth, sha256Hex } from './upload-helpers.ts';

// Issue 30, finding 4: "10 files sent at once stored 2.93 MB under a 1 MB quota; partial chunked
// uploads count against no quota (10 open per key, any number of keys)". Quotas are now taken
// atomically (media/upload-reservations.ts), a partial chunked upload holds its declared size
// until it expires, and all regular users together are held to SWELL_UPLOAD_TOTAL_MB.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const KB = 1024;

/** A PNG of about `kb` KB that does not compress (random pixels): a real picture. */
const noisyPng = (kb: number) => {
  const side = Math.ceil(Math.sqrt((kb * KB) / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

type Server = Awaited<ReturnType<typeof testServer>>;

function withContext(overrides: Parameters<typeof testServer>[0]) {
  const state: { server?: Server; ctx?: ServerContext } = {};
  beforeAll(async () => {
    await initVerifier();
    state.server = await testServer(overrides, {
      extensions: [{ name: 'ctx', register: (_a, c) => void (state.ctx = c) }],
    });
  });
  afterAll(async () => {
    await state.server?.close();
  });
  return state as Required<typeof state>;
}

const put = (server: Server, user: User, body: Buffer) =>
  fetch(`${server.url}/upload`, {
    method: 'PUT',
    body,
    headers: {
      'content-type': 'image/png',
      authorization: blossomAuth(user, 'upload', { x: [sha256Hex(body)] }),
    },
  });

/** Bytes stored for `user` (their upload rows), and reservations still held. */
async function usage(ctx: ServerContext, user: User) {
  const db = mediaDb(ctx.store);
  const stored = await db
    .selectFrom('media_uploads as u')
    .innerJoin('media_blobs as b', 'b.sha256', 'u.sha256')
    .select((eb) => eb.fn.sum<number | string | null>('b.size').as('n'))
    .where('u.pubkey', '=', user.pubkey)
    .executeTakeFirst();
  const held = await db
    .selectFrom('media_reservations')
    .select('id')
    .where('pubkey', '=', user.pubkey)
    .execute();
  return { stored: Number(stored?.n ?? 0), reservations: held.length };
}

describe('a 1 MB quota under concurrent uploads', () => {
  const s = withContext({ uploadQuotaMb: 1 });

  it('10 Blossom uploads at once store at most 1 MB; the rest are refused 429 storage full', async () => {
    const user = new User();
    const files = await Promise.all(Array.from({ length: 10 }, () => noisyPng(150)));
    const answers = await Promise.all(files.map((f) => put(s.server, user, f)));
    const stored = answers.filter((r) => r.status === 201).length;
    const refused = answers.filter((r) => r.status === 429);
    expect(stored + refused.length).toBe(10);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.headers.get('x-reason')).toMatch(/^storage full: 1 MB/);
    const u = await usage(s.ctx, user);
    expect(u.stored).toBeLessThanOrEqual(1024 * KB);
    expect(u.stored).toBeGreaterThan(1024 * KB - 2 * 160 * KB);
    expect(u.reservations).toBe(0);
  });

  it('10 chunked uploads at once store at most 1 MB; the rest are refused with a NOTICE', async () => {
    const user = new User();
    const files = await Promise.all(Array.from({ length: 10 }, () => noisyPng(150)));
    const results = await Promise.all(
      files.map((f) => referenceUpload(s.server.wsUrl('/v1'), user, f)),
    );
    const done = results.filter((r) => r.url);
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThan(10);
    for (const r of results.filter((x) => !x.url))
      expect(r.notices.at(-1)).toMatch(/^storage full: 1 MB/);
    const u = await usage(s.ctx, user);
    expect(u.stored).toBeLessThanOrEqual(1024 * KB);
    expect(u.reservations).toBe(0);
  });

  it('a partial chunked upload holds its declared size until it expires', async () => {
    const user = new User();
    const cache = await CacheClient.open(s.server.wsUrl('/v1'), false);
    try {
      const first = (await noisyPng(100)).subarray(0, 64 * KB);
      const chunk = await cache.request('upload_chunk', {
        event_from_user: user.sign(
          UPLOAD_REQUEST_KIND,
          JSON.stringify({
            upload_id: 'partial',
            offset: 0,
            file_length: 900 * KB,
            data: `data:application/octet-stream;base64,${first.toString('base64')}`,
          }),
          [['p', user.pubkey]],
        ),
      });
      expect(chunk.notices).toEqual([]);
      // 900 KB are held: 200 KB more do not fit in 1 MB
      const refused = await put(s.server, user, await noisyPng(200));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-reason')).toMatch(/^storage full: 1 MB of uploads allowed/);
      expect((await usage(s.ctx, user)).reservations).toBe(1);
      // the upload goes idle past its limit: swept, and its room is free again
      await s.ctx.media.chunks.sweep(Date.now() + chunkedUploadLimits.idleMs + 60_000);
      expect(await usage(s.ctx, user)).toEqual({ stored: 0, reservations: 0 });
      expect((await put(s.server, user, await noisyPng(200))).status).toBe(201);
    } finally {
      cache.close();
    }
  });
});

describe('SWELL_UPLOAD_TOTAL_MB: all regular users together', () => {
  // 1 MB each, 0.5 MB for every regular user together
  const s = withContext({ uploadQuotaMb: 1, uploadTotalMb: 0.5 });

  it('fresh keys cannot multiply the quota; a member is not held to it', async () => {
    const stored: number[] = [];
    let refusal: Response | undefined;
    for (let i = 0; i < 4 && !refusal; i++) {
      const r = await put(s.server, new User(), await noisyPng(150));
      if (r.status === 201) stored.push(i);
      else refusal = r;
    }
    expect(stored).toHaveLength(3);
    expect(refusal?.status).toBe(429);
    expect(refusal?.headers.get('x-reason')).toBe(
      'server storage full: uploads by users without membership may take 512 KB on this server, and that is used up',
    );
    // a premium member's uploads are not counted there
    const member = new User();
    const now = Math.floor(Date.now() / 1000);
    await membershipDb(s.ctx.store.db)
      .insertInto('memberships')
      .values({
        pubkey: member.pubkey,
        tier: 'premium',
        premium_since: now,
        legend_since: null,
        expires_on: now + 86_400,
        cohort_1: 'Premium',
        cohort_2: '2026',
        donated_usd_cents: 0,
        legend_style: '',
        legend_custom_badge: 0,
        legend_avatar_glow: 0,
        legend_in_leaderboard: 1,
        legend_shoutout: '',
        updated_at: now,
      })
      .execute();
    expect((await put(s.server, member, await noisyPng(150))).status).toBe(201);
  });
});

describe('a 1 MB quota across two instances sharing PostgreSQL', () => {
  let cluster: PgCluster;
  const servers: Server[] = [];
  let ctx: ServerContext | undefined;

  beforeAll(async () => {
    await initVerifier();
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase();
    for (let i = 0; i < 2; i++)
      servers.push(
        await testServer(
          { databaseUrl, uploadQuotaMb: 1 },
          { extensions: [{ name: 'ctx', register: (_a, c) => void (ctx ??= c) }] },
        ),
      );
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await cluster?.stop();
  });

  it('10 Blossom uploads at once, split over both, store at most 1 MB', async () => {
    const user = new User();
    const files = await Promise.all(Array.from({ length: 10 }, () => noisyPng(150)));
    const answers = await Promise.all(files.map((f, i) => put(servers[i % 2]!, user, f)));
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(answers.every((r) => r.status === 201 || r.status === 429)).toBe(true);
    const u = await usage(ctx!, user);
    expect(u.stored).toBeLessThanOrEqual(1024 * KB);
    expect(u.reservations).toBe(0);
  });
});
