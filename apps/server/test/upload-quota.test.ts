import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ServerContext } from '../src/context.ts';
import { membershipDb } from '../src/membership/membership-tables.ts';
import { testServer, User } from '@swell/server/testing';
import { blossomAuth, sha256Hex } from './upload-helpers.ts';

// Upload limits by membership tier (issue 21: "tier quotas from membership"), on a real server
// whose regular limits are made small (SWELL_UPLOAD_MAX_MB / SWELL_UPLOAD_QUOTA_MB) so that
// a few kilobytes reach them: a regular user is held to them; a premium member may upload
// larger files and store ten times as much; a lapsed membership counts as regular again.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** A PNG of about `kb` KB that does not compress (random pixels): a real picture. */
const noisyPng = (kb: number) => {
  const side = Math.ceil(Math.sqrt((kb * 1024) / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

describe('upload limits by membership tier', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let ctx: ServerContext;
  const regular = new User();
  const premium = new User();
  const lapsed = new User();

  const makeMember = async (user: User, expiresOn: number) => {
    const now = Math.floor(Date.now() / 1000);
    await membershipDb(ctx.store.db)
      .insertInto('memberships')
      .values({
        pubkey: user.pubkey,
        tier: 'premium',
        premium_since: now - 86_400,
        legend_since: null,
        expires_on: expiresOn,
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
  };

  const put = (user: User, body: Buffer) =>
    fetch(`${server.url}/upload`, {
      method: 'PUT',
      body,
      headers: {
        'content-type': 'image/png',
        authorization: blossomAuth(user, 'upload', { x: [sha256Hex(body)] }),
      },
    });

  beforeAll(async () => {
    // 100 KB per file and 250 KB of storage for regular users.
    server = await testServer(
      { uploadMaxMb: 100 / 1024, uploadQuotaMb: 250 / 1024 },
      { extensions: [{ name: 'ctx', register: (_app, c) => void (ctx = c) }] },
    );
    const now = Math.floor(Date.now() / 1000);
    await makeMember(premium, now + 30 * 86_400);
    await makeMember(lapsed, now - 60);
  });
  afterAll(async () => {
    await server.close();
  });

  it('holds a regular user to the file limit and the storage quota', async () => {
    const big = await put(regular, await noisyPng(150));
    expect(big.status).toBe(413);
    expect(big.headers.get('x-reason')).toBe('file too large: the upload limit is 100 KB');
    for (let i = 0; i < 3; i += 1)
      expect((await put(regular, await noisyPng(80))).status).toBe(201);
    const full = await put(regular, await noisyPng(80));
    expect(full.status).toBe(429);
    expect(full.headers.get('x-reason')).toMatch(/^storage full: 250 KB of uploads allowed/);
  });

  it('lets a premium member upload larger files and store ten times as much', async () => {
    expect((await put(premium, await noisyPng(150))).status).toBe(201);
    const small: Buffer[] = [];
    for (let i = 0; i < 3; i += 1) {
      small.push(await noisyPng(80));
      expect((await put(premium, small[i]!)).status).toBe(201);
    }
    // A file another user already uploaded is stored once, under SWELL_DATA/media/blobs.
    const blobs = join(server.config.dataDir, 'media', 'blobs');
    const files = () =>
      readdirSync(blobs, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files()).toHaveLength(7);
    expect((await put(lapsed, small[0]!)).status).toBe(200);
    expect(files()).toHaveLength(7);
    expect(files().filter((f) => f.name === sha256Hex(small[0]!))).toHaveLength(1);
  });

  it('a lapsed membership counts as regular again', async () => {
    const res = await put(lapsed, await noisyPng(150));
    expect(res.status).toBe(413);
  });
});
