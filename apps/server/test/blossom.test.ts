import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from 'node:http';
import { BACKENDS, backendServer, User } from './cache-helpers.ts';
import { blossomAuth, CLIP, ELF, png, sha256Hex } from './upload-helpers.ts';

// Real servers (and PostgreSQL clusters) on a shared machine: generous time limits.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

interface Descriptor {
  url: string;
  sha256: string;
  size: number;
  type: string;
  uploaded: number;
  nip94: string[][];
}

describe.each(BACKENDS)('Blossom server (%s)', (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  const alice = new User();
  const bob = new User();
  let image: Buffer;
  let imageSha: string;

  beforeAll(async () => {
    server = await backendServer(backend);
    image = await png(640, 480);
    imageSha = sha256Hex(image);
  });
  afterAll(async () => {
    await server.stop();
  });

  const put = (body: Uint8Array, auth: string | undefined, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/upload`, {
      method: 'PUT',
      body,
      headers: {
        'content-type': 'application/octet-stream',
        ...(auth ? { authorization: auth } : {}),
        ...headers,
      },
    });

  it('refuses uploads without a valid authorization: none, wrong verb, expired, no x tag, other hash, other server', async () => {
    const cases: Array<[string | undefined, RegExp]> = [
      [undefined, /authorization required/],
      [blossomAuth(alice, 'delete', { x: [imageSha] }), /not for "upload"/],
      [blossomAuth(alice, 'upload', { x: [imageSha], expiresIn: -5 }), /expired/],
      [blossomAuth(alice, 'upload', { x: [imageSha], noExpiration: true }), /expiration/],
      [blossomAuth(alice, 'upload', {}), /x tag/],
      [blossomAuth(alice, 'upload', { x: ['ab'.repeat(32)] }), /x tag for this blob/],
      [
        blossomAuth(alice, 'upload', { x: [imageSha], server: ['cdn.example.com'] }),
        /another server/,
      ],
      [
        blossomAuth(alice, 'upload', {
          x: [imageSha],
          createdAt: Math.floor(Date.now() / 1000) + 3600,
        }),
        /future/,
      ],
      ['Nostr not-base64-json', /base64 JSON/],
    ];
    for (const [auth, reason] of cases) {
      const res = await put(image, auth);
      expect(res.status, String(reason)).toBe(401);
      expect(res.headers.get('x-reason')).toMatch(reason);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    // A forged signature: bob's event with alice's pubkey.
    const forged = JSON.parse(
      Buffer.from(blossomAuth(bob, 'upload', { x: [imageSha] }).slice(6), 'base64url').toString(),
    ) as { pubkey: string };
    forged.pubkey = alice.pubkey;
    const res = await put(image, `Nostr ${Buffer.from(JSON.stringify(forged)).toString('base64')}`);
    expect(res.status).toBe(401);
    expect((await fetch(`${server.url}/${imageSha}`)).status).toBe(404);
  });

  it('stores an image once by its hash: 201 then 200, served at /<sha256>.<ext> and /media/<sha256>.<ext>', async () => {
    const res = await put(image, blossomAuth(alice, 'upload', { x: [imageSha] }), {
      'x-sha-256': imageSha,
    });
    expect(res.status).toBe(201);
    const d = (await res.json()) as Descriptor;
    expect(d).toMatchObject({
      sha256: imageSha,
      size: image.length,
      type: 'image/png',
      url: `${server.url}/${imageSha}.png`,
    });
    expect(Math.abs(d.uploaded - Date.now() / 1000)).toBeLessThan(60);
    expect(d.nip94).toContainEqual(['dim', '640x480']);
    expect(d.nip94).toContainEqual(['x', imageSha]);

    const again = await put(image, blossomAuth(alice, 'upload', { x: [imageSha] }));
    expect(again.status).toBe(200);
    expect(((await again.json()) as Descriptor).uploaded).toBe(d.uploaded);

    for (const path of [
      `/${imageSha}`,
      `/${imageSha}.png`,
      `/${imageSha}.jpg`,
      `/media/${imageSha}.png`,
    ]) {
      const got = await fetch(`${server.url}${path}`);
      expect(got.status, path).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await got.arrayBuffer()).equals(image)).toBe(true);
    }
    const head = await fetch(`${server.url}/${imageSha}.png`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(image.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const range = await fetch(`${server.url}/${imageSha}`, { headers: { range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(image.subarray(0, 8))).toBe(true);
    expect((await fetch(`${server.url}/${'0'.repeat(64)}.png`)).status).toBe(404);
  });

  it('refuses a file whose bytes are not a picture or a video, whatever its name or declared type', async () => {
    const text = Buffer.from('#!/bin/sh\necho hello\n'.repeat(50));
    for (const [bytes, type] of [
      [ELF, 'image/png'],
      [text, 'image/jpeg'],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20)]), 'video/mp4'],
    ] as const) {
      const sha = sha256Hex(bytes);
      const res = await put(bytes, blossomAuth(alice, 'upload', { x: [sha] }), {
        'content-type': type,
      });
      expect(res.status).toBe(415);
      expect(res.headers.get('x-reason')).toBe('only images and videos can be uploaded');
      expect((await fetch(`${server.url}/${sha}`)).status).toBe(404);
    }
  });

  it('takes a video: type, dimensions and duration from its container', async () => {
    const sha = sha256Hex(CLIP);
    const res = await put(CLIP, blossomAuth(bob, 'upload', { x: [sha] }), { 'x-sha-256': sha });
    expect(res.status).toBe(201);
    const d = (await res.json()) as Descriptor;
    expect(d.type).toBe('video/mp4');
    expect(d.url).toBe(`${server.url}/${sha}.mp4`);
    expect(d.nip94).toContainEqual(['dim', '320x180']);
    const duration = Number(d.nip94.find((t) => t[0] === 'duration')?.[1]);
    expect(duration).toBeGreaterThan(3.9);
    expect(duration).toBeLessThan(4.1);
  });

  it('X-SHA-256 must match the body (409)', async () => {
    const other = await png(10, 10, '#00ff00');
    const res = await put(other, blossomAuth(alice, 'upload', { x: [imageSha] }), {
      'x-sha-256': imageSha,
    });
    expect(res.status).toBe(409);
  });

  it('HEAD /upload answers the preflight from the BUD-06 headers', async () => {
    const sha = 'cd'.repeat(32);
    const head = (headers: Record<string, string>, auth?: string) =>
      fetch(`${server.url}/upload`, {
        method: 'HEAD',
        headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
      });
    const ok = blossomAuth(alice, 'upload', { x: [sha] });
    const base = { 'x-sha-256': sha, 'x-content-length': '1000', 'x-content-type': 'image/jpeg' };
    expect((await head(base, ok)).status).toBe(200);
    expect((await head(base)).status).toBe(401);
    expect((await head(base, blossomAuth(alice, 'upload', { x: [imageSha] }))).status).toBe(401);
    expect((await head({ ...base, 'x-sha-256': 'nope' }, ok)).status).toBe(400);
    expect((await head({ 'x-sha-256': sha, 'x-content-type': 'image/png' }, ok)).status).toBe(411);
    const exe = await head({ ...base, 'x-content-type': 'application/x-msdownload' }, ok);
    expect(exe.status).toBe(415);
    expect(exe.headers.get('x-reason')).toBe('only images and videos can be uploaded');
    const big = await head({ ...base, 'x-content-length': String(150 * 1024 * 1024) }, ok);
    expect(big.status).toBe(413);
    expect(big.headers.get('x-reason')).toBe('file too large: the upload limit is 100 MB');
  });

  it('refuses a body above the limit by its Content-Length before reading it', async () => {
    const first = Buffer.concat([image.subarray(0, 1024)]);
    const auth = blossomAuth(alice, 'upload', { x: ['12'.repeat(32)] });
    // Announces 150 MB, sends 1 KB and waits: the answer must come without the rest.
    const answer = await new Promise<{ status: number; reason: string | undefined }>(
      (resolve, reject) => {
        const r = request(`${server.url}/upload`, {
          method: 'PUT',
          headers: { authorization: auth, 'content-length': String(150 * 1024 * 1024) },
        });
        r.on('response', (res) => {
          resolve({ status: res.statusCode ?? 0, reason: res.headers['x-reason'] as string });
          res.resume();
          r.destroy();
        });
        r.on('error', reject);
        r.write(first);
      },
    );
    expect(answer).toEqual({ status: 413, reason: 'file too large: the upload limit is 100 MB' });
  });

  it('lists only to the owner, newest first, with cursor paging', async () => {
    const listed = async (who: User | undefined, pubkey: string, query = '', verb = 'list') =>
      fetch(`${server.url}/list/${pubkey}${query}`, {
        headers: who ? { authorization: blossomAuth(who, verb) } : {},
      });
    expect((await listed(undefined, alice.pubkey)).status).toBe(401);
    expect((await listed(alice, alice.pubkey, '', 'upload')).status).toBe(401);
    expect((await listed(bob, alice.pubkey)).status).toBe(403);
    const expired = await fetch(`${server.url}/list/${alice.pubkey}`, {
      headers: { authorization: blossomAuth(alice, 'list', { expiresIn: -5 }) },
    });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('x-reason')).toMatch(/expired/);

    // Two more of alice's files, one second apart so the order is certain.
    const shas = [imageSha];
    for (const colour of ['#111111', '#222222']) {
      await new Promise((r) => setTimeout(r, 1100));
      const b = await png(32, 32, colour);
      shas.push(sha256Hex(b));
      expect((await put(b, blossomAuth(alice, 'upload', { x: [sha256Hex(b)] }))).status).toBe(201);
    }
    const all = (await (await listed(alice, alice.pubkey)).json()) as Descriptor[];
    expect(all.map((d) => d.sha256)).toEqual([...shas].reverse());
    expect(all[0]!.url).toBe(`${server.url}/${shas[2]}.png`);
    const page1 = (await (await listed(alice, alice.pubkey, '?limit=2')).json()) as Descriptor[];
    expect(page1.map((d) => d.sha256)).toEqual([shas[2], shas[1]]);
    const page2 = (await (
      await listed(alice, alice.pubkey, `?limit=2&cursor=${page1[1]!.sha256}`)
    ).json()) as Descriptor[];
    expect(page2.map((d) => d.sha256)).toEqual([shas[0]]);
    expect((await listed(alice, alice.pubkey, '?limit=5000')).status).toBe(400);
  });

  it('deletes only with the owner’s delete authorization naming the blob; the file goes with its last owner', async () => {
    const del = (auth?: string) =>
      fetch(`${server.url}/${imageSha}`, {
        method: 'DELETE',
        headers: auth ? { authorization: auth } : {},
      });
    // bob uploads the same image: one file, two owners.
    expect((await put(image, blossomAuth(bob, 'upload', { x: [imageSha] }))).status).toBe(200);

    expect((await del()).status).toBe(401);
    expect((await del(blossomAuth(alice, 'upload', { x: [imageSha] }))).status).toBe(401);
    expect((await del(blossomAuth(alice, 'delete', { x: [imageSha], expiresIn: -1 }))).status).toBe(
      401,
    );
    expect((await del(blossomAuth(alice, 'delete', { x: ['ef'.repeat(32)] }))).status).toBe(401);
    const stranger = new User();
    expect((await del(blossomAuth(stranger, 'delete', { x: [imageSha] }))).status).toBe(403);

    expect((await del(blossomAuth(alice, 'delete', { x: [imageSha] }))).status).toBe(204);
    const listAlice = await fetch(`${server.url}/list/${alice.pubkey}`, {
      headers: { authorization: blossomAuth(alice, 'list') },
    });
    expect(((await listAlice.json()) as Descriptor[]).map((d) => d.sha256)).not.toContain(imageSha);
    // Still bob's.
    expect((await fetch(`${server.url}/${imageSha}.png`)).status).toBe(200);
    expect((await del(blossomAuth(alice, 'delete', { x: [imageSha] }))).status).toBe(403);

    expect((await del(blossomAuth(bob, 'delete', { x: [imageSha] }))).status).toBe(204);
    expect((await fetch(`${server.url}/${imageSha}.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/${imageSha}.png`)).status).toBe(404);
    expect((await del(blossomAuth(bob, 'delete', { x: [imageSha] }))).status).toBe(404);
  });

  it('answers CORS preflights (BUD-01)', async () => {
    for (const path of ['/upload', `/${imageSha}.png`, `/list/${alice.pubkey}`]) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://other.example', 'access-control-request-method': 'PUT' },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, PUT, DELETE');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    }
  });
});
