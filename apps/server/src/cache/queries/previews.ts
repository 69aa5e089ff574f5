import type { LinkPreviewResource } from '@swell/cache-protocol';
import type { Store } from '../../store/store.ts';
import { cacheDb } from '../tables.ts';
import { chunked } from './rows.ts';

/** Link previews already fetched by /link-preview (successful ones), by url. */
export async function cachedPreviews(
  store: Store,
  urls: readonly string[],
): Promise<Map<string, LinkPreviewResource>> {
  const out = new Map<string, LinkPreviewResource>();
  if (urls.length === 0) return out;
  const db = cacheDb(store);
  for (const part of chunked([...new Set(urls)])) {
    const rows = await db
      .selectFrom('cache_link_previews')
      .select(['url', 'data'])
      .where('url', 'in', part)
      .where('failed', '=', 0)
      .execute();
    for (const r of rows) {
      try {
        out.set(r.url, JSON.parse(r.data) as LinkPreviewResource);
      } catch {
        // a broken row is ignored
      }
    }
  }
  return out;
}
