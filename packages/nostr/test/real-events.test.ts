import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkEvent,
  finalizeEvent,
  initVerifier,
  verifyEventJs,
  verifyEventWasm,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJsonl } from './vectors.ts';

const valid = readJsonl<NostrEvent>('real-events.jsonl');
const invalid = readJsonl<{ event: unknown; problem: string }>('real-events-invalid.jsonl');

describe('real-events.jsonl', () => {
  it('holds 6,543 events and 57 invalid ones', () => {
    expect(valid).toHaveLength(6543);
    expect(invalid).toHaveLength(57);
  });

  it('every event verifies with the pure-JS path', () => {
    const failed = valid.filter((e) => !verifyEventJs(e)).map((e) => e.id);
    expect(failed).toEqual([]);
  }, 120_000);

  it('every event verifies with WASM and passes checkEvent', async () => {
    expect(await initVerifier()).toBe('wasm');
    const failedWasm = valid.filter((e) => !verifyEventWasm(e)).map((e) => e.id);
    expect(failedWasm).toEqual([]);
    const failedCheck = valid.map((e) => [e.id, checkEvent(e)] as const).filter(([, r]) => !r.ok);
    expect(failedCheck).toEqual([]);
  }, 120_000);

  it('every invalid event is rejected with a reason, by both paths', async () => {
    await initVerifier();
    for (const { event, problem } of invalid) {
      const result = checkEvent(event);
      expect(result.ok, problem).toBe(false);
      const expected = problem.startsWith('id does not match') ? 'bad id' : 'bad signature';
      expect(result, problem).toEqual({ ok: false, reason: expected });
      expect(verifyEventJs(event as NostrEvent)).toBe(false);
      expect(verifyEventWasm(event as NostrEvent)).toBe(false);
    }
  }, 60_000);
});

describe('the WASM and pure-JS paths agree', () => {
  it('on signed events with arbitrary content and tags, and on tampered copies', async () => {
    await initVerifier();
    const sk = new Uint8Array(32).fill(42);
    fc.assert(
      fc.property(
        fc.record({
          kind: fc.nat({ max: 40000 }),
          created_at: fc.nat({ max: 2 ** 31 }),
          tags: fc.array(fc.array(fc.string({ unit: 'binary' }), { maxLength: 3 }), {
            maxLength: 3,
          }),
          content: fc.string({ unit: 'binary', maxLength: 200 }),
        }),
        fc.string({ unit: 'binary', maxLength: 5 }),
        (template, extra) => {
          const event = finalizeEvent(template, sk);
          expect(verifyEventJs(event)).toBe(true);
          expect(verifyEventWasm(event)).toBe(true);
          const tampered = { ...event, content: event.content + extra };
          expect(verifyEventWasm(tampered)).toBe(verifyEventJs(tampered));
        },
      ),
      { numRuns: 300 },
    );
    const odd = finalizeEvent(
      { kind: 1, created_at: 1, tags: [['t', '\udfff']], content: 'a\ud800b\u0001\u2028\u0000' },
      sk,
    );
    expect(verifyEventJs(odd)).toBe(true);
    expect(verifyEventWasm(odd)).toBe(true);
  });
});
