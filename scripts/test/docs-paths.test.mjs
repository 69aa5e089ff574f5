// The docs name files of the repository (docs/architecture.md's file map, the READMEs, the style
// guide); a path named there must exist, so a move or a rename that forgets the docs fails here.
// A path in backticks counts when it looks like one of ours: it has a slash or a source file's
// extension, and no URL, glob or placeholder. It may be written from the repository's root, from
// the doc's folder, from a workspace (apps/*, packages/*) or from a workspace's src/; a file
// named alone or by its last folders (`router.tsx`, `en/note.ts`, as a list under a folder
// writes them) must be the end of some file's path.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const docs = [
  'README.md',
  'CONTRIBUTING.md',
  'docs/architecture.md',
  'docs/style.md',
  'docs/running.md',
  'docs/deploying.md',
  'apps/web/README.md',
].filter((d) => existsSync(join(root, d)));

const workspaces = ['apps', 'packages'].flatMap((parent) =>
  readdirSync(join(root, parent), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(parent, d.name)),
);

/** Folders a path in a doc may be written from. */
const bases = (doc) => [
  '',
  dirname(doc),
  ...workspaces,
  ...workspaces.map((w) => join(w, 'src')),
  ...workspaces.map((w) => join(w, 'src', 'features')),
];

const source = /\.(?:ts|tsx|mts|mjs|cjs|js|json|css|md|sql|html|svg|yml|sh)$/;
/** Written at build or run time, or not a path of the repository. */
const generated =
  /(?:^|\/)(?:dist|node_modules|test-results|\.vite|\.types|\.data)(?:\/|$)|^\.|(?:^|\/)[A-Z][A-Z_]{2,}(?:\/|\.|$)|^sw\.js$/;

/** Every file of the repository (walked, not asked of git: npm test runs this in a copy). */
const skipped = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
function* walk(dir, prefix = '') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = prefix + entry.name;
    if (entry.isDirectory()) yield* walk(join(dir, entry.name), `${path}/`);
    else yield path;
  }
}
const files = [...walk(root)];

/** Whether a path named in `doc` is a file or folder of the repository. */
function exists(doc, path) {
  if (bases(doc).some((b) => existsSync(join(root, b, path)))) return true;
  // Named from a folder the text is about: the end of some file's path, or a folder in it.
  return path.endsWith('/')
    ? files.some((f) => f.startsWith(path) || f.includes(`/${path}`))
    : files.some((f) => f === path || f.endsWith(`/${path}`));
}

/** The repository paths a doc names (in backticks), with their line numbers. */
export function namedPaths(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      let p = m[1].replace(/[.,;:)]+$/, '').replace(/:\d+(?:-\d+)?$/, '');
      if (/[*<>{}…$?=|\\]|:\/\/|^@|^-|^~|^\//.test(p)) continue;
      if (!p.includes('/') && !source.test(p)) continue;
      if (!/^[\w./-]+$/.test(p) || generated.test(p) || /^\d/.test(p)) continue;
      if (p.includes('/') && !source.test(p) && !p.endsWith('/')) {
        // A folder, or a path without an extension: only names that look like ours.
        if (!/^(?:apps|packages|docs|e2e|bench|scripts|src|test|public|build)\//.test(p)) continue;
      }
      out.push({ path: p, line: i + 1 });
    }
  });
  return out;
}

describe('paths named in the docs exist', () => {
  it('finds paths in backticks and leaves URLs, globs and commands alone', () => {
    const found = namedPaths(
      'see `apps/web/src/main.tsx`, `src/data/client.ts:12`, `https://x.org/a.ts`, `/v1`, `*.ts`, `npm test`, `docs/`',
    ).map((p) => p.path);
    expect(found).toEqual(['apps/web/src/main.tsx', 'src/data/client.ts', 'docs/']);
  });

  for (const doc of docs) {
    it(doc, () => {
      const text = readFileSync(join(root, doc), 'utf8');
      const missing = namedPaths(text)
        .filter(({ path }) => !exists(doc, path))
        .map(({ path, line }) => `${doc}:${line} ${path}`);
      expect(
        missing,
        `paths named in ${relative(root, join(root, doc))} that do not exist`,
      ).toEqual([]);
    });
  }
});
