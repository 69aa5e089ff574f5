import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initVerifier, type NostrEvent } from '@swell/nostr';
import { cacheLimits } from '../src/cache/socket.ts';
import { commandHandlers, streamHandlers } from '../src/cache/router.ts';
import { relayLimits, setRelayLimits } from '../src/relay/socket.ts';
import type { RelayLimits } from '../src/relay/limits.ts';
import { walletRoutes } from '../src/wallet/router.ts';
import {
  CACHE_TEMPLATES,
  WALLET_TEMPLATES,
  fuzzSettings,
  fuzzSockets,
  recordedRequests,
  type FuzzSeeds,
} from '../src/testing/index.ts';
import { backendServer, type Backend } from './cache-helpers.ts';

// Property-based fuzzing of the three sockets (issue 30): random and edited frames for every
// cache command, every membership command and every relay message, seeded from the requests the
// stock Primal web client sent (vectors/primal-web-2.0.11-requests.jsonl) and real signed
// events (vectors/real-events.jsonl). Properties: every request is answered as the protocol
// says (EOSE, CLOSED, COUNT, OK, NOTICE), no answer leaks an internal error, the server never
// drops the connection and keeps running. A fixed seed and run count here (about 30 s on the
// development machine); `npm run fuzz` runs longer (SWELL_FUZZ_RUNS, SWELL_FUZZ_SEED).
const settings = fuzzSettings(1000);
/** The storage backends fuzzed (SWELL_FUZZ_BACKENDS=sqlite,postgres; `npm run fuzz` runs both). */
const backends = (process.env.SWELL_FUZZ_BACKENDS ?? 'sqlite').split(',') as Backend[];

const vector = (name: string) =>
  readFileSync(new URL(`./vectors/${name}`, import.meta.url), 'utf8');

describe.each(backends)('socket fuzzing on %s', { timeout: 3_600_000 }, (backend) => {
  let server: Awaited<ReturnType<typeof backendServer>>;
  let seeds: FuzzSeeds;
  let wsBase: string;
  let relayBefore: RelayLimits;
  const cacheBefore = { ...cacheLimits };
  // The server runs in this process: an exception no handler caught, or a rejection nobody
  // handled, is a crash (the plain server exits on the first) even if every frame was answered.
  const crashes: string[] = [];
  const onCrash = (err: unknown) => crashes.push(String((err as Error)?.stack ?? err));

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    await initVerifier();
    const events = vector('real-events.jsonl')
      .split('\n')
      .slice(0, 300)
      .filter(Boolean)
      .map((l) => JSON.parse(l) as NostrEvent);
    seeds = { recorded: recordedRequests(vector('primal-web-2.0.11-requests.jsonl')), events };
    // Fuzzing is one client sending as fast as it is answered: the rate limits are not what is
    // tested here (relay-limits.test.ts and cache-load.test.ts do that).
    relayBefore = setRelayLimits({ rateBurst: 1e9, ratePerSecond: 1e9 });
    Object.assign(cacheLimits, { burst: 1e9, perSecond: 1e9 });
    // No name resolves: broadcast_events to a relay by name fails at once, offline.
    server = await backendServer(backend, {
      resolver: async (host) => Promise.reject(new Error(`no such name: ${host}`)),
    });
    wsBase = server.url.replace('http', 'ws');
  });
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    setRelayLimits(relayBefore);
    Object.assign(cacheLimits, cacheBefore);
    await server?.stop();
  });

  it('has a seed for every command of /v1 and /wallet/v1', () => {
    const cache = new Set([...CACHE_TEMPLATES, ...seeds.recorded].map((s) => s.command));
    for (const c of [...Object.keys(commandHandlers), ...Object.keys(streamHandlers)])
      expect(cache.has(c), c).toBe(true);
    const wallet = new Set(WALLET_TEMPLATES.map((s) => s.command));
    for (const c of [...Object.keys(walletRoutes.commands), ...Object.keys(walletRoutes.streams)])
      expect(wallet.has(c), c).toBe(true);
  });

  it.each(['/v1', '/wallet/v1', '/relay'] as const)(
    '%s answers every fuzzed frame as the protocol says, without an internal error',
    async (path) => {
      const report = await fuzzSockets(wsBase, path, seeds, settings, {
        maxMessageLength: relayLimits().maxMessageLength,
      });
      expect(crashes).toEqual([]);
      expect(report.answered).toBe(report.frames);
      expect(report.frames).toBeGreaterThanOrEqual(settings.runs);
      // and the server still serves a new client
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
    },
  );
});
