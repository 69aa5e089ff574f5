import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { finalizeEvent, generateSecretKey } from '@swell/nostr';
import { SOCKET_MAX_PAYLOAD } from '@swell/server';
import { fuzzSockets, recordedRequests } from '@swell/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process.ts';

type SocketPath = keyof typeof SOCKET_MAX_PAYLOAD;
const PATHS = Object.keys(SOCKET_MAX_PAYLOAD) as SocketPath[];

/** Opens a websocket; resolves once open. */
function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The close code the server ends this socket with. */
function closed(ws: WebSocket): Promise<number> {
  ws.on('error', () => undefined); // the client side may see a reset too
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

/** A client frame as RFC 6455 lays it out (masked unless told), with an optional false length. */
function rawFrame(
  opcode: number,
  payload: Buffer,
  opts: { mask?: boolean; fin?: boolean; length?: bigint } = {},
): Buffer {
  const mask = opts.mask ?? true;
  const length = opts.length ?? BigInt(payload.length);
  const head = [(opts.fin === false ? 0 : 0x80) | opcode];
  const ext: number[] = [];
  if (length < 126n) head.push(Number(length));
  else if (length < 65536n) {
    head.push(126);
    ext.push(Number(length >> 8n), Number(length & 0xffn));
  } else {
    head.push(127);
    for (let i = 7; i >= 0; i--) ext.push(Number((length >> BigInt(8 * i)) & 0xffn));
  }
  if (mask) head[1]! |= 0x80;
  const key = mask ? randomBytes(4) : Buffer.alloc(0);
  const body = Buffer.from(payload);
  if (mask) for (let i = 0; i < body.length; i++) body[i]! ^= key[i % 4]!;
  return Buffer.concat([Buffer.from([...head, ...ext]), key, body]);
}

/** Whether a new client on `path` gets an answer to an ordinary request (its EOSE). */
async function served(base: string, path: SocketPath): Promise<boolean> {
  const ws = await open(`${base}${path}`);
  const request: Record<SocketPath, unknown[]> = {
    '/v1': ['REQ', 'second', { cache: ['get_app_releases'] }],
    '/wallet/v1': ['REQ', 'second', { cache: ['membership_name_available', { name: 'second' }] }],
    '/relay': ['REQ', 'second', { kinds: [1], limit: 1 }],
  };
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 15_000);
      ws.on('message', (data: Buffer, binary) => {
        if (binary) return;
        const msg = JSON.parse(data.toString()) as unknown[];
        if (msg[0] === 'EOSE' && msg[1] === 'second') {
          clearTimeout(timer);
          resolve(true);
        }
      });
      ws.send(JSON.stringify(request[path]));
    });
  } finally {
    ws.terminate();
  }
}

/** Sends raw bytes on a TCP connection to the server, then resets it without reading. */
async function sendAndReset(port: number, bytes: string | Buffer): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  socket.write(bytes);
  socket.resetAndDestroy();
}

const upgradeTo = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

/** The server's log lines about websocket protocol errors, parsed. */
function protocolErrorLines(server: ServerProcess): Array<Record<string, unknown>> {
  return server.lines
    .filter((l) => l.includes('websocket: connection closed on a protocol error'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

// The finding 1: a frame over maxPayload on /v1 or /wallet/v1 left `error` without a
// listener and the uncaught error ended the process. Here the real server runs as its own
// process (the devnet main, as `npm start` runs it), so an exit is seen as one.
describe('the server process survives what clients send', { timeout: 120_000 }, () => {
  let server: ServerProcess;
  let ws: string;
  let port: number;

  beforeAll(async () => {
    server = await startServerProcess();
    ws = server.url.replace('http', 'ws');
    port = Number(new URL(server.url).port);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it.each(PATHS)(
    'a frame one byte over the limit on %s closes that connection (1009), logged once',
    async (path) => {
      const before = protocolErrorLines(server).length;
      const victim = await open(`${ws}${path}`);
      const bystander = await open(`${ws}${path}`);
      const bystanderClosed = closed(bystander);
      const code = closed(victim);
      victim.send('x'.repeat(SOCKET_MAX_PAYLOAD[path] + 1));
      expect(await code).toBe(1009);
      expect(await served(ws, path)).toBe(true);
      expect(server.alive()).toBe(true);
      expect(server.child.pid).toBe(server.pid);
      // only that connection was closed
      expect(bystander.readyState).toBe(WebSocket.OPEN);
      bystander.close();
      await bystanderClosed;
      // one log line, naming the path and the cause, and nothing of what the client sent
      await expect.poll(() => protocolErrorLines(server).length - before).toBe(1);
      const line = protocolErrorLines(server).at(-1)!;
      expect(line).toMatchObject({ path, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
      expect(JSON.stringify(line)).not.toMatch(/xxxx/);
    },
  );

  it.each(PATHS)('broken frames on %s close that connection only', async (path) => {
    const probes: Array<[string, Buffer, number]> = [
      ['invalid UTF-8 text', rawFrame(0x1, Buffer.from([0xc3, 0x28, 0xff])), 1007],
      ['a reserved opcode', rawFrame(0x3, Buffer.from('x')), 1002],
      ['an unmasked frame', rawFrame(0x1, Buffer.from('["REQ"]'), { mask: false }), 1002],
      ['a 2^63-byte length', rawFrame(0x2, Buffer.alloc(0), { length: 1n << 63n }), 1009],
      ['a fragmented control frame', rawFrame(0x9, Buffer.from('x'), { fin: false }), 1002],
    ];
    for (const [what, bytes, expected] of probes) {
      const victim = await open(`${ws}${path}`);
      const code = closed(victim);
      (victim as unknown as { _socket: { write(b: Buffer): void } })._socket.write(bytes);
      expect(await code, what).toBe(expected);
      expect(server.alive(), what).toBe(true);
    }
    expect(await served(ws, path)).toBe(true);
  });

  // Found by the socket fuzzer: the cache socket made a number of `limit` in its message handler,
  // and Number() of an object whose own toString and valueOf are not functions throws there.
  it('a value no number can be made of is answered, and does not end it', async () => {
    const sock = await open(`${ws}/v1`);
    const answers: unknown[][] = [];
    sock.on('message', (d: Buffer) => answers.push(JSON.parse(d.toString()) as unknown[]));
    const pubkey = 'a'.repeat(64);
    sock.send(
      `["REQ","w",{"cache":["feed",{"pubkey":"${pubkey}","limit":{"toString":1,"valueOf":"x"}}]}]`,
    );
    await expect.poll(() => answers.some((m) => m[0] === 'EOSE' && m[1] === 'w')).toBe(true);
    expect(answers.find((m) => m[0] === 'NOTICE')).toEqual(['NOTICE', 'w', 'invalid limit']);
    sock.close();
    expect(server.alive()).toBe(true);
    expect(await served(ws, '/v1')).toBe(true);
  });

  it('upgrades and HTTP requests reset by the client mid-answer leave it serving', async () => {
    for (let i = 0; i < 20; i++) {
      await sendAndReset(port, upgradeTo('/no-such-socket'));
      for (const path of PATHS) {
        await sendAndReset(port, upgradeTo(path));
        await sendAndReset(port, upgradeTo(path, 'Sec-WebSocket-Extensions: x;;;\r\n'));
        await sendAndReset(port, upgradeTo(path).replace('Version: 13', 'Version: 99'));
      }
      await sendAndReset(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
      await sendAndReset(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
      await sendAndReset(port, Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00]));
      await sendAndReset(
        port,
        'PUT /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\nab',
      );
    }
    // Let the server meet the resets.
    await new Promise((r) => setTimeout(r, 500));
    expect(server.alive()).toBe(true);
    for (const path of PATHS) expect(await served(ws, path)).toBe(true);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it.each(PATHS)('keeps its pid through the socket fuzzer on %s', async (path) => {
    const key = generateSecretKey();
    const now = Math.floor(Date.now() / 1000);
    const events = Array.from({ length: 10 }, (_, i) =>
      finalizeEvent({ kind: 1, created_at: now - i, tags: [['t', 'fuzz']], content: `${i}` }, key),
    );
    const recorded = recordedRequests(
      readFileSync(new URL('./data/primal-web-2.0.11-requests.jsonl', import.meta.url), 'utf8'),
    );
    const report = await fuzzSockets(ws, path, { recorded, events }, { runs: 150, seed: 30 });
    expect(report.answered).toBe(report.frames);
    expect(server.alive()).toBe(true);
    expect(server.child.pid).toBe(server.pid);
    expect(await served(ws, path)).toBe(true);
  });
});
