import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';
import WebSocket, { WebSocketServer } from 'ws';
import { isPublicAddress } from '../src/net/address-class.ts';
import { FetchGuard, type Resolver } from '../src/net/fetch-guard.ts';
import type { ServerExtension } from '../src/context.ts';
import { testServer } from './helpers.ts';
import { CacheClient, User } from './cache-helpers.ts';

// Real servers on a shared machine: generous time limits. Everything stays on loopback:
// 127.0.0.1 and 127.0.0.2 are both this machine's loopback interface on Linux.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** A site on one loopback address that counts its hits; `/r?to=URL` redirects. */
interface Site {
  server: Server;
  hits: number;
}

function site(host: string, port: number, title: string, png: Buffer): Promise<Site> {
  const s: Site = { server: undefined as unknown as Server, hits: 0 };
  s.server = createServer((req, res) => {
    s.hits++;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/r') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    } else if (url.pathname === '/pic.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><head><title>${title}</title></head></html>`);
    }
  });
  return new Promise((resolve, reject) => {
    s.server.once('error', reject);
    s.server.listen(port, host, () => resolve(s));
  });
}

/** Site B listens on 127.0.0.1:P, site A on 127.0.0.2:P (the same port). */
async function twoSites(png: Buffer): Promise<{ a: Site; b: Site; port: number }> {
  for (let attempt = 0; ; attempt++) {
    const b = await site('127.0.0.1', 0, 'inside', png);
    const port = (b.server.address() as { port: number }).port;
    try {
      const a = await site('127.0.0.2', port, 'outside', png);
      return { a, b, port };
    } catch (err) {
      b.server.close();
      if (attempt > 5) throw err;
    }
  }
}

/** Every way of writing a private or local address that the guard must refuse. */
function privateNotations(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://2130706433:${port}/`, // decimal
    `http://0x7f.1:${port}/`, // hex, short form
    `http://0177.0.0.1:${port}/`, // octal
    `http://0:${port}/`, // 0.0.0.0
    `http://[::ffff:127.0.0.1]:${port}/`, // IPv4-mapped
    `http://[::ffff:7f00:1]:${port}/`, // IPv4-mapped, hex
    `http://[::ffff:a9fe:a9fe]/`, // 169.254.169.254, cloud metadata
    `http://[::ffff:0:7f00:1]:${port}/`, // IPv4-translated (RFC 6145)
    `http://[::7f00:1]:${port}/`, // IPv4-compatible (deprecated)
    `http://[64:ff9b::7f00:1]:${port}/`, // NAT64
    `http://[64:ff9b::a9fe:a9fe]/`, // NAT64 of the metadata address
    `http://[2002:7f00:1::]:${port}/`, // 6to4 of 127.0.0.1
    `http://[2001::1]:${port}/`, // Teredo
    `http://[fec0::1]:${port}/`, // site-local
    `http://[fc00::1]/`, // unique local
    `http://[fe80::1]/`, // link-local
    `http://[::1]:${port}/`,
    `http://[::]:${port}/`,
    `http://10.0.0.1/`,
    `http://100.64.0.1/`,
    `http://169.254.169.254/`,
    `http://172.16.0.1/`,
    `http://192.168.1.1/`,
    `http://224.0.0.1/`,
    `http://255.255.255.255/`,
  ];
}

describe('address classification', () => {
  it('only public unicast addresses are public, in every notation', () => {
    for (const a of [
      '127.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:0:7f00:1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2001::1',
      '2001:db8::1',
      'fec0::1',
      'fc00::1',
      'fe80::1',
      '::1',
      '::',
      'ff02::1',
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.5.5',
      '192.168.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('checks every DNS answer and connects to the checked one', async () => {
    const answers: Record<string, string[]> = {
      'mixed.test': ['93.184.216.34', '127.0.0.1'],
      'mapped.test': ['::ffff:7f00:1'],
      'public.test': ['93.184.216.34'],
    };
    const resolver: Resolver = async (h) =>
      (answers[h] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const guard = new FetchGuard({ allowPrivate: false, resolver });
    await expect(guard.target('http://mixed.test/', ['http:'])).rejects.toThrow(
      'private address refused',
    );
    await expect(guard.target('http://mapped.test/', ['http:'])).rejects.toThrow(
      'private address refused',
    );
    await expect(guard.target('http://nowhere.test/', ['http:'])).rejects.toThrow('host not found');
    await expect(guard.target('file:///etc/passwd', ['http:'])).rejects.toThrow('scheme');
    await expect(guard.target('http://u:p@public.test/', ['http:'])).rejects.toThrow('credentials');
    const t = await guard.target('http://public.test/x', ['http:']);
    expect(t).toMatchObject({ address: '93.184.216.34', family: 4 });
    // The lookup handed to the connection answers the checked address, whatever it is asked.
    const answer = await new Promise<unknown[]>((resolve) =>
      FetchGuard.lookupFor(t)('other.test', {}, (...args: unknown[]) => resolve(args)),
    );
    expect(answer).toEqual([null, '93.184.216.34', 4]);
  });
});

describe('outbound fetches for clients', () => {
  let png: Buffer;
  let sites: { a: Site; b: Site; port: number };
  /** A relay on 127.0.0.1 that counts connections. */
  let relay: WebSocketServer;
  let relayPort: number;
  let relayConnections = 0;
  /** Default configuration: no private fetches. */
  let server: Awaited<ReturnType<typeof testServer>>;
  /** Private fetches allowed to 127.0.0.2 only; a scripted resolver. */
  let narrow: Awaited<ReturnType<typeof testServer>>;
  const resolved: string[] = [];

  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    sites = await twoSites(png);
    relay = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => relay.once('listening', r));
    relayPort = (relay.address() as { port: number }).port;
    relay.on('connection', () => relayConnections++);

    // A route of this server (as the devnet's demo media are): served in-process when asked
    // through /media-cache or /link-preview, although 127.0.0.1 may not be fetched.
    const ownMedia: ServerExtension = {
      name: 'own-media',
      register(app) {
        app.get('/ext/pic.png', async (_req, reply) => reply.type('image/png').send(png));
      },
    };
    const resolver: Resolver = async (host) => {
      resolved.push(host);
      const seen = resolved.filter((h) => h === host).length;
      // A rebinding name server: the first answer passes the check, later ones point inside.
      if (host === 'rebind.test')
        return [{ address: seen === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
      if (host === 'inner.test' || host === 'evil.example')
        return [{ address: '127.0.0.1', family: 4 }];
      throw new Error('ENOTFOUND');
    };
    server = await testServer(
      { trustedProxies: '127.0.0.1' },
      { extensions: [ownMedia], resolver },
    );
    narrow = await testServer({ allowPrivateFetch: '127.0.0.2' }, { resolver });
  });
  afterAll(async () => {
    await server.close();
    await narrow.close();
    sites.a.server.close();
    sites.b.server.close();
    relay.close();
  });

  const preview = (base: string, u: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/link-preview?u=${encodeURIComponent(u)}`, { headers });
  const media = (base: string, u: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/media-cache?s=s&a=0&u=${encodeURIComponent(u)}`, {
      headers,
      redirect: 'manual',
    });

  it('refuses every private notation, for a loopback and for a remote client', async () => {
    const before = sites.b.hits;
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    for (const u of privateNotations(sites.port)) {
      for (const headers of [{}, remote]) {
        const p = await preview(server.url, u, headers);
        expect(p.status, `link-preview ${u}`).toBe(400);
        expect(((await p.json()) as { error: string }).error).toMatch(/private address refused/);
        const m = await media(server.url, `${u}pic.png`, headers);
        expect(m.status, `media-cache ${u}`).toBe(400);
        expect(m.headers.get('location')).toBeNull();
      }
    }
    expect(sites.b.hits).toBe(before);
    // The server's own app page is answered in-process instead of being fetched.
    expect((await preview(server.url, `${server.url}/`)).status).not.toBe(400);
  });

  it('refuses private relays for broadcast_events, whatever Host the client claims', async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    const alice = new User();
    for (const relayUrl of [
      `ws://127.0.0.1:${relayPort}/`,
      `ws://[::ffff:127.0.0.1]:${relayPort}/`,
      `ws://[::ffff:7f00:1]:${relayPort}/`,
      `ws://localhost:${relayPort}/`,
    ]) {
      const r = await c.request('broadcast_events', {
        events: [alice.sign(1, `to ${relayUrl}`)],
        relays: [relayUrl],
      });
      expect(r.notices[0], relayUrl).toMatch(/failed to publish/);
    }
    c.close();

    // A client that says it reached us as evil.example (a name resolving to 127.0.0.1, where a
    // relay listens) does not make ws://evil.example/relay "our own relay".
    const forged = new WebSocket(server.wsUrl('/v1'), {
      headers: { host: `evil.example:${relayPort}` },
    });
    await new Promise((r) => forged.once('open', r));
    const answer = new Promise<unknown[][]>((resolve) => {
      const got: unknown[][] = [];
      forged.on('message', (d) => {
        const m = JSON.parse(d.toString()) as unknown[];
        got.push(m);
        if (m[0] === 'EOSE') resolve(got);
      });
    });
    forged.send(
      JSON.stringify([
        'REQ',
        'b',
        {
          cache: [
            'broadcast_events',
            {
              events: [alice.sign(1, 'forged host')],
              relays: [`ws://evil.example:${relayPort}/relay`],
            },
          ],
        },
      ]),
    );
    const msgs = await answer;
    expect(msgs.find((m) => m[0] === 'NOTICE')?.[2]).toMatch(/failed to publish/);
    forged.close();
    expect(relayConnections).toBe(0);
  });

  it("publishes to the server's own relay (from configuration) without a connection", async () => {
    const c = await CacheClient.open(server.wsUrl('/v1'), false);
    const e = new User().sign(1, 'to our own relay');
    const r = await c.request('broadcast_events', {
      events: [e],
      relays: [server.wsUrl('/relay')],
    });
    expect(r.notices).toEqual([]);
    expect(r.events[0]?.id).toBe(e.id);
    c.close();
  });

  it("serves the server's own URLs in-process, never its fetching endpoints", async () => {
    const ok = await media(server.url, `${server.url}/ext/pic.png`);
    expect(ok.status).toBe(200);
    expect((await sharp(Buffer.from(await ok.arrayBuffer())).metadata()).width).toBe(40);
    const loop = await media(server.url, `${server.url}/media-cache?s=o&u=http://x/`);
    expect(loop.status).toBe(400);
  });

  it('checks every redirect hop', async () => {
    const before = sites.b.hits;
    const start = `http://127.0.0.2:${sites.port}/r?to=`;
    // The first hop is allowed (127.0.0.2); its redirect to 127.0.0.1 in any notation is not.
    expect((await preview(narrow.url, `http://127.0.0.2:${sites.port}/`)).status).toBe(200);
    for (const u of [
      ...privateNotations(sites.port).slice(0, 12),
      `http://inner.test:${sites.port}/`,
    ]) {
      const p = await preview(narrow.url, `${start}${encodeURIComponent(u)}`);
      expect(p.status, u).toBe(400);
      const m = await media(narrow.url, `${start}${encodeURIComponent(`${u}pic.png`)}`);
      expect(m.status, u).toBe(400);
    }
    expect(sites.b.hits).toBe(before);
  });

  it('resolves once and connects to the checked address (DNS rebinding)', async () => {
    const beforeA = sites.a.hits;
    const beforeB = sites.b.hits;
    resolved.length = 0;
    const p = await preview(narrow.url, `http://rebind.test:${sites.port}/page`);
    expect(p.status).toBe(200);
    expect(((await p.json()) as { title: string }).title).toBe('outside');
    expect(resolved).toEqual(['rebind.test']);
    expect(sites.a.hits).toBe(beforeA + 1);
    expect(sites.b.hits).toBe(beforeB);
    // The second lookup of the name would now say 127.0.0.1: refused.
    const again = await media(narrow.url, `http://rebind.test:${sites.port}/pic.png`);
    expect(again.status).toBe(400);
    expect(sites.b.hits).toBe(beforeB);
  });

  it('never fetches a private address for a page on a foreign origin, even where allowed', async () => {
    const u = `http://127.0.0.2:${sites.port}/foreign`;
    const pic = `http://127.0.0.2:${sites.port}/pic.png`;
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' }, // a picture or link on another site: no Origin
      { 'sec-fetch-site': 'same-site' },
    ];
    const before = sites.a.hits;
    for (const headers of foreign) {
      const p = await preview(narrow.url, u, headers);
      expect(p.status, JSON.stringify(headers)).toBe(400);
      expect(((await p.json()) as { error: string }).error).toMatch(/private address refused/);
      expect((await media(narrow.url, pic, headers)).status, JSON.stringify(headers)).toBe(400);
    }
    expect(sites.a.hits).toBe(before);
    // The server's own app, and clients that are not browsers, may (SWELL_ALLOW_PRIVATE_FETCH).
    const own = { origin: new URL(narrow.url).origin, 'sec-fetch-site': 'same-origin' };
    expect((await preview(narrow.url, u, own)).status).toBe(200);
    expect((await media(narrow.url, pic)).status).toBe(200);
    // What they fetched is cached; a foreign page is still refused it.
    for (const headers of foreign) {
      expect((await preview(narrow.url, u, headers)).status).toBe(400);
      expect((await media(narrow.url, pic, headers)).status).toBe(400);
    }

    // broadcast_events of a /v1 connection opened by a foreign page: no private relay either.
    const inner = new WebSocketServer({ port: 0, host: '127.0.0.2' });
    await new Promise((r) => inner.once('listening', r));
    let innerConnections = 0;
    inner.on('connection', (ws) => {
      innerConnections++;
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as [string, { id: string }];
        ws.send(JSON.stringify(['OK', m[1].id, true, '']));
      });
    });
    const innerUrl = `ws://127.0.0.2:${(inner.address() as { port: number }).port}/`;
    const broadcast = async (headers: Record<string, string>) => {
      const ws = new WebSocket(narrow.wsUrl('/v1'), { headers });
      await new Promise((r, j) => {
        ws.once('open', r);
        ws.once('error', j);
      });
      const got = new Promise<unknown[][]>((resolve) => {
        const msgs: unknown[][] = [];
        ws.on('message', (d) => {
          const m = JSON.parse(d.toString()) as unknown[];
          msgs.push(m);
          if (m[0] === 'EOSE') resolve(msgs);
        });
      });
      const event = new User().sign(1, `broadcast ${JSON.stringify(headers)}`);
      ws.send(
        JSON.stringify([
          'REQ',
          'b',
          { cache: ['broadcast_events', { events: [event], relays: [innerUrl] }] },
        ]),
      );
      const msgs = await got;
      ws.close();
      return msgs;
    };
    const refused = await broadcast({ origin: 'https://evil.example' });
    expect(refused.find((m) => m[0] === 'NOTICE')?.[2]).toMatch(/failed to publish/);
    expect(innerConnections).toBe(0);
    const published = await broadcast({});
    expect(published.find((m) => m[0] === 'NOTICE')).toBeUndefined();
    expect(published.find((m) => m[0] === 'EVENT')).toBeDefined();
    expect(innerConnections).toBe(1);
    inner.close();
  });
});
