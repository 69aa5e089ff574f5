import fc from 'fast-check';

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Arrays nested this deep (a recursive walk's stack; frames.ts sends far deeper ones as text). */
function nested(depth: number): Json {
  let v: Json = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

const hex64 = (c: string) => c.repeat(64);

/**
 * Values that break code which trusts its input: every JSON type where another is expected,
 * numeric edges (negative, fractional, beyond 2^53, 1e308), empty, huge and strange strings
 * (control characters, lone surrogates, right-to-left marks, SQL and path fragments), names that
 * are also object properties, nesting and long lists. Parsed from JSON so that keys such as
 * `__proto__` are own properties, as they are in what a client sends.
 */
const ODD: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 32 + 1,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
  '',
  ' ',
  '0',
  '-1',
  '1e999',
  'NaN',
  'null',
  '[]',
  '{}',
  '\u0000',
  '\ud800',
  '\u202e',
  '💥',
  '%s%n',
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(70_000),
  hex64('0'),
  hex64('f'),
  hex64('F'),
  `${hex64('a')}0`,
  'npub1',
  [],
  {},
  [null],
  [[]],
  [''],
  JSON.parse('{"__proto__":{"polluted":1}}') as Json,
  JSON.parse('{"constructor":{"prototype":{"polluted":1}}}') as Json,
  { toString: 1, valueOf: 'x', hasOwnProperty: null, length: 1e9 },
  nested(50),
  Array.from({ length: 5000 }, () => 0),
  Array.from({ length: 2000 }, (_, i) => i.toString(16).padStart(64, '0')),
];

/**
 * An odd value: from the list above, from `domain` (the values of the protocol: ids, pubkeys,
 * kinds, command names, feed specs; they get a mutated request past its first checks), or any
 * small JSON value.
 */
export function oddValue(domain: readonly Json[]): fc.Arbitrary<Json> {
  const arbs: Array<fc.Arbitrary<Json>> = [
    fc.constantFrom(...ODD),
    fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  ];
  if (domain.length > 0) arbs.push(fc.constantFrom(...domain), fc.constantFrom(...domain));
  return fc.oneof(...arbs);
}

/** One edit of a JSON tree: where (child indexes, taken modulo), what, with which value. */
interface Mutation {
  path: number[];
  op: 'replace' | 'delete' | 'insert' | 'wrap' | 'double' | 'inner';
  value: Json;
  key: string;
}

function children(node: Json): Array<string | number> {
  if (Array.isArray(node)) return node.map((_, i) => i);
  if (node !== null && typeof node === 'object') return Object.keys(node);
  return [];
}

function getChild(node: Json, k: string | number): Json {
  return (node as Record<string | number, Json>)[k]!;
}

function setChild(node: Json, k: string | number, v: Json): void {
  if (Array.isArray(node)) node[k as number] = v;
  else
    Object.defineProperty(node, k, {
      value: v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

function removeChild(node: Json, k: string | number): void {
  if (Array.isArray(node)) node.splice(k as number, 1);
  else delete (node as Record<string, Json>)[k as string];
}

/** The node at the end of `path` (stopping at a leaf), its parent and its key there. */
function locate(root: Json, path: number[]): { node: Json; parent?: Json; key?: string | number } {
  let node = root;
  let parent: Json | undefined;
  let key: string | number | undefined;
  for (const step of path) {
    const ks = children(node);
    if (ks.length === 0) break;
    key = ks[step % ks.length]!;
    parent = node;
    node = getChild(node, key);
  }
  return parent === undefined ? { node } : { node, parent, key: key! };
}

function applyMutation(root: Json, edit: Mutation): Json {
  // The odd values are shared constants: each use gets its own copy.
  const m = { ...edit, value: structuredClone(edit.value) };
  const { node, parent, key } = locate(root, m.path);
  const put = (v: Json): Json => {
    if (parent === undefined) return v;
    setChild(parent, key!, v);
    return root;
  };
  switch (m.op) {
    case 'replace':
      return put(m.value);
    case 'delete':
      if (parent === undefined) return m.value;
      removeChild(parent, key!);
      return root;
    case 'insert':
      if (Array.isArray(node)) node.splice(m.path.length % (node.length + 1), 0, m.value);
      else if (node !== null && typeof node === 'object') setChild(node, m.key, m.value);
      else return put(m.value);
      return root;
    case 'wrap':
      return put([node]);
    case 'double':
      // a list twice as long (duplicates), a string repeated
      if (Array.isArray(node)) return put([...node, ...node]);
      if (typeof node === 'string') return put(node.repeat(2));
      return put(m.value);
    case 'inner': {
      // A string holding JSON (a feed spec, an event's content): edit inside it.
      if (typeof node !== 'string') return put(m.value);
      let inner: Json;
      try {
        inner = JSON.parse(node) as Json;
      } catch {
        return put(`${node.slice(0, m.path.length)}${JSON.stringify(m.value)}`);
      }
      return put(
        JSON.stringify(applyMutation(inner, { ...m, op: 'replace', path: m.path.slice(1) })),
      );
    }
  }
}

/**
 * A seed edited one to four times: a value replaced by an odd one, a field removed or added
 * (names from `keys`), a value wrapped in a list, a list doubled, or JSON inside a string edited.
 * The seed itself is never changed (each run edits a copy).
 */
export function mutated(
  seed: Json,
  values: fc.Arbitrary<Json>,
  keys: readonly string[],
): fc.Arbitrary<Json> {
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    path: fc.array(fc.nat(50), { maxLength: 6 }),
    op: fc.constantFrom('replace', 'replace', 'delete', 'insert', 'wrap', 'double', 'inner'),
    value: values,
    key: keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 12 }),
  });
  return fc
    .array(mutation, { minLength: 1, maxLength: 4 })
    .map((ms) => ms.reduce(applyMutation, structuredClone(seed)));
}

/** Every object key in a set of seeds (the names an inserted field takes). */
export function keysOf(seeds: readonly Json[]): string[] {
  const keys = new Set<string>();
  const walk = (v: Json, depth: number) => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (!Array.isArray(v)) for (const k of Object.keys(v)) keys.add(k);
    for (const c of Array.isArray(v) ? v : Object.values(v)) walk(c, depth + 1);
  };
  for (const s of seeds) walk(s, 0);
  return [...keys].sort();
}
