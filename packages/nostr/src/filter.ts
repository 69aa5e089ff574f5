import type { Filter, NostrEvent } from './types.ts';

/**
 * NIP-01 filter matching: every present condition must hold. `ids` and `authors` match
 * exactly, `#x` keys match any tag named x whose value is listed, `since`/`until` are
 * inclusive. `limit` only bounds stored results and `search` (NIP-50) is the store's job, so
 * neither affects matching.
 */
export function matchFilter(filter: Filter, event: NostrEvent): boolean {
  if (filter.ids && !filter.ids.includes(event.id)) return false;
  if (filter.authors && !filter.authors.includes(event.pubkey)) return false;
  if (filter.kinds && !filter.kinds.includes(event.kind)) return false;
  if (typeof filter.since === 'number' && event.created_at < filter.since) return false;
  if (typeof filter.until === 'number' && event.created_at > filter.until) return false;
  for (const key of Object.keys(filter)) {
    if (key.length < 2 || key[0] !== '#') continue;
    const values = filter[key as `#${string}`];
    if (!Array.isArray(values)) continue;
    const name = key.slice(1);
    let found = false;
    for (const tag of event.tags) {
      if (tag[0] === name && tag[1] !== undefined && values.includes(tag[1])) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** True when at least one filter matches (the semantics of a REQ with several filters). */
export function matchFilters(filters: readonly Filter[], event: NostrEvent): boolean {
  for (const filter of filters) {
    if (matchFilter(filter, event)) return true;
  }
  return false;
}
