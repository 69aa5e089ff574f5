import { loadReadsSidebar, type ReadsSidebar } from '@swell/client';
import { readingContext } from '@/features/reading/reading-context.ts';

const kept = new Map<string, Promise<ReadsSidebar>>();

/**
 * The reads sidebar (topics, featured author, recommended reads) for a user, loaded once per
 * session and shared by the sidebar and the phone's topic row. A failed load is retried next time.
 */
export function readsSidebarFor(pubkey: string | null): Promise<ReadsSidebar> {
  const key = pubkey ?? '';
  let p = kept.get(key);
  if (!p) {
    const ctx = readingContext(pubkey);
    p = loadReadsSidebar(ctx);
    p.catch(() => kept.delete(key));
    kept.set(key, p);
  }
  return p;
}
