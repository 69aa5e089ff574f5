import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Only the first load's strings are bundled at start (i18n/en.ts); a lazily loaded module adds
// the rest with addStrings({ premium }) (i18n/add-strings.ts). This reads the source's import
// graph and checks that whenever a module that uses `t('premium.…')` can render, 'premium' has
// been registered: by the start strings, or by a module of the same lazy chunk group, or on
// every way that lazy module can be reached. The browser tests catch what a static read cannot
// (keys built at run time): a missing string is a console error under automation.

const src = fileURLToPath(new URL('../src', import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
const files = walk(src).filter((f) => !f.includes(`${join(src, 'i18n')}/`));
const text = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const rel = (f: string) => relative(src, f);

/** Every namespace: the export of each module under i18n/en/ (kebab-case file, camelCase key). */
const namespaces = readdirSync(join(src, 'i18n/en')).map((f) =>
  f.replace(/\.ts$/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
);
// Read from the source: at run time the translator also holds every string added so far.
const startStrings = new Set(
  /export const en = \{([^}]*)\}/
    .exec(readFileSync(join(src, 'i18n/en.ts'), 'utf8'))![1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

function resolveImport(from: string, spec: string): string | undefined {
  if (spec.startsWith('@/')) return join(src, spec.slice(2));
  if (spec.startsWith('.')) return resolve(dirname(from), spec);
  return undefined;
}

interface Node {
  statics: string[];
  dynamics: string[];
  uses: string[];
  registers: string[];
}

const graph = new Map<string, Node>();
for (const [file, code] of text) {
  const statics: string[] = [];
  const dynamics: string[] = [];
  // Type-only imports are erased: they bring no module.
  for (const m of code.matchAll(
    /^(?:import|export)(?!\s+type\s)[^'"`;]*?(?:from\s*)?['"]([^'"]+)['"]/gm,
  )) {
    const to = resolveImport(file, m[1]!);
    if (to && text.has(to)) statics.push(to);
  }
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const to = resolveImport(file, m[1]!);
    if (to && text.has(to)) dynamics.push(to);
  }
  const uses = namespaces.filter((ns) => new RegExp(`['"\`]${ns}\\.[\\w$]`).test(code));
  const registers = [...code.matchAll(/\baddStrings\(\{([^}]*)\}\)/g)].flatMap((m) =>
    m[1]!.split(',').map((s) => s.trim().split(':')[0]!.trim()),
  );
  graph.set(file, { statics, dynamics, uses, registers });
}

/** A lazy entry's modules: itself and what it imports statically, transitively. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    graph.get(f)!.statics.forEach(visit);
  };
  visit(entry);
  return seen;
}

const main = join(src, 'main.tsx');
const entries = [main, ...new Set([...graph.values()].flatMap((n) => n.dynamics))];
const groups = new Map(entries.map((e) => [e, closure(e)]));
const registeredIn = (group: Set<string>) =>
  new Set([...group].flatMap((f) => graph.get(f)!.registers));

/**
 * The namespaces surely registered once an entry's modules have loaded: what its own modules
 * register, and what every module that can import it lazily had surely registered (the greatest
 * fixed point; every entry in use is reached from main.tsx, so a cycle cannot invent strings).
 */
const all = new Set(namespaces);
const sure = new Map<string, Set<string>>(
  entries.map((e) => [
    e,
    e === main ? new Set([...startStrings, ...registeredIn(groups.get(e)!)]) : all,
  ]),
);
for (let changed = true; changed;) {
  changed = false;
  for (const e of entries) {
    if (e === main) continue;
    let inherited: Set<string> | undefined;
    for (const [p, group] of groups) {
      if (![...group].some((f) => graph.get(f)!.dynamics.includes(e))) continue;
      const fromP = sure.get(p)!;
      inherited = inherited ? new Set([...inherited].filter((ns) => fromP.has(ns))) : fromP;
    }
    const next = new Set([...registeredIn(groups.get(e)!), ...(inherited ?? [])]);
    if (next.size !== sure.get(e)!.size) {
      sure.set(e, next);
      changed = true;
    }
  }
}

describe('lazily loaded strings', () => {
  it('reads the import graph (a sanity check of the parser)', () => {
    expect(namespaces).toContain('premium');
    expect(entries.length).toBeGreaterThan(40);
    expect(groups.get(main)!.has(join(src, 'app/router.tsx'))).toBe(true);
    const home = graph.get(join(src, 'screens/home.tsx'))!;
    expect(home.uses).toContain('feed');
    expect(graph.get(join(src, 'app/router.tsx'))!.dynamics).toContain(
      join(src, 'screens/home.tsx'),
    );
  });

  it('every module that uses a namespace has it registered before it can render', () => {
    const missing: string[] = [];
    for (const [entry, group] of groups) {
      for (const f of group) {
        for (const ns of graph.get(f)!.uses) {
          if (sure.get(entry)!.has(ns)) continue;
          missing.push(
            entry === main
              ? `${rel(f)} is in the first load and uses '${ns}.…': add ${ns} to i18n/en.ts`
              : `${rel(f)} uses '${ns}.…' but loading ${rel(entry)} may not register it: addStrings({ ${ns} }) at the top of ${rel(entry)}`,
          );
        }
      }
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('the first load carries only the strings it needs', () => {
    const used = new Set([...groups.get(main)!].flatMap((f) => graph.get(f)!.uses));
    // Strings of the shared note card, feed and account dialogs are used by /home's lazily
    // loaded screen and by most other screens, so they load with the shell.
    const shared = ['note', 'noteZaps', 'feed', 'reactions', 'avatar', 'notFound'];
    const unneeded = [...startStrings].filter((ns) => !used.has(ns) && !shared.includes(ns));
    expect(unneeded).toEqual([]);
  });
});
