import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createHash } from 'node:crypto';
import { inlineScriptHashes } from '../src/http/static-app.ts';
import { testServer } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** Opens a websocket; resolves the socket, or the HTTP status it was refused with. */
function connect(url: string, headers: Record<string, string> = {}): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

/**
 * A response read to its end: these tests look at headers only, and a body left unread keeps the
 * connection busy, so the server's close waited for its keep-alive time-out (70 s a run).
 */
async function read(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res;
}

const opened = (x: WebSocket | number): WebSocket => {
  if (typeof x === 'number') throw new Error(`refused with ${x}`);
  return x;
};

describe('headers of the app and of every response', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'swell-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><script src="/assets/app.js"></script>',
    );
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await testServer({ webDist: dist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the app with a strict CSP, no framing, no sniffing', async () => {
    for (const path of ['/', '/home', '/thread/abc', '/wallet']) {
      const res = await read(`${server.url}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives['script-src']).toBe("'self' 'wasm-unsafe-eval'");
      expect(directives['object-src']).toBe("'none'");
      expect(directives['frame-ancestors']).toBe("'none'");
      expect(directives['img-src']).toContain('*');
      expect(directives['media-src']).toContain('*');
      expect(directives['connect-src']).toMatch(/wss:.*https:|https:.*wss:/);
      expect(csp).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    // The membership socket's paths under /wallet/ are never the app.
    const socketPath = await read(`${server.url}/wallet/v1`);
    expect(socketPath.status).toBe(404);
    expect(socketPath.headers.get('content-type')).toMatch(/json/);
    // Everything else, opened directly, may run nothing (an SVG or HTML file cannot act as the app).
    for (const path of ['/assets/app.js', '/health', '/link-preview', '/favicon.svg']) {
      const res = await read(`${server.url}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
    }
  });

  it('allows the inline scripts of the built page by their hash, and no other', async () => {
    const theme = "document.documentElement.setAttribute('data-theme', 'midnight');";
    // A rebuild while the server runs: the page's policy follows the new file.
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><script>${theme}</script><script src="/assets/app.js"></script>`,
    );
    const hash = `sha256-${createHash('sha256').update(theme).digest('base64')}`;
    for (const path of ['/', '/home']) {
      const csp = (await read(`${server.url}${path}`)).headers.get('content-security-policy')!;
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(scriptSrc.trim()).toBe(`script-src 'self' 'wasm-unsafe-eval' '${hash}'`);
    }
    expect(
      inlineScriptHashes('<script src="/a.js"></script><script type="module">x</script>'),
    ).toEqual([]);
  });
});

describe('connections per client address', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let direct: Awaited<ReturnType<typeof testServer>>;

  beforeAll(async () => {
    // Behind a proxy on 127.0.0.1 (X-Forwarded-For believed), and without one.
    server = await testServer({
      trustedProxies: '127.0.0.1',
      limits: { connectionsPerAddress: 3 },
    });
    direct = await testServer({ limits: { connectionsPerAddress: 3 } });
  });
  afterAll(async () => {
    await server.close();
    await direct.close();
  });

  it('caps websockets per client address and per endpoint', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': `198.51.100.1, ${ip}` });
    const a = await Promise.all(
      [1, 2, 3].map(() => connect(server.wsUrl('/v1'), from('203.0.113.7'))),
    );
    const [first] = a.map(opened);
    expect(await connect(server.wsUrl('/v1'), from('203.0.113.7'))).toBe(429);
    // Another client behind the same proxy, and the relay endpoint, have their own counts.
    const b = opened(await connect(server.wsUrl('/v1'), from('203.0.113.8')));
    const r = opened(await connect(server.wsUrl('/relay'), from('203.0.113.7')));
    // A closed connection gives its slot back.
    const closed = new Promise((res) => first!.once('close', res));
    first!.close();
    await closed;
    let again: WebSocket | number = 429;
    for (let i = 0; i < 50 && again === 429; i++) {
      again = await connect(server.wsUrl('/v1'), from('203.0.113.7'));
      if (again === 429) await new Promise((res) => setTimeout(res, 20));
    }
    expect(again).toBeInstanceOf(WebSocket);
    for (const ws of [...a.slice(1).map(opened), b, r, opened(again)]) ws.close();

    // Without a trusted proxy, X-Forwarded-For is not believed: all of these are 127.0.0.1.
    const d = await Promise.all(
      ['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((ip) =>
        connect(direct.wsUrl('/v1'), from(ip)),
      ),
    );
    expect(await connect(direct.wsUrl('/v1'), from('203.0.113.4'))).toBe(429);
    for (const ws of d.map(opened)) ws.close();
    const health = (await (await fetch(`${direct.url}/health`)).json()) as {
      load: { cache: { connections_refused: number } };
    };
    expect(health.load.cache.connections_refused).toBe(1);
  });
});

describe('browser origins', () => {
  let server: Awaited<ReturnType<typeof testServer>>;

  beforeAll(async () => {
    server = await testServer({ allowedOrigins: ['https://app.example'] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('/v1 accepts its own app, listed origins and non-browser clients only', async () => {
    expect(await connect(server.wsUrl('/v1'), { origin: 'https://evil.example' })).toBe(403);
    const fine: Array<Record<string, string>> = [
      { origin: 'https://app.example' },
      { origin: server.url },
      {},
    ];
    for (const headers of fine) opened(await connect(server.wsUrl('/v1'), headers)).close();
    // The relay is for every origin.
    opened(await connect(server.wsUrl('/relay'), { origin: 'https://evil.example' })).close();
  });

  it('CORS of the read API names listed origins only', async () => {
    const ask = (origin: string) =>
      read(`${server.url}/link-preview?u=${encodeURIComponent(`${server.url}/health`)}`, {
        headers: { origin },
      });
    const ok = await ask('https://app.example');
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('vary')).toMatch(/origin/i);
    const evil = await ask('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
