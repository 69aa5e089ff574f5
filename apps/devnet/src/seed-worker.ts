// Generates the demo network in a worker thread and posts each stage's events to the parent,
// so the server can ingest while generation goes on (see seed.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { NostrEvent } from '@swell/nostr';
import { generateNetwork, type NetworkOptions } from './generate-network.ts';

const port = parentPort;
if (!port) throw new Error('seed-worker must run in a worker thread');
const opts = workerData as Omit<NetworkOptions, 'onEvents'>;
const network = await generateNetwork({
  ...opts,
  onEvents: (events: NostrEvent[], stage: { done: number; total: number }) =>
    port.postMessage({ type: 'events', events, stage }),
  onNames: (names) => port.postMessage({ type: 'names', names }),
});
port.postMessage({ type: 'done', total: network.events.length });
