// The boundary lint (.dependency-cruiser.cjs) fails on deliberate violations: a small tree of
// fake workspaces, linked by package name like npm links ours, is checked with the real rules.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const dirs = [];

/** Writes a fixture tree: `files` maps paths to contents; workspaces get package.json files. */
function fixture(files) {
  const dir = mkdtempSync(join(tmpdir(), 'swell-boundaries-'));
  dirs.push(dir);
  const workspaces = {
    '@swell/nostr': 'packages/nostr',
    '@swell/client': 'packages/client',
    '@swell/server': 'apps/server',
    '@swell/devnet': 'apps/devnet',
  };
  const all = {
    'apps/web/tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }\n',
    'apps/web/src/main.ts': 'export const x = 1;\n',
    'node_modules/react/package.json': '{ "name": "react", "main": "index.js" }\n',
    'node_modules/react/index.js': 'export const useState = 1;\n',
    ...Object.fromEntries(
      Object.entries(workspaces).map(([name, path]) => [
        `${path}/package.json`,
        JSON.stringify({ name, type: 'module', exports: { '.': './src/index.ts' } }),
      ]),
    ),
    ...Object.fromEntries(
      Object.values(workspaces).map((path) => [`${path}/src/index.ts`, 'export const x = 1;\n']),
    ),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(join(dir, 'node_modules', '@swell'), { recursive: true });
  for (const [name, path] of Object.entries(workspaces)) {
    symlinkSync(join('..', '..', path), join(dir, 'node_modules', name));
  }
  return dir;
}

/** Runs the boundary lint as `npm run lint` does; returns its exit code and the broken rules. */
function cruise(dir) {
  const config = join(root, '.dependency-cruiser.cjs');
  const r = spawnSync(
    process.execPath,
    [depcruise, '--config', config, '--output-type', 'err', 'packages', 'apps'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (r.error || r.stderr.includes('ERROR')) throw new Error(`depcruise failed: ${r.stderr}`);
  const broken = [...r.stdout.matchAll(/^\s*error (\S+): (\S+) \u2192 (\S+)$/gm)].map(
    ([, rule, from, to]) => `${rule}: ${from} -> ${to}`,
  );
  // A cycle prints its modules one a line: `error no-circular: a →` then `b →`, ..., `a`.
  for (const [, from, to] of r.stdout.matchAll(
    /^\s*error no-circular: (\S+) \u2192\s*\n\s*(\S+)/gm,
  )) {
    broken.push(`no-circular: ${from} -> ${to}`);
  }
  return { status: r.status, broken: broken.sort() };
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('boundary lint', () => {
  it('accepts imports that follow the arrows (and tests that start the real server)', () => {
    const dir = fixture({
      'packages/client/src/feed.ts': "import { x } from '@swell/nostr';\nexport const y = x;\n",
      'packages/client/test/feed.test.ts':
        "import { x } from '@swell/server';\nimport { y } from '../src/feed.ts';\nexport const z = x + y;\n",
      'apps/devnet/src/start.ts': "import { x } from '@swell/server';\nexport const y = x;\n",
    });
    expect(cruise(dir)).toEqual({ status: 0, broken: [] });
  });

  it('fails on imports against the arrows, between apps and of React in a package', () => {
    const dir = fixture({
      // By package name, upwards.
      'packages/nostr/src/up.ts': "import { x } from '@swell/client';\nexport const y = x;\n",
      // By relative path, from one app into another.
      'apps/server/src/side.ts':
        "import { x } from '../../devnet/src/index.ts';\nexport const y = x;\n",
      // Code that is not a test may not start the server.
      'packages/client/src/server.ts': "import { x } from '@swell/server';\nexport const y = x;\n",
      'packages/nostr/src/view.ts':
        "import { useState } from 'react';\nexport const y = useState;\n",
      // The web app's tests reach the server over the network, not by import.
      'apps/web/test/app.test.ts': "import { x } from '@swell/server';\nexport const y = x;\n",
    });
    const { status, broken } = cruise(dir);
    expect(status).not.toBe(0);
    expect(broken).toEqual([
      'client-arrows: packages/client/src/server.ts -> apps/server/src/index.ts',
      'nostr-arrows: packages/nostr/src/up.ts -> packages/client/src/index.ts',
      'packages-without-react: packages/nostr/src/view.ts -> node_modules/react/index.js',
      'server-arrows: apps/server/src/side.ts -> apps/devnet/src/index.ts',
      'web-test-arrows: apps/web/test/app.test.ts -> apps/server/src/index.ts',
    ]);
  });

  it('fails on an import cycle (static or lazy) and against the arrows inside the web app', () => {
    const dir = fixture({
      'packages/client/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'packages/client/src/b.ts': "export const b = () => import('./a.ts');\nexport const c = 1;\n",
      'apps/web/src/features/card.ts':
        "import { x } from '@/app/layout.ts';\nexport const y = x;\n",
      'apps/web/src/app/layout.ts': 'export const x = 1;\n',
      'apps/web/src/components/note.ts':
        "import { y } from '@/features/card.ts';\nexport const z = y;\n",
    });
    const { status, broken } = cruise(dir);
    expect(status).not.toBe(0);
    // The cycle is reported once, from its first module.
    expect(broken).toEqual([
      'no-circular: packages/client/src/a.ts -> packages/client/src/b.ts',
      'web-components-not-features: apps/web/src/components/note.ts -> apps/web/src/features/card.ts',
      'web-features-not-app: apps/web/src/features/card.ts -> apps/web/src/app/layout.ts',
    ]);
  });
});
