import type { Filter } from '@swell/nostr';
import type { Store } from '../store/store.ts';
import { PROTECTED_KINDS } from './auth.ts';

/**
 * NIP-45 COUNT of only what a connection may read (`mayRead`): DMs (kind 4) and gift wraps
 * (kind 1059) count only for their authenticated recipient (p tag), and kind 4 also for its
 * author. Computed with plain filters as all matches, minus the protected ones, plus the
 * protected ones the readers may see. A protected event that needs two different p tags to
 * match (one from the filter, one reader) is left out: COUNT may miss it, never leak it.
 */
export async function countReadable(
  store: Pick<Store, 'countEvents'>,
  filters: readonly Filter[],
  readers: ReadonlySet<string>,
): Promise<number> {
  const total = await store.countEvents(filters);
  const guarded: Array<Filter & { kinds: number[] }> = [];
  for (const f of filters) {
    const kinds = (f.kinds ?? [...PROTECTED_KINDS]).filter((k) => PROTECTED_KINDS.has(k));
    if (kinds.length > 0) guarded.push({ ...f, kinds });
  }
  if (guarded.length === 0 || total === 0) return total;
  const hidden = await store.countEvents(guarded);
  if (hidden === 0) return total;
  const readable: Filter[] = [];
  for (const f of guarded) {
    for (const r of readers) {
      if (!f['#p'] || f['#p'].includes(r)) readable.push({ ...f, '#p': [r] });
      if (f.kinds.includes(4) && (!f.authors || f.authors.includes(r))) {
        readable.push({ ...f, kinds: [4], authors: [r] });
      }
    }
  }
  const visible = readable.length > 0 ? await store.countEvents(readable) : 0;
  return total - hidden + visible;
}
