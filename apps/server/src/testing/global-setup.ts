// The Vitest global setup (vitest.config.ts): a folder for what the suites of one run share
// (run-shared.ts: the PostgreSQL cluster, the demo network), made before the workers start and
// removed after the run, with the cluster stopped. Nothing is made here: the first suite that
// needs a thing makes it, so a run of a few files that need none costs nothing.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopSharedPgCluster } from './pg-cluster.ts';

export default function setup(): (() => void) | undefined {
  // Set already: an enclosing run made it (or another project's copy of this setup did).
  if (process.env.SWELL_TEST_RUN_DIR) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'swell-run-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must reach its folder in here.
  chmodSync(dir, 0o755);
  process.env.SWELL_TEST_RUN_DIR = dir;
  return () => {
    try {
      stopSharedPgCluster(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      delete process.env.SWELL_TEST_RUN_DIR;
    }
  };
}
