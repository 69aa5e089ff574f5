// Worker thread of the verification pool: checks ids and signatures (nostr-wasm) off the main
// event loop. Message in: {id, events}; message out: {id, ok: boolean[]}.
import { parentPort } from 'node:worker_threads';
import { initVerifier, verifyEvent, type NostrEvent } from '@swell/nostr';

await initVerifier();
parentPort!.on('message', (msg: { id: number; events: NostrEvent[] }) => {
  const ok = msg.events.map((e) => verifyEvent(e));
  parentPort!.postMessage({ id: msg.id, ok });
});
parentPort!.postMessage({ ready: true });
