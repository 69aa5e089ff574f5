import { useCallback, useEffect } from 'react';
import { lookupKey, type LookupRef, type LookupStatus } from '@swell/client';
import { useSnapshot } from '@/data/use-model.ts';
import { outboxLookup } from '@/features/outbox/outbox-lookup.ts';

/**
 * Looks `ref` up beyond the cache when `present` is false (the store lacks it); the lookup's
 * status, re-rendering as it changes. `retry` asks every source again.
 */
export function useLookup(
  ref: LookupRef | undefined,
  present: boolean,
): { status: LookupStatus | undefined; retry: () => void } {
  const lookup = outboxLookup();
  const key = ref ? lookupKey(ref) : null;
  const get = useCallback(() => (key ? lookup.status(key) : undefined), [lookup, key]);
  const status = useSnapshot(lookup, get);
  useEffect(() => {
    if (ref && !present) void lookup.find(ref);
    // The key names the thing; a new ref object for the same thing asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookup, key, present]);
  return { status, retry: () => void (ref && lookup.retry(ref)) };
}
