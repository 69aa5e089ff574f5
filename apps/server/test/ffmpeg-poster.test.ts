import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { ResultKind, type MediaInfo } from '@swell/cache-protocol';
import { CacheClient, importAll, User } from './cache-helpers.ts';
import { testServer } from './helpers.ts';
import { blossomAuth, CLIP, sha256Hex } from './upload-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

// Poster frames need ffmpeg (Debian's `ffmpeg` package, which `npm test` installs as it installs
// PostgreSQL): without it this suite fails and says so. cache-uploads.test.ts checks that a
// server without ffmpeg makes none.
const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

describe('video poster frames (ffmpeg installed)', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let client: CacheClient;
  const user = new User();

  beforeAll(async () => {
    if (!hasFfmpeg)
      throw new Error('ffmpeg is not installed (`npm test` installs Debian\'s "ffmpeg")');
    server = await testServer();
    client = await CacheClient.open(server.wsUrl('/v1'), false);
  });
  afterAll(async () => {
    client?.close();
    await server?.close();
  });

  it('makes a JPEG poster frame of an uploaded video and shows it in 10000119 and BUD-08 tags', async () => {
    const sha = sha256Hex(CLIP);
    const res = await fetch(`${server.url}/upload`, {
      method: 'PUT',
      body: CLIP,
      headers: { authorization: blossomAuth(user, 'upload', { x: [sha] }) },
    });
    expect(res.status).toBe(201);
    const poster = `${server.url}/media/${sha}/poster.jpg`;
    // The frame is made after the answer: wait for it (bounded).
    let got: Response | undefined;
    for (let i = 0; i < 100; i++) {
      got = await fetch(poster);
      if (got.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(got!.status).toBe(200);
    expect(got!.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await got!.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);

    const note = user.sign(1, `a clip ${server.url}/${sha}.mp4`);
    await importAll(client, [note]);
    const r = await client.request('events', { event_ids: [note.id], extended_response: true });
    const info = r.events
      .filter((e) => e.kind === ResultKind.MediaInfo)
      .map((e) => JSON.parse(e.content) as MediaInfo)
      .find((m) => m.event_id === note.id)!;
    expect(info.thumbnails).toEqual({ [`${server.url}/${sha}.mp4`]: poster });

    const again = await fetch(`${server.url}/upload`, {
      method: 'PUT',
      body: CLIP,
      headers: { authorization: blossomAuth(user, 'upload', { x: [sha] }) },
    });
    expect(((await again.json()) as { nip94: string[][] }).nip94).toContainEqual(['thumb', poster]);
  });
});
