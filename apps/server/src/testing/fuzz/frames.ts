import fc from 'fast-check';
import { keysOf, mutated, oddValue, type Json } from './json-mutation.ts';
import type { RequestSeed } from './seeds.ts';

/** One websocket message of the fuzzer: JSON (placeholders filled when sent), raw text or bytes. */
export type FuzzFrame = { json: Json } | { raw: string } | { binary: number[] };

/**
 * How fast-check shows a frame in a failure report: its text, cut short (fast-check's own
 * printer recurses and a frame may nest 5,000 levels deep).
 */
function printable(frame: FuzzFrame): FuzzFrame {
  const text =
    'json' in frame
      ? JSON.stringify(frame.json)
      : 'raw' in frame
        ? JSON.stringify(frame.raw)
        : `<${frame.binary.length} bytes>`;
  return Object.assign(frame, {
    [fc.toStringMethod]: () =>
      text.length > 2000 ? `${text.slice(0, 2000)}... (${text.length} characters)` : text,
  });
}

/** Subscription ids: mostly plain ones, sometimes an odd value (a number, an object, 70 KB). */
function subIds(values: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('fz', 'fz-2', 'a', 'x'.repeat(64)) },
    { weight: 1, arbitrary: values },
  );
}

/**
 * A message whose value somewhere is arrays nested 500 to 5,000 deep, as text (too deep for the
 * fuzzer's own JSON tools, not for the server's parser): `[prefix, suffix]` around the nesting.
 */
function deeplyNested(around: fc.Arbitrary<[string, string]>): fc.Arbitrary<FuzzFrame> {
  return fc
    .tuple(around, fc.integer({ min: 500, max: 5000 }))
    .map(([[prefix, suffix], depth]): FuzzFrame => ({
      raw: `${prefix}${'['.repeat(depth)}${']'.repeat(depth)}${suffix}`,
    }));
}

/** Text that is not a message: random strings, cut-off JSON, other JSON; and binary frames. */
function garbage(examples: fc.Arbitrary<Json>): fc.Arbitrary<FuzzFrame> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }).map((raw): FuzzFrame => ({ raw })),
    fc.tuple(examples, fc.nat()).map(([v, n]): FuzzFrame => {
      const text = JSON.stringify(v);
      return { raw: text.slice(0, n % Math.max(1, text.length)) };
    }),
    fc.jsonValue({ maxDepth: 3 }).map((json): FuzzFrame => ({ json: json as Json })),
    fc.uint8Array({ maxLength: 64 }).map((b): FuzzFrame => ({ binary: [...b] })),
  );
}

/**
 * Frames for a socket of the cache's shape (`/v1`, `/wallet/v1`): each seed request as it is,
 * with its payload edited, with another command's payload, with the whole message edited (verb,
 * id, envelope), CLOSE, and garbage.
 */
export function cacheFrames(
  seeds: readonly RequestSeed[],
  domain: Json[],
): fc.Arbitrary<FuzzFrame> {
  const values = oddValue(domain);
  const keys = keysOf(seeds.map((s) => s.payload));
  const seed = fc.constantFrom(...seeds);
  const ids = subIds(values);
  const req = (command: string, payload: Json, id: Json): Json => [
    'REQ',
    id,
    { cache: [command, payload] },
  ];
  const frames: fc.Arbitrary<FuzzFrame> = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.tuple(seed, ids).map(([s, id]) => ({ json: req(s.command, s.payload, id) })),
    },
    {
      weight: 12,
      arbitrary: fc
        .tuple(seed, ids)
        .chain(([s, id]) =>
          mutated(s.payload, values, keys).map((p) => ({ json: req(s.command, p, id) })),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(seed, seed).map(([a, b]) => ({ json: req(a.command, b.payload, 'fz') })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(seed, ids)
        .chain(([s, id]) =>
          mutated(req(s.command, s.payload, id), values, keys).map((json) => ({ json })),
        ),
    },
    { weight: 1, arbitrary: ids.map((id) => ({ json: ['CLOSE', id] })) },
    { weight: 1, arbitrary: garbage(seed.map((s) => req(s.command, s.payload, 'fz'))) },
    {
      weight: 1,
      arbitrary: deeplyNested(
        fc
          .tuple(seed, fc.constantFrom(...keys))
          .map(([s, key]): [string, string] => [
            `["REQ","fz",{"cache":[${JSON.stringify(s.command)},{${JSON.stringify(key)}:`,
            '}]}]',
          ]),
      ),
    },
  );
  return frames.map(printable);
}

/**
 * Frames for the relay (`/relay`): EVENT with a stored-looking or freshly signed event, edited or
 * not; REQ and COUNT with zero to four filters, edited or not; CLOSE; AUTH with a signed kind
 * 22242 (`$relay` and `$challenge` filled in), edited or not; whole messages edited; garbage.
 */
export function relayFrames(
  events: readonly Json[],
  filters: readonly Json[],
  domain: Json[],
): fc.Arbitrary<FuzzFrame> {
  const values = oddValue(domain);
  const keys = keysOf([...events, ...filters]);
  const ids = subIds(values);
  const edited = (list: readonly Json[]) =>
    fc.oneof(
      fc.constantFrom(...list),
      fc.constantFrom(...list).chain((v) => mutated(v, values, keys)),
    );
  const event = edited(events);
  const filter = edited(filters);
  const auth = edited([
    {
      $sign: {
        kind: 22242,
        content: '',
        tags: [
          ['relay', '$relay'],
          ['challenge', '$challenge'],
        ],
      },
    },
  ]);
  const message: fc.Arbitrary<Json> = fc.oneof(
    { weight: 4, arbitrary: event.map((e) => ['EVENT', e]) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom('REQ', 'COUNT'), ids, fc.array(filter, { maxLength: 4 }))
        .map(([verb, id, fs]) => [verb, id, ...fs]),
    },
    { weight: 1, arbitrary: ids.map((id) => ['CLOSE', id]) },
    { weight: 1, arbitrary: auth.map((a) => ['AUTH', a]) },
  );
  const frames: fc.Arbitrary<FuzzFrame> = fc.oneof(
    { weight: 10, arbitrary: message.map((json) => ({ json })) },
    {
      weight: 3,
      arbitrary: message.chain((m) => mutated(m, values, keys)).map((json) => ({ json })),
    },
    { weight: 1, arbitrary: garbage(message) },
    {
      weight: 1,
      arbitrary: deeplyNested(
        fc.constantFrom<[string, string]>(
          ['["REQ","fz",{"authors":', '}]'],
          ['["COUNT","fz",{"#e":', '}]'],
          ['["EVENT",{"id":"x","tags":', '}]'],
          ['["AUTH",{"id":"x","kind":22242,"tags":', '}]'],
        ),
      ),
    },
  );
  return frames.map(printable);
}
