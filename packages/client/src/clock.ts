/** Time and timers, injectable so tests can drive long waits (5 minutes, 36 s) instantly. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Sleeps `ms` on `clock` unless the signal aborts first (then resolves early). */
export function delay(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = clock.setTimeout(done, ms);
    function done() {
      clock.clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
