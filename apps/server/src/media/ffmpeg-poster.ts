import { spawn } from 'node:child_process';

const available = new Map<string, Promise<boolean>>();

/** Runs a program; resolves its exit code (-1 when it could not start or took too long). */
function run(cmd: string, args: string[], timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(code);
    };
    const child = spawn(cmd, args, { stdio: 'ignore' });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(-1);
    }, timeoutMs);
    child.once('error', () => finish(-1));
    child.once('exit', (code) => finish(code ?? -1));
  });
}

/** Whether `ffmpeg` (a command name on PATH or a path) runs here; asked once per command. */
export function ffmpegAvailable(ffmpeg: string): Promise<boolean> {
  let hit = available.get(ffmpeg);
  if (!hit) {
    hit = run(ffmpeg, ['-hide_banner', '-version'], 5000).then((code) => code === 0);
    available.set(ffmpeg, hit);
  }
  return hit;
}

/**
 * Writes a JPEG poster frame of a video (the frame at 1 s, or the first one for shorter clips),
 * at most 1280 px wide. Resolves false when ffmpeg is missing or fails.
 */
export async function makePoster(
  ffmpeg: string,
  video: string,
  out: string,
  duration: number | null,
): Promise<boolean> {
  if (!(await ffmpegAvailable(ffmpeg))) return false;
  const at = duration !== null && duration > 2 ? '1' : '0';
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', at, '-i', video];
  args.push('-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '4', '-f', 'image2', out);
  return (await run(ffmpeg, args, 30_000)) === 0;
}
