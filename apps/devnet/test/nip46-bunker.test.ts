import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSecretKey,
  getPublicKey,
  nip46Event,
  nostrConnectUri,
  openNip46Event,
  verifyEvent,
  type NostrEvent,
  type Nip46Response,
} from '@swell/nostr';
import { testServer, TestSocket } from '@swell/server/testing';
import { bunkerAccount, demoAccounts, devnetExtension } from '../src/index.ts';

type Server = Awaited<ReturnType<typeof testServer>>;
const erin = demoAccounts.find((a) => a.name === bunkerAccount)!;

/** A NIP-46 client speaking raw NIP-01 to our relay. */
class RawClient {
  readonly sk = generateSecretKey();
  readonly pubkey = getPublicKey(this.sk);
  readonly sock: TestSocket;
  private n = 0;
  private constructor(sock: TestSocket) {
    this.sock = sock;
  }

  static async open(relay: string): Promise<RawClient> {
    const c = new RawClient(await TestSocket.open(relay));
    c.sock.send(['REQ', 'nip46', { kinds: [24133], '#p': [c.pubkey] }]);
    // AUTH challenge first, then the end of stored events.
    for (;;) {
      const m = (await c.sock.next()) as unknown[];
      if (m[0] === 'EOSE') break;
    }
    return c;
  }

  /** The next NIP-46 message for us (skipping OKs of our own requests). */
  async receive(timeoutMs = 5000): Promise<Nip46Response> {
    for (;;) {
      const m = (await this.sock.next(timeoutMs)) as unknown[];
      if (m[0] !== 'EVENT') continue;
      const opened = openNip46Event(this.sk, m[2] as NostrEvent);
      if (opened) return opened as Nip46Response;
    }
  }

  async call(signer: string, method: string, params: string[]): Promise<Nip46Response> {
    const id = `r${++this.n}`;
    this.sock.send(['EVENT', nip46Event(this.sk, signer, { id, method, params })]);
    const res = await this.receive();
    expect(res.id).toBe(id);
    return res;
  }
}

describe('devnet NIP-46 bunker', { timeout: 30_000 }, () => {
  let server: Server;
  let info: { bunkerUrl: string; relay: string; remotePubkey: string; userPubkey: string };
  const clients: RawClient[] = [];

  let operatorToken = '';

  beforeAll(async () => {
    const ext = devnetExtension({ demo: false, devnet: true });
    server = await testServer({}, { extensions: [ext] });
    operatorToken = ext.state.operatorToken!;
    info = (await (await fetch(`${server.url}/devnet/nip46`)).json()) as typeof info;
  });
  afterAll(async () => {
    for (const c of clients) c.sock.close();
    await server?.close();
  });

  async function client() {
    const c = await RawClient.open(info.relay);
    clients.push(c);
    return c;
  }

  /** The secret of a fresh bunker:// URL. */
  async function freshSecret(): Promise<string> {
    const { bunkerUrl } = (await (await fetch(`${server.url}/devnet/nip46`)).json()) as {
      bunkerUrl: string;
    };
    return new URL(bunkerUrl.replace('bunker://', 'http://x/')).searchParams.get('secret')!;
  }

  it('serves a bunker:// URL for this relay and the demo account it signs for', () => {
    expect(info.relay).toBe(server.wsUrl('/relay'));
    expect(info.userPubkey).toBe(erin.pubkey);
    expect(info.remotePubkey).not.toBe(erin.pubkey);
    expect(info.bunkerUrl).toMatch(new RegExp(`^bunker://${info.remotePubkey}\\?relay=.+&secret=`));
  });

  it('connects with the secret once, then signs as the demo account', async () => {
    const c = await client();
    const secret = new URL(info.bunkerUrl.replace('bunker://', 'http://x/')).searchParams.get(
      'secret',
    )!;
    expect((await c.call(info.remotePubkey, 'connect', [info.remotePubkey, secret])).result).toBe(
      'ack',
    );
    expect((await c.call(info.remotePubkey, 'get_public_key', [])).result).toBe(erin.pubkey);
    const template = { kind: 1, content: 'signed far away', tags: [], created_at: 1_700_000_000 };
    const res = await c.call(info.remotePubkey, 'sign_event', [JSON.stringify(template)]);
    const signed = JSON.parse(res.result!) as NostrEvent;
    expect(signed).toMatchObject({ ...template, pubkey: erin.pubkey });
    expect(verifyEvent(signed)).toBe(true);
    // The secret was single-use.
    const other = await client();
    const again = await other.call(info.remotePubkey, 'connect', [info.remotePubkey, secret]);
    expect(again.error).toMatch(/secret/);
    expect((await other.call(info.remotePubkey, 'get_public_key', [])).error).toMatch(
      /unauthorized/,
    );
  });

  it('refuses a connect without the secret or with a wrong one, and then every request', async () => {
    const c = await client();
    const bare = await c.call(info.remotePubkey, 'connect', [info.remotePubkey]);
    expect(bare.result).toBeUndefined();
    expect(bare.error).toMatch(/^unauthorized: .*secret/);
    const empty = await c.call(info.remotePubkey, 'connect', [info.remotePubkey, '']);
    expect(empty.error).toMatch(/^unauthorized: .*secret/);
    const wrong = await c.call(info.remotePubkey, 'connect', [info.remotePubkey, 'f'.repeat(32)]);
    expect(wrong.error).toMatch(/^unauthorized: .*secret/);
    const template = { kind: 1, content: 'not erin', tags: [], created_at: 1_700_000_000 };
    for (const [method, params] of [
      ['sign_event', [JSON.stringify(template)]],
      ['get_public_key', []],
      ['nip44_encrypt', [c.pubkey, 'hi']],
      ['nip04_decrypt', [c.pubkey, 'x?iv=y']],
      ['ping', []],
    ] as const) {
      const res = await c.call(info.remotePubkey, method, [...params]);
      expect({ method, error: res.error, result: res.result }).toEqual({
        method,
        error: 'unauthorized: connect first',
        result: undefined,
      });
    }
    // The same client with the secret of a URL the bunker handed out: connected, signs.
    const secret = await freshSecret();
    expect((await c.call(info.remotePubkey, 'connect', [info.remotePubkey, secret])).result).toBe(
      'ack',
    );
    const signed = JSON.parse(
      (await c.call(info.remotePubkey, 'sign_event', [JSON.stringify(template)])).result!,
    ) as NostrEvent;
    expect(signed.pubkey).toBe(erin.pubkey);
    expect(verifyEvent(signed)).toBe(true);
    // Connected once, it may connect again without a secret (it gains nothing new).
    expect((await c.call(info.remotePubkey, 'connect', [info.remotePubkey])).result).toBe('ack');
  });

  it('answers a client-initiated nostrconnect:// with the client secret', async () => {
    const c = await client();
    const uri = nostrConnectUri({
      clientPubkey: c.pubkey,
      relays: [info.relay],
      secret: 'qr-secret',
      name: 'test',
    });
    const res = await fetch(`${server.url}/devnet/nip46/nostrconnect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri }),
    });
    expect(res.status).toBe(200);
    expect((await c.receive()).result).toBe('qr-secret');
    expect((await c.call(info.remotePubkey, 'nip44_encrypt', [c.pubkey, 'hi'])).result).toMatch(
      /^[A-Za-z0-9+/=]+$/,
    );
  });

  it('stops answering while the operator switches it off', async () => {
    const c = await client();
    await c.call(info.remotePubkey, 'connect', [info.remotePubkey, await freshSecret()]);
    const setOnline = (online: boolean, token?: string) =>
      fetch(`${server.url}/devnet/nip46/online`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ online }),
      });
    // A visitor cannot drop the bunker for everyone.
    expect((await setOnline(false)).status).toBe(401);
    expect((await setOnline(false, 'x'.repeat(43))).status).toBe(403);
    expect((await c.call(info.remotePubkey, 'ping', [])).result).toBe('pong');
    expect((await setOnline(false, operatorToken)).status).toBe(200);
    c.sock.send([
      'EVENT',
      nip46Event(c.sk, info.remotePubkey, { id: 'p', method: 'ping', params: [] }),
    ]);
    await expect(c.receive(800)).rejects.toThrow(/timed out/);
    expect((await setOnline(true, operatorToken)).status).toBe(200);
    expect((await c.call(info.remotePubkey, 'ping', [])).result).toBe('pong');
  });
});
