/**
 * Settles with `promise`, or rejects with `onAbort()` as soon as `signal` aborts (the promise's
 * work is not undone: callers say so in their messages).
 */
export function abortable<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => Error,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** Resolves after `ms`, or rejects with `onAbort()` when `signal` aborts first. */
export function delay(ms: number, signal?: AbortSignal, onAbort?: () => Error): Promise<void> {
  return abortable(
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
    signal,
    onAbort ?? (() => new Error('aborted')),
  );
}
