import {
  existsSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The folder of things made once per test run and shared by the suites of every worker (a
 * PostgreSQL cluster, the demo network), or undefined outside such a run. The Vitest global setup
 * (global-setup.ts) makes it and removes it after the run.
 */
export function runSharedDir(): string | undefined {
  const dir = process.env.SWELL_TEST_RUN_DIR;
  return dir && existsSync(dir) ? dir : undefined;
}

/**
 * A value made once per test run: the first suite to ask makes it (holding `<name>.lock`), the
 * others, in any worker, wait for `<name>.json`. A failure is written to `<name>.error`, so
 * waiters fail at once with the maker's message instead of timing out. `make` gets a folder of
 * its own in the run folder. Outside a run (no shared folder), returns undefined.
 */
export async function runShared<T>(
  name: string,
  make: (dir: string) => Promise<T>,
  timeoutMs = 600_000,
): Promise<T | undefined> {
  const root = runSharedDir();
  if (!root) return undefined;
  const value = join(root, `${name}.json`);
  const error = join(root, `${name}.error`);
  let mine = false;
  try {
    closeSync(openSync(join(root, `${name}.lock`), 'wx'));
    mine = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (mine) {
    try {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true, mode: 0o755 });
      const made = await make(dir);
      writeFileSync(`${value}.tmp`, JSON.stringify(made));
      renameSync(`${value}.tmp`, value);
      return made;
    } catch (err) {
      writeFileSync(error, String((err as Error)?.stack ?? err));
      throw err;
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(value)) return JSON.parse(readFileSync(value, 'utf8')) as T;
    if (existsSync(error))
      throw new Error(
        `${name} (made by another suite of this run) failed: ${readFileSync(error, 'utf8')}`,
      );
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${name} from another suite`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
