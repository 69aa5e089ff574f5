import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace (and scripts/), each a project named after its package.
// A folder with its own vitest.config.ts configures itself; the others inherit the limits below
// (a project takes none of the root's options unless it `extends` them).
const folders = [
  ...['packages', 'apps'].flatMap((parent) =>
    readdirSync(parent, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(parent, d.name)),
  ),
  'bench',
  'scripts',
];

function projectName(dir: string): string {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return dir;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name;
}

export default defineConfig({
  test: {
    projects: folders.map((dir) =>
      existsSync(join(dir, 'vitest.config.ts'))
        ? dir
        : { extends: true, root: dir, test: { name: projectName(dir) } },
    ),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One folder per run for what suites share: one PostgreSQL cluster, one demo network.
    globalSetup: ['apps/server/src/testing/global-setup.ts'],
  },
});
