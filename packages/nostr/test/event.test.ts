import { describe, expect, it } from 'vitest';
import {
  checkEvent,
  finalizeEvent,
  generateSecretKey,
  getEventHash,
  getPublicKey,
  serializeEvent,
  signEventDeterministic,
  validateEvent,
  verifyEvent,
  verifyEventJs,
  signatureRangeProblem,
} from '../src/index.ts';
import type { NostrEvent } from '../src/index.ts';
import { readJson } from './vectors.ts';

interface Curated {
  label: string;
  event: NostrEvent;
  serialized: string;
  sha256_of_serialized: string;
}
interface Negative {
  label: string;
  event: unknown;
}
const nip01 = readJson<{ curated: Curated[]; negative: Negative[] }>('nip01-events.json');

describe('NIP-01 serialization and id (nip01-events.json)', () => {
  it.each(nip01.curated.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    expect(serializeEvent(c.event)).toBe(c.serialized);
    expect(getEventHash(c.event)).toBe(c.sha256_of_serialized);
    expect(c.event.id).toBe(c.sha256_of_serialized);
    expect(verifyEventJs(c.event)).toBe(true);
    expect(checkEvent(c.event)).toEqual({ ok: true, event: c.event });
  });

  it.each(nip01.negative.map((n) => [n.label, n] as const))('rejects: %s', (_label, n) => {
    const result = checkEvent(n.event);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/\w/);
  });

  it('gives the reasons named by the spec', () => {
    const base = nip01.curated[0]!.event;
    expect(checkEvent({ ...base, pubkey: base.pubkey.toUpperCase() })).toEqual({
      ok: false,
      reason: 'pubkey must be 64 lowercase hex',
    });
    expect(checkEvent({ ...base, content: base.content + '!' })).toEqual({
      ok: false,
      reason: 'bad id',
    });
    const flipped = (base.sig[127] === '0' ? '1' : '0') as string;
    expect(checkEvent({ ...base, sig: base.sig.slice(0, 127) + flipped })).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(validateEvent({ ...base, kind: '1' })).toEqual({
      ok: false,
      reason: 'kind must be a number',
    });
    expect(validateEvent({ ...base, created_at: '1' })).toEqual({
      ok: false,
      reason: 'created_at must be a number',
    });
    expect(validateEvent({ ...base, tags: [['e', { x: 1 }]] })).toEqual({
      ok: false,
      reason: 'tag 0 must contain only strings',
    });
    expect(validateEvent(null)).toEqual({ ok: false, reason: 'event must be an object' });
    expect(validateEvent({ ...base, content: 1 })).toEqual({
      ok: false,
      reason: 'content must be a string',
    });
    expect(validateEvent({ ...base, tags: [{ 0: 'e' }] })).toEqual({
      ok: false,
      reason: 'tag 0 must be an array',
    });
    expect(validateEvent({ ...base, tags: {} })).toEqual({
      ok: false,
      reason: 'tags must be an array',
    });
  });

  it('checks the signature ranges of section 5 at their edges', () => {
    const p = 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f';
    const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
    const below = (x: string) => x.slice(0, 63) + (parseInt(x[63]!, 16) - 1).toString(16);
    const s1 = '0'.repeat(63) + '1';
    expect(signatureRangeProblem(p + s1)).toBe('signature r out of range');
    expect(signatureRangeProblem(below(p) + s1)).toBeUndefined();
    expect(signatureRangeProblem(s1 + n)).toBe('signature s out of range');
    expect(signatureRangeProblem(s1 + below(n))).toBeUndefined();
    expect(signatureRangeProblem(s1 + '0'.repeat(64))).toBe('signature s out of range');
    expect(signatureRangeProblem('A'.repeat(128))).toBe('sig must be 128 lowercase hex');
  });

  it('validateEvent strips unknown fields', () => {
    const base = nip01.curated[0]!.event;
    const result = validateEvent({ ...base, extra: 1 });
    expect(result.ok && Object.keys(result.event).sort()).toEqual([
      'content',
      'created_at',
      'id',
      'kind',
      'pubkey',
      'sig',
      'tags',
    ]);
  });
});

describe('signing', () => {
  it('finalizeEvent produces a verifying event', () => {
    const sk = generateSecretKey();
    const event = finalizeEvent(
      { kind: 1, created_at: 1_700_000_000, tags: [['t', 'x']], content: 'hi' },
      sk,
    );
    expect(event.pubkey).toBe(getPublicKey(sk));
    expect(verifyEvent(event)).toBe(true);
    expect(verifyEventJs({ ...event, content: 'ho' })).toBe(false);
  });

  it('signEventDeterministic is byte-identical for the same input and differs per key', () => {
    const sk = new Uint8Array(32).fill(7);
    const t = { kind: 1, created_at: 1_700_000_000, tags: [], content: 'same' };
    const a = signEventDeterministic(t, sk);
    const b = signEventDeterministic(t, sk);
    expect(a).toEqual(b);
    expect(verifyEventJs(a)).toBe(true);
    const c = signEventDeterministic(t, new Uint8Array(32).fill(8));
    expect(c.sig).not.toBe(a.sig);
    const d = finalizeEvent(t, sk);
    expect(d.id).toBe(a.id);
    expect(d.sig).not.toBe(a.sig);
  });
});

describe('checkEvent on the pure-JS path (WASM not initialised in this file)', () => {
  it('reports bad id and bad signature', async () => {
    const { verifierKind } = await import('../src/index.ts');
    expect(verifierKind()).toBe('js');
    const base = nip01.curated[0]!.event;
    expect(checkEvent({ ...base, created_at: base.created_at + 1 })).toEqual({
      ok: false,
      reason: 'bad id',
    });
    const other = nip01.curated[1]!.event;
    expect(checkEvent({ ...base, sig: other.sig })).toEqual({ ok: false, reason: 'bad signature' });
  });
});
