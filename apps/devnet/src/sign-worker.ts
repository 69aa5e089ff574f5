// Signs batches of events for sign-pool.ts in a worker thread (same deterministic signer).
import { parentPort } from 'node:worker_threads';
import { DeterministicSigner, type Template } from './signer.ts';

const port = parentPort;
if (!port) throw new Error('sign-worker must run in a worker thread');
const signer = await DeterministicSigner.create();
port.on('message', (msg: { id: number; jobs: Array<{ template: Template; key: Uint8Array }> }) => {
  const sigs = msg.jobs.map((j) => signer.sign(j.template, j.key));
  port.postMessage({ id: msg.id, ids: sigs.map((e) => e.id), sigs: sigs.map((e) => e.sig) });
});
port.postMessage({ ready: true });
