// No test, e2e spec or benchmark reads outside the repository: npm test's copy of the tree hides
// a `../shared` beside it, but an absolute path to the shared material would still be found on
// the machine it was written on. This guard reads every such file for those paths.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const self = fileURLToPath(import.meta.url);
const skipped = new Set(['node_modules', 'dist', 'vectors', 'test-results', 'playwright-report']);
const code = /\.(?:ts|tsx|mts|mjs|cjs|js)$/;

/** A path outside the repository: the shared folder (relative or absolute) or /work/. */
const outside = /(?:^|[^\w.-])\/work\/|shared\/(?:vectors|docs|spec)\b|\.\.\/shared\b/;

/** Code files under a test folder, e2e/ or bench/. */
function* testCode(dir, inTests) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testCode(path, inTests || entry.name === 'test');
    else if (entry.isFile() && inTests && code.test(entry.name) && path !== self) yield path;
  }
}

describe('tests read only inside the repository', () => {
  it('recognises the paths it forbids', () => {
    expect(outside.test("readFileSync('/work/shared/vectors/nip19.json')")).toBe(true);
    expect(outside.test("new URL('../../../../shared/vectors/x.json', import.meta.url)")).toBe(
      true,
    );
    expect(outside.test("new URL('../../shared/docs/style.md', import.meta.url)")).toBe(true);
    expect(outside.test("new URL('./vectors/nip19.json', import.meta.url)")).toBe(false);
    expect(outside.test('https://example.com/work/x')).toBe(false);
  });

  it('finds no such path in any test, e2e spec or benchmark', () => {
    const files = [
      ...['packages', 'apps', 'scripts'].flatMap((d) => [...testCode(join(root, d), false)]),
      ...['e2e', 'bench'].flatMap((d) => [...testCode(join(root, d), true)]),
    ];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          outside.test(line) ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
