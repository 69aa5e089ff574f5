import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { decodePage, ResultKind, type MediaInfo } from '@swell/cache-protocol';
import { finalizeEvent } from '@swell/nostr';
import { CacheClient, importAll, User } from './cache-helpers.ts';
import { testServer } from './helpers.ts';
import { referenceUpload } from './reference-uploader.ts';
import { blossomAuth, CLIP, ELF, png, sha256Hex } from './upload-helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: Awaited<ReturnType<typeof testServer>>;
let client: CacheClient;
const alice = new User();
const bob = new User();
/** A 1.4 MB PNG of noise: three 512 KB chunks. */
let noise: Buffer;

beforeAll(async () => {
  // No ffmpeg here, whatever the machine has: no poster frames (ffmpeg-poster.test.ts has them).
  server = await testServer({ ffmpeg: '0' });
  client = await CacheClient.open(server.wsUrl('/v1'), true);
  noise = await sharp(randomBytes(800 * 600 * 3), { raw: { width: 800, height: 600, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
});
afterAll(async () => {
  client.close();
  await server.close();
});

function signedRequest(user: User, content: Record<string, unknown>, createdAt?: number) {
  return finalizeEvent(
    {
      kind: 10000135,
      tags: [['p', user.pubkey]],
      created_at: createdAt ?? Math.floor(Date.now() / 1000),
      content: JSON.stringify(content),
    },
    user.sk,
  );
}

describe('chunked upload over the cache socket (the reference client)', () => {
  it('uploads in parallel chunks on five sockets and answers 10000121 with the URL', async () => {
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const r = await referenceUpload(server.wsUrl('/v1'), alice, noise);
    expect(r.notices).toEqual([]);
    expect(r.chunkRequests).toBe(Math.ceil(noise.length / (512 * 1024)));
    expect(r.url).toBe(`${server.url}/media/${sha256Hex(noise)}.png`);
    const got = await fetch(r.url!);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer()).equals(noise)).toBe(true);
    // The same file through Blossom's path, and in alice's list.
    expect((await fetch(`${server.url}/${sha256Hex(noise)}.png`)).status).toBe(200);
    const list = await fetch(`${server.url}/list/${alice.pubkey}`, {
      headers: { authorization: blossomAuth(alice, 'list') },
    });
    expect(((await list.json()) as Array<{ sha256: string }>).map((d) => d.sha256)).toContain(
      sha256Hex(noise),
    );
  });

  it('a small file goes as one chunk; a video is typed from its bytes', async () => {
    const small = await png(120, 80, '#aa3300');
    const r1 = await referenceUpload(server.wsUrl('/v1'), bob, small);
    expect(r1).toMatchObject({ notices: [], chunkRequests: 1 });
    expect(r1.url).toBe(`${server.url}/media/${sha256Hex(small)}.png`);
    const r2 = await referenceUpload(server.wsUrl('/v1'), bob, CLIP);
    expect(r2.url).toBe(`${server.url}/media/${sha256Hex(CLIP)}.mp4`);
    expect((await fetch(r2.url!)).headers.get('content-type')).toBe('video/mp4');
  });

  it('refuses a wrong sha256 with NOTICE "incorrect sha256" and keeps nothing', async () => {
    const file = await png(300, 200, '#123456');
    const wrong = sha256Hex(Buffer.from('something else'));
    const r = await referenceUpload(server.wsUrl('/v1'), alice, file, { sha256: wrong });
    expect(r.url).toBeUndefined();
    expect(r.notices).toEqual(['incorrect sha256']);
    expect((await fetch(`${server.url}/media/${sha256Hex(file)}.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/${wrong}.png`)).status).toBe(404);
  });

  it('a lost chunk or a wrong file_length is "incorrect sha256" too', async () => {
    const lost = await referenceUpload(server.wsUrl('/v1'), alice, noise.subarray(0, 900_000), {
      skip: [1],
    });
    expect(lost.notices).toEqual(['incorrect sha256']);

    const file = await png(50, 50, '#654321');
    const id = 'length-test';
    const up = await client.request('upload_chunk', {
      event_from_user: signedRequest(alice, {
        upload_id: id,
        offset: 0,
        file_length: file.length,
        data: `data:image/png;base64,${file.toString('base64')}`,
      }),
    });
    expect(up.notices).toEqual([]);
    const done = await client.request('upload_complete', {
      event_from_user: signedRequest(alice, {
        upload_id: id,
        file_length: file.length + 1,
        sha256: sha256Hex(file),
      }),
    });
    expect(done.notices).toEqual(['incorrect sha256']);
  });

  it('retries a refused chunk (the reference retries up to 5 times)', async () => {
    const file = await png(640, 400, '#0f0f0f');
    const r = await referenceUpload(server.wsUrl('/v1'), alice, file, {
      tamper: (index, content) => {
        if (index === 0) content.data = 'not a data URL';
      },
    });
    expect(r.notices).toEqual(['invalid data: expected a base64 data URL']);
    expect(r.url).toBe(`${server.url}/media/${sha256Hex(file)}.png`);
  });

  it('refuses bytes that are not a picture or a video, whatever the data URL says', async () => {
    const r = await referenceUpload(server.wsUrl('/v1'), alice, ELF);
    expect(r.url).toBeUndefined();
    expect(r.notices).toHaveLength(6); // first attempt and five retries
    expect(new Set(r.notices)).toEqual(new Set(['only images and videos can be uploaded']));
  });

  it('checks the signed request: kind, signature, freshness, and whose upload it is', async () => {
    const file = await png(40, 40, '#777777');
    const content = {
      upload_id: 'owned',
      offset: 0,
      file_length: file.length,
      data: `data:image/png;base64,${file.toString('base64')}`,
    };
    const stale = await client.request('upload_chunk', {
      event_from_user: signedRequest(alice, content, Math.floor(Date.now() / 1000) - 3600),
    });
    expect(stale.notices[0]).toMatch(/created_at/);
    const wrongKind = await client.request('upload_chunk', {
      event_from_user: alice.sign(30078, JSON.stringify(content)),
    });
    expect(wrongKind.notices[0]).toMatch(/kind must be 10000135/);
    const forged = { ...signedRequest(alice, content), pubkey: bob.pubkey };
    expect((await client.request('upload_chunk', { event_from_user: forged })).notices[0]).toMatch(
      /invalid event_from_user/,
    );
    expect(
      (await client.request('upload_chunk', { event_from_user: signedRequest(alice, content) }))
        .notices,
    ).toEqual([]);
    // bob cannot complete alice's upload: ids are per user.
    const theft = await client.request('upload_complete', {
      event_from_user: signedRequest(bob, {
        upload_id: 'owned',
        file_length: file.length,
        sha256: sha256Hex(file),
      }),
    });
    expect(theft.notices).toEqual(['unknown upload_id']);
    // A cancel (the reference sends upload_chunk with only the id) drops it.
    const cancel = await client.request('upload_chunk', {
      event_from_user: signedRequest(alice, { upload_id: 'owned' }),
    });
    expect(cancel.notices).toEqual([]);
    const after = await client.request('upload_complete', {
      event_from_user: signedRequest(alice, {
        upload_id: 'owned',
        file_length: file.length,
        sha256: sha256Hex(file),
      }),
    });
    expect(after.notices).toEqual(['unknown upload_id']);
  });

  it('refuses a file above the limit from its announced length', async () => {
    const r = await client.request('upload_chunk', {
      event_from_user: signedRequest(alice, {
        upload_id: 'huge',
        offset: 0,
        file_length: 150 * 1024 * 1024,
        data: `data:image/png;base64,${noise.subarray(0, 1024).toString('base64')}`,
      }),
    });
    expect(r.notices).toEqual(['file too large: the upload limit is 100 MB']);
  });
});

describe('media info (10000119) of uploaded files', () => {
  it('carries the measured dimensions, duration and variants of files uploaded here', async () => {
    const image = await png(1600, 900, '#204060');
    const up = await referenceUpload(server.wsUrl('/v1'), alice, image);
    const video = await referenceUpload(server.wsUrl('/v1'), alice, CLIP);
    const note = alice.sign(1, `look ${up.url} and ${video.url}`);
    await importAll(client, [note]);
    const r = await client.request('events', { event_ids: [note.id], extended_response: true });
    const info = r.events
      .filter((e) => e.kind === ResultKind.MediaInfo)
      .map((e) => JSON.parse(e.content) as MediaInfo)
      .find((m) => m.event_id === note.id)!;
    const [img, vid] = info.resources;
    expect(img!.url).toBe(up.url);
    expect(img!.mt).toBe('image/png');
    expect(img!.variants.map((v) => [v.s, v.w, v.h])).toEqual([
      ['o', 1600, 900],
      ['s', 200, 113],
      ['m', 400, 225],
      ['l', 800, 450],
    ]);
    expect(vid!.mt).toBe('video/mp4');
    expect(vid!.variants[0]).toMatchObject({ s: 'o', w: 320, h: 180 });
    expect(vid!.variants[0]!.dur).toBeCloseTo(4, 0);
    expect(info.thumbnails).toBeUndefined(); // no ffmpeg: no poster frame

    // The medium variant is made from the file on disk.
    const medium = img!.variants.find((v) => v.s === 'm')!;
    const res = await fetch(medium.media_url);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([400, 225]);
    const page = decodePage(r.events);
    expect(page.notes.map((n) => n.id)).toContain(note.id);
  });
});
