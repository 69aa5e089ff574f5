// The flood of `npm run bench -- abuse`, run in a worker thread so that reading the flood's
// answers does not delay the canary's (the bench's main thread only times the canary). The
// flooders do not parse what they receive: they count EOSE frames.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { reqFrame, setProtocolFrame, type CacheCommand } from '@swell/cache-protocol';

export interface FloodPlan {
  url: string;
  flooders: number;
  requests: number;
  heavy: Array<[CacheCommand, unknown]>;
}

async function open(url: string, zlib: boolean, counted: (n: number) => void): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('error', rej);
  });
  ws.on('message', (data: Buffer, binary) => {
    // Text frames are NOTICE or EOSE; binary ones (zlib EVENTS) are left unread.
    if (!binary && data.subarray(0, 8).toString() === '["EOSE",' && data.includes('"f')) counted(1);
  });
  if (zlib) ws.send(setProtocolFrame('flood'));
  return ws;
}

function fire(ws: WebSocket, plan: FloodPlan): void {
  for (let i = 0; i < plan.requests; i++) {
    const [command, payload] = plan.heavy[i % plan.heavy.length]!;
    ws.send(reqFrame(`f${i}`, command, payload as never));
  }
}

async function flood(plan: FloodPlan): Promise<void> {
  // One reader that asks as much as the others and reads nothing.
  const paused = await open(plan.url, true, () => undefined);
  (paused as unknown as { _socket: { pause(): void } })._socket.pause();
  fire(paused, plan);
  let ended = 0;
  const total = plan.flooders * plan.requests;
  const sockets = await Promise.all(
    Array.from({ length: plan.flooders }, (_, i) =>
      open(plan.url, i % 2 === 0, (n) => (ended += n)),
    ),
  );
  parentPort!.postMessage({ started: true });
  for (const ws of sockets) fire(ws, plan);
  while (ended < total) await new Promise((r) => setTimeout(r, 100));
  for (const ws of [...sockets, paused]) ws.terminate();
  parentPort!.postMessage({ done: true, ended });
}

if (parentPort && workerData) void flood(workerData as FloodPlan);
