import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket, testServer } from './helpers.ts';

describe('server foundation', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers /health with version, storage kind and uptime', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.storage).toBe('sqlite');
    expect(body.counts).toEqual({ events: 0, users: 0, zaps: 0 });
    expect(typeof body.uptime).toBe('number');
  });

  it('cache socket: protocol handshake, unknown command, broken JSON keeps the connection', async () => {
    const s = await TestSocket.open(server.wsUrl('/v1'));
    s.send(['REQ', 'p1', { cache: ['set_primal_protocol', { compression: 'zlib' }] }]);
    expect(await s.next()).toEqual(['EOSE', 'p1']);
    s.send('{not json');
    const notice = (await s.next()) as unknown[];
    expect(notice[0]).toBe('NOTICE');
    s.send(['REQ', 'x', { cache: ['no_such_command', {}] }]);
    expect(await s.next()).toEqual(['NOTICE', 'x', 'unknown api request']);
    expect(await s.next()).toEqual(['EOSE', 'x']);
    s.close();
  });

  it('relay socket: AUTH challenge first, then REQ answers EOSE', async () => {
    const s = await TestSocket.open(server.wsUrl('/relay'));
    expect(((await s.next()) as unknown[])[0]).toBe('AUTH');
    s.send(['REQ', 'sub', { kinds: [1], limit: 1 }]);
    expect(await s.next()).toEqual(['EOSE', 'sub']);
    s.send(['CLOSE', 'sub']);
    s.close();
  });

  it('unknown upgrade paths are refused and API paths never fall back to the app', async () => {
    const res = await fetch(`${server.url}/v1/nothing`);
    expect(res.status).toBe(404);
  });
});
