import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { SOCKET_MAX_PAYLOAD } from '../src/server.ts';
import { testServer } from './helpers.ts';

// What follows a frame over the limit: ws closed the connection (1009) but went on reading, and
// throwing away, everything the client sent after it for up to 30 s while waiting for the
// client's close frame behind it. (That such frames cannot end the process is tested on the
// devnet's real process: apps/devnet/test/process-survives.test.ts.)
describe('a connection closed on a protocol error', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  const accepted: Socket[] = [];

  beforeAll(async () => {
    server = await testServer();
    server.app.server.on('upgrade', (_req, socket: Socket) => accepted.push(socket));
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(Object.keys(SOCKET_MAX_PAYLOAD) as Array<keyof typeof SOCKET_MAX_PAYLOAD>)(
    'on %s is not read any more, and is dropped once the client had its close frame',
    async (path) => {
      const ws = new WebSocket(server.wsUrl(path), { perMessageDeflate: false });
      await new Promise((resolve) => ws.once('open', resolve));
      const serverSide = accepted.at(-1)!;
      ws.on('error', () => undefined);
      const code = new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
      ws.send('x'.repeat(SOCKET_MAX_PAYLOAD[path] + 1));
      // 64 MB more behind it
      const raw = (ws as unknown as { _socket: Socket })._socket;
      for (let i = 0; i < 64; i++) raw.write(Buffer.alloc(1024 * 1024, 0x78));
      expect(await code).toBe(1009);
      // what reached the server before it stopped reading, not the 68 MB sent
      expect(serverSide.bytesRead).toBeLessThan(4 * 1024 * 1024);
      expect(serverSide.destroyed).toBe(true);
    },
  );
});
