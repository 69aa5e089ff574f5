import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bunkerAccount, demoAccounts } from '@swell/devnet';
import { verifyEvent } from '@swell/nostr';
import { isClientError } from '../src/errors.ts';
import { Nip46Signer } from '../src/signers/nip46-signer.ts';
import { startNostrConnect } from '../src/signers/nostr-connect.ts';
import { clientTestServer, waitFor, type ClientTestServer } from './helpers.ts';

const erin = demoAccounts.find((a) => a.name === bunkerAccount)!;

describe('NIP-46 remote signer against the devnet bunker', () => {
  let server: ClientTestServer;
  const signers: Nip46Signer[] = [];

  beforeAll(async () => {
    server = await clientTestServer({ devnet: true });
  });
  afterAll(async () => {
    for (const s of signers) s.close();
    await server?.close();
  });

  async function bunkerUrl(): Promise<string> {
    const info = (await (await fetch(`${server.url}/devnet/nip46`)).json()) as {
      bunkerUrl: string;
    };
    return info.bunkerUrl;
  }

  async function setOnline(online: boolean) {
    const res = await fetch(`${server.url}/devnet/nip46/online`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${server.devnet.operatorToken!}`,
      },
      body: JSON.stringify({ online }),
    });
    expect(res.status).toBe(200);
  }

  async function connect(options: Parameters<typeof Nip46Signer.connectBunker>[1] = {}) {
    const s = await Nip46Signer.connectBunker(await bunkerUrl(), options);
    signers.push(s);
    return s;
  }

  it('pairs through bunker://, signs as the demo account and encrypts', async () => {
    const signer = await connect();
    expect(signer.type).toBe('nip46');
    expect(await signer.getPublicKey()).toBe(erin.pubkey);
    expect(signer.state.getSnapshot().status).toBe('ready');
    const e = await signer.signEvent({ kind: 1, tags: [['t', 'remote']], content: 'from afar' });
    expect(e).toMatchObject({ kind: 1, pubkey: erin.pubkey, content: 'from afar' });
    expect(verifyEvent(e)).toBe(true);
    const sealed = await signer.nip44.encrypt(erin.pubkey, 'a secret');
    expect(sealed).not.toContain('a secret');
    expect(await signer.nip44.decrypt(erin.pubkey, sealed)).toBe('a secret');
  });

  it('refuses a used secret and a malformed URL', async () => {
    const url = await bunkerUrl();
    signers.push(await Nip46Signer.connectBunker(url));
    const again = await Nip46Signer.connectBunker(url).catch((e: unknown) => e);
    expect(isClientError(again, 'signer-rejected')).toBe(true);
    const bad = await Nip46Signer.connectBunker('bunker://nothex?relay=ws://x').catch((e) => e);
    expect(isClientError(bad, 'invalid-bunker-url')).toBe(true);
  });

  it('is refused by a bunker when the URL lost its secret or carries a wrong one', async () => {
    const url = new URL((await bunkerUrl()).replace('bunker://', 'http://'));
    const remote = url.hostname;
    const relay = url.searchParams.get('relay')!;
    for (const secret of [undefined, 'f'.repeat(32)]) {
      const q = new URLSearchParams({ relay, ...(secret ? { secret } : {}) });
      const refused = await Nip46Signer.connectBunker(`bunker://${remote}?${q}`).catch((e) => e);
      expect(isClientError(refused, 'signer-rejected')).toBe(true);
      expect((refused as Error).message).toMatch(/unauthorized/);
    }
  });

  it('pairs through a nostrconnect:// URI the signer answers', async () => {
    const pairing = startNostrConnect({ relays: [server.relayUrl], name: 'Swell test' });
    expect(pairing.uri).toMatch(/^nostrconnect:\/\/[0-9a-f]{64}\?relay=.+&secret=/);
    await pairing.ready;
    // What the user's signer app does after scanning the QR code:
    const res = await fetch(`${server.url}/devnet/nip46/nostrconnect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri: pairing.uri }),
    });
    expect(res.status).toBe(200);
    const signer = await pairing.signer;
    signers.push(signer);
    expect(await signer.getPublicKey()).toBe(erin.pubkey);
    expect(verifyEvent(await signer.signEvent({ kind: 1, tags: [], content: 'qr' }))).toBe(true);
  });

  it('comes back from a stored session without pairing again', async () => {
    const first = await connect();
    const session = first.session();
    first.close();
    expect(first.state.getSnapshot().status).toBe('disconnected');
    const restored = Nip46Signer.restore(JSON.parse(JSON.stringify(session)));
    signers.push(restored);
    expect(await restored.getPublicKey()).toBe(erin.pubkey);
    const e = await restored.signEvent({ kind: 7, tags: [], content: '+' });
    expect(e.pubkey).toBe(erin.pubkey);
  });

  it('a signer that stops answering shows as disconnected instead of hanging', async () => {
    const signer = await connect({ requestTimeoutMs: 800 });
    await setOnline(false);
    try {
      const err = await signer.signEvent({ kind: 1, tags: [], content: 'x' }).catch((e) => e);
      expect(isClientError(err, 'signer-timeout')).toBe(true);
      expect(signer.state.getSnapshot()).toMatchObject({ status: 'disconnected' });
    } finally {
      await setOnline(true);
    }
    expect(await signer.ping()).toBe(true);
    expect(signer.state.getSnapshot().status).toBe('ready');
  });

  it('says within seconds that the signer does not answer, keeps waiting, and notices it is back', async () => {
    const signer = await connect({ requestTimeoutMs: 1500, slowAfterMs: 200, repingMs: 300 });
    await setOnline(false);
    let settled = false;
    const pending = signer
      .signEvent({ kind: 1, tags: [], content: 'slow' })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    try {
      // Slow, not yet given up: the request still waits (an answer may come).
      await waitFor(() => signer.state.getSnapshot().slow === true, 5000, 'slow');
      expect(signer.state.getSnapshot().status).toBe('ready');
      expect(settled).toBe(false);
      expect(isClientError(await pending, 'signer-timeout')).toBe(true);
      expect(signer.state.getSnapshot()).toMatchObject({ status: 'disconnected' });
      expect(signer.state.getSnapshot().slow).toBeUndefined();
    } finally {
      await setOnline(true);
    }
    // Pinged while it does not answer: ready again without another action.
    await waitFor(() => signer.state.getSnapshot().status === 'ready', 10_000, 'ready again');
    expect(signer.state.getSnapshot().slow).toBeUndefined();
  });

  it('a dropped relay connection fails the request at once and recovers', async () => {
    // A request time-out far beyond the test's: only the drop can end the request in time.
    const signer = await connect({ requestTimeoutMs: 10 * 60_000 });
    await setOnline(false);
    const pending = signer.signEvent({ kind: 1, tags: [], content: 'lost' }).catch((e) => e);
    await new Promise((r) => setTimeout(r, 200));
    server.dropSockets();
    const err = await pending;
    expect(isClientError(err, 'signer-disconnected')).toBe(true);
    expect(signer.state.getSnapshot().status).toBe('disconnected');
    await setOnline(true);
    await waitFor(() => signer.state.getSnapshot().status === 'ready', 10_000, 'ready again');
    expect(verifyEvent(await signer.signEvent({ kind: 1, tags: [], content: 'back' }))).toBe(true);
  });
});
