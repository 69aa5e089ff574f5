import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testServer } from '@swell/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetExtension, loadDevnetOptions, type DevnetState } from '../src/index.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

const TOKEN = 'operator-token-of-this-test-0123456789';

describe('devnet operator token', () => {
  let server: Server;
  let state: DevnetState;

  beforeAll(async () => {
    const ext = devnetExtension({ demo: false, devnet: true, operatorToken: TOKEN });
    server = await testServer({}, { extensions: [ext] });
    state = ext.state;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, body: unknown, authorization?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization !== undefined ? { authorization } : {}),
      },
      body: JSON.stringify(body),
    });

  /** The controls that change the service for everyone, with what each changes. */
  const controls = [
    {
      path: '/devnet/mint/rotate',
      body: { input_fee_ppk: 0 },
      changed: () => state.mint!.keysets().length !== 1,
    },
    {
      path: '/devnet/exchange-rate',
      body: { usd_per_btc: 12_345 },
      changed: async () => (await state.payments!.usdPerBtc()) === 12_345,
    },
    {
      path: '/devnet/nip46/online',
      body: { online: false },
      changed: () => !state.bunker!.online,
    },
  ];

  it('refuses every operator control without the token (401) or with another (403)', async () => {
    for (const { path, body, changed } of controls) {
      const none = await post(path, body);
      expect({ path, status: none.status }).toEqual({ path, status: 401 });
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
      const said = ((await none.json()) as { error: string }).error;
      expect(said).toMatch(/operator token.*Authorization: Bearer/);
      for (const authorization of [
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        TOKEN,
        'Bearer',
      ]) {
        expect({
          path,
          authorization,
          status: (await post(path, body, authorization)).status,
        }).toEqual({ path, authorization, status: 401 });
      }
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, 'Bearer x']) {
        const wrong = await post(path, body, authorization);
        expect({ path, authorization, status: wrong.status }).toEqual({
          path,
          authorization,
          status: 403,
        });
        const text = await wrong.text();
        expect(text).toContain('wrong operator token');
        expect(text).not.toContain(TOKEN);
      }
      expect({ path, changed: await changed() }).toEqual({ path, changed: false });
    }
  });

  it('lets the operator through', async () => {
    for (const { path, body, changed } of controls) {
      const ok = await post(path, body, `Bearer ${TOKEN}`);
      expect({ path, status: ok.status }).toEqual({ path, status: 200 });
      expect({ path, changed: await changed() }).toEqual({ path, changed: true });
    }
    state.bunker!.online = true;
  });

  it('leaves open what any visitor of the sandbox needs', async () => {
    const invoice = await post('/devnet/invoices', { amountMsat: 21_000 });
    expect(invoice.status).toBe(200);
    const { invoice: bolt11 } = (await invoice.json()) as { invoice: string };
    expect((await post('/devnet/pay', { invoice: bolt11 })).status).toBe(200);
    expect((await post('/devnet/nwc', { balanceSats: 5 })).status).toBe(201);
    expect((await fetch(`${server.url}/devnet/nip46`)).status).toBe(200);
    expect((await fetch(`${server.url}/devnet/exchange-rate`)).status).toBe(200);
    expect(
      (await post('/devnet/mint/v1/mint/quote/bolt11', { amount: 5, unit: 'sat' })).status,
    ).toBe(200);
  });

  it('revokes a wallet connection for its holder or the operator only', async () => {
    const made = async () =>
      (await (await post('/devnet/nwc', {})).json()) as { uri: string; walletPubkey: string };
    const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;
    const revoke = (wallet: string, authorization?: string) =>
      fetch(`${server.url}/devnet/nwc/${wallet}`, {
        method: 'DELETE',
        ...(authorization ? { headers: { authorization } } : {}),
      });
    const mine = await made();
    const theirs = await made();
    expect((await revoke(mine.walletPubkey)).status).toBe(401);
    expect((await revoke(mine.walletPubkey, `Bearer ${secretOf(theirs.uri)}`)).status).toBe(403);
    expect(state.nwc!.get(mine.walletPubkey)!.revoked).toBe(false);
    expect((await revoke(mine.walletPubkey, `Bearer ${secretOf(mine.uri)}`)).status).toBe(200);
    expect(state.nwc!.get(mine.walletPubkey)!.revoked).toBe(true);
    expect((await revoke(theirs.walletPubkey, `Bearer ${TOKEN}`)).status).toBe(200);
    expect(state.nwc!.get(theirs.walletPubkey)!.revoked).toBe(true);
  });
});

describe('where the operator token comes from', () => {
  it('reads SWELL_DEVNET_OPERATOR_TOKEN (or the flag) and refuses a weak one without echoing it', () => {
    expect(loadDevnetOptions({}, []).operatorToken).toBeUndefined();
    expect(loadDevnetOptions({ SWELL_DEVNET_OPERATOR_TOKEN: TOKEN }, []).operatorToken).toBe(TOKEN);
    expect(loadDevnetOptions({}, [`--SWELL_DEVNET_OPERATOR_TOKEN=${TOKEN}`]).operatorToken).toBe(
      TOKEN,
    );
    for (const weak of ['short-secret', `${TOKEN} with spaces`]) {
      expect(() => loadDevnetOptions({ SWELL_DEVNET_OPERATOR_TOKEN: weak }, [])).toThrow(
        /^SWELL_DEVNET_OPERATOR_TOKEN must be 16 to 256 visible characters/,
      );
      try {
        loadDevnetOptions({ SWELL_DEVNET_OPERATOR_TOKEN: weak }, []);
      } catch (err) {
        expect((err as Error).message).not.toContain(weak);
      }
    }
  });

  it('makes a fresh random one per start when none is set', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const ext = devnetExtension({ demo: false, devnet: true });
      await (await testServer({}, { extensions: [ext] })).close();
      tokens.push(ext.state.operatorToken!);
    }
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens[0]).not.toBe(tokens[1]);
  });
});

describe('apps/devnet main (what npm start runs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-devnet-main-'));
  let child: ChildProcess;
  let output = '';

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the token it made once at start, and never logs it', { timeout: 90_000 }, async () => {
    child = spawn(process.execPath, [new URL('../src/main.ts', import.meta.url).pathname], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        SWELL_DATA: dataDir,
        SWELL_DEMO: '0',
        SWELL_DEVNET: '1',
        SWELL_DEVNET_OPERATOR_TOKEN: '',
        // Every request is logged at this level: the token must still not be.
        LOG_LEVEL: 'debug',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await expect
      .poll(() => /Devnet operator token[^\n]*: (\S+)\n/.exec(output)?.[1], { timeout: 60_000 })
      .toBeTruthy();
    const token = /Devnet operator token[^\n]*: (\S+)\n/.exec(output)![1]!;
    const url = /Swell is running at (\S+)/.exec(output)![1]!;
    const rotate = (authorization: string) =>
      fetch(`${url}/devnet/mint/rotate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: '{}',
      });
    expect((await rotate(`Bearer ${token}`)).status).toBe(200);
    expect((await rotate(`Bearer ${token}0`)).status).toBe(403);
    // The request lines have been written by now.
    await expect.poll(() => output.includes('/devnet/mint/rotate')).toBe(true);
    expect(output.split(token).length - 1).toBe(1);
  });
});
