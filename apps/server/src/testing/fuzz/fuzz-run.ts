import fc from 'fast-check';
import { generateSecretKey, type NostrEvent } from '@swell/nostr';
import { cacheFrames, relayFrames } from './frames.ts';
import type { Json } from './json-mutation.ts';
import {
  CACHE_TEMPLATES,
  WALLET_TEMPLATES,
  domainValues,
  eventTemplates,
  filterTemplates,
  type RequestSeed,
} from './seeds.ts';
import { SocketProbe } from './socket-probe.ts';

/** How long a fuzz run is: runs per socket and the seed (SWELL_FUZZ_RUNS, SWELL_FUZZ_SEED). */
export interface FuzzSettings {
  runs: number;
  seed: number;
}

/** The settings from the environment, or a fixed seed and `defaultRuns` (`npm test`). */
export function fuzzSettings(defaultRuns: number, env = process.env): FuzzSettings {
  const runs = Number(env.SWELL_FUZZ_RUNS);
  const seed = Number(env.SWELL_FUZZ_SEED);
  return {
    runs: Number.isInteger(runs) && runs > 0 ? runs : defaultRuns,
    seed: Number.isInteger(seed) ? seed : 30,
  };
}

export interface SocketFuzzReport {
  path: string;
  frames: number;
  answered: number;
}

/** What the fuzzer starts from: recorded client requests and real signed events. */
export interface FuzzSeeds {
  /** Cache requests of a real client (`recordedRequests`), added to the templates. */
  recorded: readonly RequestSeed[];
  /** Real signed events (EVENT and import seeds, and the ids, pubkeys and tags of edits). */
  events: readonly NostrEvent[];
}

type SocketPath = '/v1' | '/wallet/v1' | '/relay';

/**
 * Fuzzes one socket of a running server (`wsBase`: `ws://host:port`): `settings.runs` frames,
 * one at a time, each checked by a `SocketProbe`. Throws on the first frame the server answers
 * wrongly (or not at all), after fast-check has shrunk it, with the seed to replay it.
 */
export async function fuzzSockets(
  wsBase: string,
  path: SocketPath,
  seeds: FuzzSeeds,
  settings: FuzzSettings,
  opts: { maxMessageLength?: number } = {},
): Promise<SocketFuzzReport> {
  const requests =
    path === '/v1'
      ? [...CACHE_TEMPLATES, ...seeds.recorded]
      : path === '/wallet/v1'
        ? WALLET_TEMPLATES
        : [];
  const domain = domainValues(seeds.events, requests);
  const frames =
    path === '/relay'
      ? relayFrames(
          [...(seeds.events.slice(0, 100) as unknown as Json[]), ...eventTemplates()],
          filterTemplates(seeds.events),
          domain,
        )
      : cacheFrames(
          path === '/v1' ? [...requests, ...eventImports(seeds.events)] : requests,
          domain,
        );
  const probe = await SocketProbe.open({
    url: `${wsBase}${path}`,
    protocol: path === '/relay' ? 'relay' : 'cache',
    secretKey: generateSecretKey(),
    ownRelay: `${wsBase}/relay`,
    ...(opts.maxMessageLength !== undefined ? { maxMessageLength: opts.maxMessageLength } : {}),
  });
  // The server's state carries over from frame to frame, so the frame fast-check shrinks to may
  // fail only because of the one that failed first: that one is reported too.
  let first: string | undefined;
  try {
    await fc.assert(
      fc.asyncProperty(frames, async (frame) => {
        const problem = await probe.send(frame);
        if (problem) {
          first ??= `after ${probe.stats.frames - 1} frames: ${problem}\n  the frames before it:\n${probe.recent
            .slice(0, -1)
            .map((f) => `    ${f}`)
            .join('\n')}`;
          throw new Error(problem);
        }
      }),
      { numRuns: settings.runs, seed: settings.seed },
    );
  } catch (err) {
    throw new Error(
      `fuzzing ${path} failed; replay with SWELL_FUZZ_SEED=${settings.seed} SWELL_FUZZ_RUNS=${settings.runs}\nfirst failure, ${first}\n${String((err as Error).message)}`,
      { cause: err },
    );
  } finally {
    probe.close();
  }
  return { path, ...probe.stats };
}

/** `import_events` seeds with real events (and the same events edited, by the fuzzer). */
function eventImports(events: readonly NostrEvent[]): RequestSeed[] {
  const out: RequestSeed[] = [];
  for (let i = 0; i < Math.min(events.length, 60); i += 20) {
    out.push({
      command: 'import_events',
      payload: { events: events.slice(i, i + 20) as unknown as Json[] },
    });
  }
  out.push({ command: 'import_events', payload: { events: eventTemplates() } });
  return out;
}
