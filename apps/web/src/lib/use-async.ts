import { useCallback, useEffect, useState } from 'react';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Runs `load` again for the same key (after an error, say). */
  retry: () => void;
}

/**
 * Runs `load` whenever `key` changes; aborts the previous run. The state always belongs to the
 * current key (no stale data from a previous one).
 */
export function useAsync<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): AsyncState<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: unknown }>({
    key: null,
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const ctl = new AbortController();
    load(ctl.signal).then(
      (data) => {
        if (!ctl.signal.aborted) setState({ key, data });
      },
      (error: unknown) => {
        if (!ctl.signal.aborted) setState({ key, error: error ?? new Error('failed') });
      },
    );
    return () => ctl.abort();
    // `load` is re-created every render; `key` and `attempt` say when to run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = useCallback(() => {
    setState({ key: null });
    setAttempt((n) => n + 1);
  }, []);
  const current = state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : undefined,
    loading: key !== null && (!current || (state.data === undefined && state.error === undefined)),
    retry,
  };
}
