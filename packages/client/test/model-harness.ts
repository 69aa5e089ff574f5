import { afterAll, afterEach, beforeAll } from 'vitest';
import { testServer } from '@swell/server/testing';
import {
  createSwellClient,
  type SwellClient,
  type SwellClientOptions,
} from '../src/swell-client.ts';
import { MemoryStorage } from '../src/storage/storage.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

/**
 * The model suites' setting: one real server for the file, and clients on it (in-memory storage,
 * no extension) that are closed after each test, with whatever else a test pushes on `cleanup`.
 * Call at the top of a test file; it registers the hooks.
 */
export function modelHarness() {
  let server: Server | undefined;
  const cleanup: Array<() => unknown> = [];
  beforeAll(async () => {
    server = await testServer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    for (const f of cleanup.splice(0).reverse()) await f();
  });
  return {
    cleanup,
    server: (): Server => server!,
    client(options: Partial<SwellClientOptions> = {}): SwellClient {
      const c = createSwellClient({
        storage: new MemoryStorage(),
        origin: server!.url,
        login: { detect: async () => null },
        ...options,
      });
      cleanup.push(() => c.close());
      return c;
    },
  };
}
