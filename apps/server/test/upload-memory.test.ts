import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { User } from './cache-helpers.ts';
import { referenceUpload } from './reference-uploader.ts';
import { blossomAuth, CLIP } from './upload-helpers.ts';

// 200 MB through a real server in its own process, so its memory is its own.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

const MB = 1024 * 1024;
const BIG = 200 * MB;
const CHUNKED = 128 * MB;
const BLOCK = 64 * 1024;
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/**
 * `size` bytes made on the fly, 64 KiB at a time: an MP4 file type box (so the bytes sniff as a
 * video), then pseudo-random blocks that differ by their index. Nothing holds the whole file.
 */
function* fileBlocks(size: number): Generator<Buffer> {
  const noise = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i++) noise[i] = (i * 2654435761) >>> 24;
  for (let offset = 0, n = 0; offset < size; offset += BLOCK, n++) {
    const block = Buffer.from(noise.subarray(0, Math.min(BLOCK, size - offset)));
    block.writeUInt32BE(n, 64);
    if (offset === 0) CLIP.copy(block, 0, 0, 32); // the clip's ftyp box
    yield block;
  }
}

function sha256Of(size: number): string {
  const h = createHash('sha256');
  for (const b of fileBlocks(size)) h.update(b);
  return h.digest('hex');
}

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets the peak (VmHWM) to the current resident size. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

describe.skipIf(process.platform !== 'linux')(
  'uploads are streamed (server memory stays flat)',
  () => {
    let child: ChildProcess;
    let url: string;
    let dataDir: string;
    const user = new User();

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'swell-upload-memory-'));
      child = spawn(process.execPath, [main], {
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          SWELL_DATA: dataDir,
          SWELL_WEB_DIST: join(dataDir, 'no-web-app'),
          SWELL_UPLOAD_MAX_MB: '300',
          SWELL_READ_THREADS: '0',
          SWELL_FFMPEG: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /running at (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      });
    });
    afterAll(async () => {
      // A graceful stop may wait on the test's idle keep-alive sockets; the memory figures are
      // taken by then, so after 10 s the server is killed.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a 200 MB Blossom upload: peak memory grows by far less than the file', async () => {
      const sha = sha256Of(BIG);
      // Warm up (every module and code path loaded) with a small upload of the same kind.
      const small = Buffer.concat([...fileBlocks(2 * MB)]);
      const warm = await fetch(`${url}/upload`, {
        method: 'PUT',
        body: small,
        headers: { authorization: blossomAuth(user, 'upload', { x: [sha256Of(2 * MB)] }) },
      });
      expect(warm.status).toBe(201);

      const pid = child.pid!;
      const before = memoryOf(pid);
      resetPeak(pid);
      const blocks = fileBlocks(BIG);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = blocks.next();
          if (next.done) controller.close();
          else {
            sent += next.value.length;
            controller.enqueue(next.value);
          }
        },
      });
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(memoryOf(pid).rss), 100);
      const res = await fetch(`${url}/upload`, {
        method: 'PUT',
        body,
        duplex: 'half',
        headers: {
          authorization: blossomAuth(user, 'upload', { x: [sha] }),
          'content-length': String(BIG),
          'x-sha-256': sha,
        },
      } as RequestInit);
      clearInterval(sampler);
      const after = memoryOf(pid);
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ sha256: sha, size: BIG, type: 'video/mp4' });
      expect(sent).toBe(BIG);
      const growth = after.peak - before.rss;
      console.info(
        `200 MB upload: server RSS ${Math.round(before.rss / MB)} MB before, peak ${Math.round(after.peak / MB)} MB ` +
          `(+${Math.round(growth / MB)} MB), ${samples.length} samples, max sampled ${Math.round(Math.max(...samples) / MB)} MB`,
      );
      expect(growth).toBeLessThan(BIG / 2);

      const head = await fetch(`${url}/${sha}.mp4`, { method: 'HEAD' });
      expect(head.headers.get('content-length')).toBe(String(BIG));
      const del = await fetch(`${url}/${sha}`, {
        method: 'DELETE',
        headers: { authorization: blossomAuth(user, 'delete', { x: [sha] }) },
      });
      expect(del.status).toBe(204);
      expect(readdirSync(join(dataDir, 'media', 'tmp'))).toEqual([]);
    });

    it('a client that goes away mid-upload leaves no partial file behind', async () => {
      const controller = new AbortController();
      const blocks = fileBlocks(64 * MB);
      const tmp = join(dataDir, 'media', 'tmp');
      let partials = 0;
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          const next = blocks.next();
          if (next.done) c.close();
          else {
            sent += next.value.length;
            if (sent > 8 * MB && !controller.signal.aborted) {
              partials = readdirSync(tmp).length;
              controller.abort();
            }
            c.enqueue(next.value);
          }
        },
      });
      await expect(
        fetch(`${url}/upload`, {
          method: 'PUT',
          body,
          duplex: 'half',
          signal: controller.signal,
          headers: { authorization: blossomAuth(user, 'upload', { x: ['ab'.repeat(32)] }) },
        } as RequestInit),
      ).rejects.toThrow();
      expect(partials).toBe(1); // the body was being written
      for (let i = 0; i < 50 && readdirSync(tmp).length > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(readdirSync(tmp)).toEqual([]);
      expect((await fetch(`${url}/health`)).status).toBe(200);
    });

    it('a 128 MB chunked upload (the reference client): peak memory grows by much less than the file', async () => {
      // Warm up: a first chunked upload brings the heap to its working size (chunks in flight and
      // their garbage); what the large one adds on top of that is what grows with the file.
      const warm = await referenceUpload(
        url.replace('http', 'ws') + '/v1',
        user,
        Buffer.concat([...fileBlocks(24 * MB)]),
      );
      expect(warm.notices).toEqual([]);
      const file = Buffer.concat([...fileBlocks(CHUNKED)]);
      const pid = child.pid!;
      const before = memoryOf(pid);
      resetPeak(pid);
      const r = await referenceUpload(url.replace('http', 'ws') + '/v1', user, file);
      const after = memoryOf(pid);
      expect(r.notices).toEqual([]);
      expect(r.url).toMatch(/\.mp4$/);
      const growth = after.peak - before.rss;
      console.info(
        `128 MB chunked upload: server RSS ${Math.round(before.rss / MB)} MB before, peak ${Math.round(after.peak / MB)} MB (+${Math.round(growth / MB)} MB)`,
      );
      expect(growth).toBeLessThan(CHUNKED * 0.6);
    });
  },
);
