import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../src', import.meta.url));

function stylesheets(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return stylesheets(p);
    return name.endsWith('.css') ? [p] : [];
  });
}

/** The classes a stylesheet styles on their own (`.name`, `.name:hover`), not in context. */
function ownClasses(css: string): Set<string> {
  const out = new Set<string>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors] of text.matchAll(/([^{}]+)\{/g)) {
    if (selectors!.trim().startsWith('@')) continue;
    for (const selector of selectors!.split(',')) {
      const m = /^\.([\w-]+)(?::[\w-]+)?$/.exec(selector.trim());
      if (m) out.add(m[1]!);
    }
  }
  return out;
}

describe('stylesheets', () => {
  it('finds the classes a stylesheet styles on its own', () => {
    const css = `/* .commented {} */
.a, .b:hover { color: red }
.c .d { color: red }
@media (max-width: 767px) { .e { display: none } }`;
    expect([...ownClasses(css)].sort()).toEqual(['a', 'b', 'e']);
  });

  // Screens load their CSS with their lazy chunk, so when two stylesheets style the same class,
  // how an element looks depends on which screens were visited before (`.field-hint` was styled
  // by three screens, in two sizes). Each class is styled in one stylesheet.
  it('each class is styled in one stylesheet only', () => {
    const owners = new Map<string, string[]>();
    for (const file of stylesheets(root)) {
      for (const name of ownClasses(readFileSync(file, 'utf8'))) {
        owners.set(name, [...(owners.get(name) ?? []), relative(root, file)]);
      }
    }
    const shared = [...owners]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `.${name}: ${files.join(', ')}`);
    expect(owners.size).toBeGreaterThan(300);
    expect(shared).toEqual([]);
  });
});
