import { describe, expect, it } from 'vitest';
import {
  checkEvent,
  finalizeEvent,
  initVerifier,
  verifierKind,
  verifyEvent,
  verifyEventDetailed,
  verifyEventWasm,
} from '../src/index.ts';

const sk = new Uint8Array(32).fill(7);

describe('verification of large events (upload chunks carry about 1.4 MB)', () => {
  it('verifies events of any size with WASM loaded, and still rejects tampered ones', async () => {
    expect(await initVerifier()).toBe('wasm');
    expect(verifierKind()).toBe('wasm');
    for (const size of [100, 300_000, 1_048_576, 1_400_000, 4_000_000]) {
      const event = finalizeEvent(
        {
          kind: 10000135,
          created_at: 1,
          tags: [['p', '00'.repeat(32)]],
          content: 'a'.repeat(size),
        },
        sk,
      );
      expect(verifyEvent(event), `${size}`).toBe(true);
      expect(verifyEventDetailed(event)).toBe('ok');
      expect(checkEvent(event).ok).toBe(true);
      const tampered = { ...event, content: `b${event.content.slice(1)}` };
      expect(verifyEvent(tampered)).toBe(false);
      expect(verifyEventDetailed(tampered)).toBe('bad id');
    }
  });

  it('nostr-wasm itself fails on them (why the pure-JS path takes over)', async () => {
    await initVerifier();
    const big = finalizeEvent(
      { kind: 1, created_at: 1, tags: [], content: 'a'.repeat(1_400_000) },
      sk,
    );
    expect(verifyEventWasm(big)).toBe(false);
  });
});
