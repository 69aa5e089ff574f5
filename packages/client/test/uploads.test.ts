import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { decode as decodeBlurhash } from 'blurhash';
import { generateSecretKey } from '@swell/nostr';
import { CacheConnection } from '../src/cache/cache-connection.ts';
import { LocalKeySigner } from '../src/signers/local-key-signer.ts';
import {
  deleteBlob,
  listBlobs,
  NetworkError,
  precheckUpload,
  sendWithFetch,
  uploadFile,
  UploadTask,
  uploadServers,
  type DecodeImage,
  type HttpSend,
  type UploadProgress,
  type UploadSnapshot,
} from '../src/uploads/index.ts';
import { clientTestServer, type ClientTestServer } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const MB = 1024 * 1024;
/** A real 4 s 320x180 MP4 (test/fixtures/SOURCES.md). */
const CLIP = new Uint8Array(
  readFileSync(new URL('./fixtures/clip-320x180-4s.mp4', import.meta.url)),
);

/** Node has no picture decoder: the tests decode with sharp, as a browser would with a canvas. */
const sharpDecoder: DecodeImage = async (blob) => {
  const input = Buffer.from(await blob.arrayBuffer());
  const meta = await sharp(input).metadata();
  const { data, info } = await sharp(input)
    .resize(64, 64, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: meta.width!,
    height: meta.height!,
    thumbnail: { data: new Uint8ClampedArray(data), width: info.width, height: info.height },
  };
};

/** `size` bytes that sniff as an MP4 video (the clip's file type box, then filler). */
function videoBytes(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 2654435761) >>> 24;
  out.set(CLIP.subarray(0, 32), 0);
  return out;
}

let server: ClientTestServer;
let tiny: ClientTestServer;
const signer = new LocalKeySigner(generateSecretKey());
const sign = (t: Parameters<LocalKeySigner['signEvent']>[0]) => signer.signEvent(t);
let pubkey: string;
let photo: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  server = await clientTestServer();
  // A server whose limit is 1 KB: it refuses everything in its preflight.
  tiny = await clientTestServer({ uploadMaxMb: 1 / 1024 });
  pubkey = await signer.getPublicKey();
  photo = await photoJpeg();
});

async function photoJpeg(): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#cc5500' },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 300, height: 600, channels: 3, background: '#0044aa' },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();
  return new Uint8Array(jpeg);
}

afterAll(async () => {
  await server.close();
  await tiny.close();
});

describe('pre-checks (before any byte is sent)', () => {
  it('refuses a file over the tier limit with the spec message', async () => {
    const big = { size: 150 * MB, name: 'holiday.mp4', type: 'video/mp4' } as unknown as File;
    await expect(precheckUpload(big)).rejects.toMatchObject({
      code: 'file-too-big',
      message: 'File too big. Upload limit is 100MB.',
      fileName: 'holiday.mp4',
    });
    await expect(
      precheckUpload({ size: 1100 * MB, name: 'x.mp4' } as unknown as File, { tier: 'premium' }),
    ).rejects.toMatchObject({ message: 'File too big. Upload limit is 1GB.' });
    const calls: string[] = [];
    const counting: HttpSend = (url, o) => {
      calls.push(`${o.method} ${url}`);
      return sendWithFetch(url, o);
    };
    await expect(
      uploadFile(big, { sign, pubkey, servers: [server.url], send: counting }),
    ).rejects.toMatchObject({ code: 'file-too-big' });
    expect(calls).toEqual([]);
  });

  it('refuses bytes that are not a picture or a video whatever the name and type say', async () => {
    const elf = new File(
      [new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(4000).fill(0x90)])],
      'cat.png',
      { type: 'image/png' },
    );
    await expect(precheckUpload(elf)).rejects.toMatchObject({
      code: 'unsupported-type',
      message: 'Only images and videos can be uploaded.',
    });
    const pdf = new File([new TextEncoder().encode('%PDF-1.7\n' + ' '.repeat(3000))], 'a.jpg');
    await expect(precheckUpload(pdf)).rejects.toMatchObject({ code: 'unsupported-type' });
    expect(await precheckUpload(new File([photo], 'photo.bin'))).toEqual({
      mime: 'image/jpeg',
      ext: 'jpg',
      size: photo.length,
    });
  });
});

describe('uploads to the real server', () => {
  it('a picture through Blossom: URL, hash, dimensions, a client-side blurhash and the imeta tag', async () => {
    const phases = new Set<string>();
    const result = await uploadFile(new File([photo], 'photo.jpg', { type: 'image/jpeg' }), {
      sign,
      pubkey,
      servers: uploadServers(undefined, server.url),
      decodeImage: sharpDecoder,
      onProgress: (p) => phases.add(p.phase),
    });
    expect([...phases]).toEqual(['checking', 'hashing', 'uploading', 'processing']);
    expect(result).toMatchObject({
      mime: 'image/jpeg',
      size: photo.length,
      width: 900,
      height: 600,
      server: server.url,
      via: 'blossom',
    });
    expect(result.url).toBe(`${server.url}/${result.sha256}.jpg`);
    const served = await fetch(result.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(photo))).toBe(true);
    // The blurhash decodes to the picture's two colours: blue on the left, orange on the right.
    const pixels = decodeBlurhash(result.blurhash!, 32, 32);
    const at = (x: number, y: number) =>
      Array.from(pixels.subarray((y * 32 + x) * 4, (y * 32 + x) * 4 + 3));
    expect(at(2, 16)[2]!).toBeGreaterThan(at(2, 16)[0]!);
    expect(at(29, 16)[0]!).toBeGreaterThan(at(29, 16)[2]!);
    expect(result.imeta).toEqual([
      'imeta',
      `url ${result.url}`,
      'm image/jpeg',
      `x ${result.sha256}`,
      `size ${photo.length}`,
      'dim 900x600',
      `blurhash ${result.blurhash}`,
    ]);
  });

  it('without a decoder (Node) the dimensions come from the server; a video has its duration', async () => {
    const result = await uploadFile(new File([CLIP], 'clip.mp4'), {
      sign,
      pubkey,
      servers: [server.url],
    });
    expect(result).toMatchObject({ mime: 'video/mp4', width: 320, height: 180 });
    expect(result.blurhash).toBeUndefined();
    expect(result.duration).toBeCloseTo(4, 0);
    expect(result.imeta).toContain('dim 320x180');
  });

  it('reports progress with bytes, rate and time left while the body streams', async () => {
    const size = 24 * MB;
    const events: UploadProgress[] = [];
    const result = await uploadFile(new Blob([videoBytes(size)]), {
      sign,
      pubkey,
      servers: [server.url],
      onProgress: (p) => events.push(p),
    });
    const sending = events.filter((e) => e.phase === 'uploading');
    expect(sending.length).toBeGreaterThan(20);
    const bytes = sending.map((e) => e.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(bytes.at(-1)).toBe(size);
    expect(sending.some((e) => e.rate > 0 && e.secondsLeft !== null)).toBe(true);
    expect(sending.every((e) => e.totalBytes === size && e.server === server.url)).toBe(true);
    expect(result.size).toBe(size);
  });

  it('falls back to the next server when one refuses or cannot be reached', async () => {
    const closed = 'http://127.0.0.1:9'; // discard port: nothing listens
    const servers = uploadServers(
      {
        kind: 10063,
        tags: [
          ['server', closed],
          ['server', `${tiny.url}/`],
          ['server', server.url],
        ],
      },
      'http://unused.example',
    );
    expect(servers).toEqual([closed, tiny.url, server.url]);
    const tried: string[] = [];
    const result = await uploadFile(new File([photo], 'photo.jpg'), {
      sign,
      pubkey,
      servers,
      retryDelayMs: 10,
      send: (url, o) => {
        tried.push(`${o.method} ${new URL(url).origin}`);
        return sendWithFetch(url, o);
      },
    });
    expect(result.server).toBe(server.url);
    expect(tried).toEqual([
      `HEAD ${closed}`,
      `HEAD ${closed}`,
      `HEAD ${closed}`, // first try and two retries
      `HEAD ${tiny.url}`, // 413 in the preflight: no bytes sent there
      `HEAD ${server.url}`,
      `PUT ${server.url}`,
    ]);
  });

  it('retries on the same server after a network failure', async () => {
    let failures = 1;
    const flaky: HttpSend = (url, o) => {
      if (o.method === 'PUT' && failures-- > 0)
        return Promise.reject(new NetworkError('socket hang up'));
      return sendWithFetch(url, o);
    };
    const result = await uploadFile(
      new File([new Uint8Array(await sharp(photo).png().toBuffer())], 'p.png'),
      {
        sign,
        pubkey,
        servers: [server.url],
        send: flaky,
        retryDelayMs: 10,
      },
    );
    expect(result.mime).toBe('image/png');
  });

  it('says "upload failed" with the file name when every server fails', async () => {
    await expect(
      uploadFile(new File([photo], 'beach.jpg'), { sign, pubkey, servers: [tiny.url] }),
    ).rejects.toMatchObject({
      code: 'upload-failed',
      message: 'Failed to upload file beach.jpg',
      reason: 'file too large: the upload limit is 1 KB',
    });
  });

  it('cancels a running upload; the server keeps nothing', async () => {
    const bytes = videoBytes(40 * MB);
    const controller = new AbortController();
    const upload = uploadFile(new Blob([bytes]), {
      sign,
      pubkey,
      servers: [server.url],
      signal: controller.signal,
      onProgress: (p) => {
        if (p.phase === 'uploading' && p.bytes > 4 * MB) controller.abort();
      },
    });
    await expect(upload).rejects.toMatchObject({ code: 'cancelled' });
    const { sha256OfBlob } = await import('../src/uploads/file-hash.ts');
    const sha = await sha256OfBlob(new Blob([bytes]));
    expect((await fetch(`${server.url}/${sha}`)).status).toBe(404);
  });

  it('through the cache protocol’s chunked upload when chosen', async () => {
    const cache = new CacheConnection({ url: server.cacheUrl });
    cache.connect();
    try {
      const sent: number[] = [];
      const file = new Blob([videoBytes(3 * MB)]);
      const result = await uploadFile(file, {
        sign,
        pubkey,
        servers: [],
        via: 'cache',
        cache,
        onProgress: (p) => {
          if (p.phase === 'uploading') sent.push(p.bytes);
        },
      });
      expect(result).toMatchObject({ via: 'cache', server: 'cache', mime: 'video/mp4' });
      expect(result.url).toBe(`${server.url}/media/${result.sha256}.mp4`);
      expect(sent.at(-1)).toBe(3 * MB);
      expect(sent.length).toBe(1 + 6); // the start, then six 512 KB chunks acknowledged
      expect((await fetch(result.url)).status).toBe(200);
    } finally {
      cache.destroy();
    }
  });
});

describe('managing uploads (the media page)', () => {
  it('lists the user’s uploads newest first, page by page, and deletes one', async () => {
    const own = new LocalKeySigner(generateSecretKey());
    const ownSign = (t: Parameters<LocalKeySigner['signEvent']>[0]) => own.signEvent(t);
    const ownKey = await own.getPublicKey();
    const uploaded: string[] = [];
    for (const colour of ['#101010', '#202020', '#303030']) {
      const png = new Uint8Array(
        await sharp({ create: { width: 20, height: 20, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      );
      const r = await uploadFile(new File([png], `${colour}.png`), {
        sign: ownSign,
        pubkey: ownKey,
        servers: [server.url],
      });
      uploaded.push(r.sha256);
      await new Promise((r) => setTimeout(r, 1100)); // distinct upload times
    }
    const page1 = await listBlobs(server.url, ownKey, { sign: ownSign, limit: 2 });
    expect(page1.map((d) => d.sha256)).toEqual([uploaded[2], uploaded[1]]);
    const page2 = await listBlobs(server.url, ownKey, {
      sign: ownSign,
      limit: 2,
      cursor: page1[1]!.sha256,
    });
    expect(page2.map((d) => d.sha256)).toEqual([uploaded[0]]);
    await deleteBlob(server.url, uploaded[1]!, { sign: ownSign });
    const after = await listBlobs(server.url, ownKey, { sign: ownSign });
    expect(after.map((d) => d.sha256)).toEqual([uploaded[2], uploaded[0]]);
    expect((await fetch(`${server.url}/${uploaded[1]}`)).status).toBe(404);
    // Someone else's list and someone else's file are refused.
    await expect(listBlobs(server.url, pubkey, { sign: ownSign })).rejects.toMatchObject({
      status: 403,
    });
    await expect(deleteBlob(server.url, uploaded[0]!, { sign })).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe('UploadTask (one progress bar)', () => {
  it('goes idle -> ... -> done, and can be retried after a failure', async () => {
    let fail = true;
    const send: HttpSend = (url, o) =>
      fail && o.method === 'PUT'
        ? Promise.reject(new NetworkError('offline'))
        : sendWithFetch(url, o);
    const task = new UploadTask(new File([photo], 'photo.jpg'), {
      sign,
      pubkey,
      servers: [server.url],
      send,
      retries: 0,
    });
    const seen: UploadSnapshot['status'][] = [];
    task.subscribe(() => {
      const s = task.getSnapshot().status;
      if (seen.at(-1) !== s) seen.push(s);
    });
    expect(task.getSnapshot()).toMatchObject({ status: 'idle', fileName: 'photo.jpg', bytes: 0 });
    await expect(task.start()).rejects.toMatchObject({ code: 'upload-failed' });
    expect(task.getSnapshot()).toMatchObject({
      status: 'failed',
      error: {
        code: 'upload-failed',
        message: 'Failed to upload file photo.jpg',
        reason: 'offline',
      },
    });
    fail = false;
    const result = await task.retry();
    expect(task.getSnapshot()).toMatchObject({ status: 'done', result, bytes: photo.length });
    expect(seen).toEqual([
      'checking',
      'hashing',
      'uploading',
      'failed',
      'checking',
      'hashing',
      'uploading',
      'processing',
      'done',
    ]);
  });

  it('cancel() ends in "cancelled"', async () => {
    const task = new UploadTask(new Blob([videoBytes(40 * MB)]), {
      sign,
      pubkey,
      servers: [server.url],
    });
    task.subscribe(() => {
      const s = task.getSnapshot();
      if (s.status === 'uploading' && s.bytes > 2 * MB) task.cancel();
    });
    await expect(task.start()).rejects.toMatchObject({ code: 'cancelled' });
    expect(task.getSnapshot().status).toBe('cancelled');
  });
});
