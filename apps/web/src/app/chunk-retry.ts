import { cache } from '@/data/connection.ts';
import { retryChunks } from '@/lib/chunk-load.ts';

/**
 * Opens the cache connection, and whenever it is ready again after a drop (the server is back),
 * whatever part of the app failed to load meanwhile is fetched again (lib/chunk-load.ts).
 */
export function retryChunksOnReconnect(): void {
  const connection = cache();
  let ready = connection.getSnapshot().status === 'ready';
  connection.subscribe(() => {
    const now = connection.getSnapshot().status === 'ready';
    if (now && !ready) retryChunks();
    ready = now;
  });
}
