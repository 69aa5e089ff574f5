import { describe, expect, it, vi } from 'vitest';
import {
  checkEvent,
  finalizeEvent,
  initVerifier,
  verifierKind,
  verifyEvent,
} from '../src/index.ts';

describe('initVerifier without WebAssembly', () => {
  it('falls back to the pure-JS path and still verifies', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const g = globalThis as unknown as Record<string, unknown>;
    const saved = g.WebAssembly;
    // Simulate a runtime where WASM cannot load (e.g. a strict CSP).
    Reflect.deleteProperty(g, 'WebAssembly');
    try {
      expect(await initVerifier()).toBe('js');
    } finally {
      g.WebAssembly = saved;
    }
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(verifierKind()).toBe('js');
    // Loads once: later calls return the same answer.
    expect(await initVerifier()).toBe('js');
    const event = finalizeEvent(
      { kind: 1, created_at: 1, tags: [], content: 'x' },
      new Uint8Array(32).fill(1),
    );
    expect(verifyEvent(event)).toBe(true);
    expect(checkEvent({ ...event, content: 'y' })).toEqual({ ok: false, reason: 'bad id' });
  });
});
