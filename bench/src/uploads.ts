// `npm run bench -- uploads [--mb=200] [--chunked-mb=64]`: upload throughput and the server's
// memory during an upload. A real server process; the client module (@swell/client/uploads)
// sends a Blossom PUT streamed from a Blob and the cache protocol's chunked upload (five chunks
// in flight, each a signed event). Prints MB/s and how much the server's peak resident memory
// (VmHWM, reset before each upload; Linux) grew, and the server's longest event-loop stall.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finalizeEvent, generateSecretKey, getPublicKey, type EventTemplate } from '@swell/nostr';
import { CacheConnection } from '@swell/client';
import {
  putToBlossom,
  sendWithFetch,
  sha256OfBlob,
  uploadThroughCache,
} from '@swell/client/uploads';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const MB = 1024 * 1024;

function arg(args: string[], name: string, dflt: string): string {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : dflt;
}

/** `size` bytes that sniff as an MP4 (the demo clip's file type box, then filler). */
function videoBlob(size: number): Blob {
  const clip = readFileSync(join(root, 'apps/devnet/assets/demo-clip.mp4'));
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 2654435761) >>> 24;
  bytes.set(clip.subarray(0, 32), 0);
  return new Blob([bytes], { type: 'video/mp4' });
}

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (n: string) => Number(new RegExp(`${n}:\\s+(\\d+)`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export async function run(args: string[]): Promise<void> {
  const blossomMb = Number(arg(args, 'mb', '200'));
  const chunkedMb = Number(arg(args, 'chunked-mb', '64'));
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-bench-uploads-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      SWELL_DATA: dataDir,
      SWELL_WEB_DIST: join(dataDir, 'none'),
      SWELL_UPLOAD_MAX_MB: String(Math.max(blossomMb, chunkedMb) + 1),
      SWELL_UPLOAD_QUOTA_MB: String(blossomMb + chunkedMb + 10),
      SWELL_FFMPEG: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((res, rej) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /running at (http:\/\/\S+)/.exec(out);
        if (m) res(m[1]!);
      });
      child.once('exit', (code) => rej(new Error(`server exited with ${code}`)));
    });
    const sk = generateSecretKey();
    const pubkey = getPublicKey(sk);
    const sign = async (t: EventTemplate) => finalizeEvent(t, sk);
    const pid = child.pid!;
    const measure = async (label: string, mb: number, upload: () => Promise<unknown>) => {
      await fetch(`${url}/health?reset=loop`);
      const before = memory(pid);
      if (process.platform === 'linux') writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const t0 = performance.now();
      await upload();
      const s = (performance.now() - t0) / 1000;
      const after = memory(pid);
      const health = (await (await fetch(`${url}/health`)).json()) as {
        loop: { max_ms: number; p99_ms: number };
      };
      console.log(
        `${label}: ${mb} MB in ${s.toFixed(2)} s = ${(mb / s).toFixed(1)} MB/s; server RSS ${Math.round(before.rss / MB)} MB, peak +${Math.round((after.peak - before.rss) / MB)} MB; event loop stalls max ${health.loop.max_ms} ms, p99 ${health.loop.p99_ms} ms`,
      );
    };

    const big = videoBlob(blossomMb * MB);
    const sha = await sha256OfBlob(big);
    await measure('Blossom PUT (streamed fetch body)', blossomMb, () =>
      putToBlossom({
        server: url,
        blob: big,
        sha256: sha,
        mime: 'video/mp4',
        sign,
        send: sendWithFetch,
      }),
    );

    const cache = new CacheConnection({ url: `${url.replace('http', 'ws')}/v1` });
    cache.connect();
    const chunked = videoBlob(chunkedMb * MB);
    const chunkedSha = await sha256OfBlob(chunked);
    await measure('chunked upload over /v1 (5 in flight)', chunkedMb, () =>
      uploadThroughCache({ cache, blob: chunked, sha256: chunkedSha, pubkey, sign }),
    );
    cache.destroy();
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
