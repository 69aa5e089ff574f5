import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { PushResultKind, type PushConfig } from '@swell/cache-protocol';
import { loadConfig } from '../src/config.ts';
import { vapidKeyProblem } from '../src/push/vapid-keys.ts';
import { CacheClient } from './cache-helpers.ts';
import { testServer } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const vapidKeyOf = async (server: Awaited<ReturnType<typeof testServer>>) => {
  const cache = await CacheClient.open(server.wsUrl('/v1'), false);
  try {
    const r = await cache.request('push_config', {});
    expect(r.notices).toEqual([]);
    const event = r.events.find((e) => e.kind === PushResultKind.Config)!;
    return (JSON.parse(event.content) as PushConfig).vapid_public_key;
  } finally {
    cache.close();
  }
};

describe('the VAPID keys of Web Push', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'swell-push-keys-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are made at the first start and kept under SWELL_DATA across restarts', async () => {
    const first = await testServer({ dataDir });
    const key = await vapidKeyOf(first);
    await first.close();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const again = await testServer({ dataDir });
    expect(await vapidKeyOf(again)).toBe(key);
    await again.close();
  });

  it('come from configuration when set, checked as a pair', async () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig(
      {
        SWELL_VAPID_PUBLIC_KEY: keys.publicKey,
        SWELL_VAPID_PRIVATE_KEY: keys.privateKey,
        SWELL_VAPID_SUBJECT: 'mailto:ops@example.org',
        SWELL_PUSH_BURST: '2',
        SWELL_PUSH_INTERVAL_SECONDS: '30',
      },
      [],
    );
    expect(config.push).toEqual({
      vapidPublicKey: keys.publicKey,
      vapidPrivateKey: keys.privateKey,
      vapidSubject: 'mailto:ops@example.org',
      burst: 2,
      intervalSeconds: 30,
    });
    const server = await testServer({ push: config.push! });
    expect(await vapidKeyOf(server)).toBe(keys.publicKey);
    await server.close();

    expect(() => loadConfig({ SWELL_VAPID_PUBLIC_KEY: keys.publicKey }, [])).toThrow(
      /must be set together/,
    );
    expect(() => loadConfig({ SWELL_VAPID_SUBJECT: 'ops@example.org' }, [])).toThrow(
      /SWELL_VAPID_SUBJECT must be a mailto: or https: URL/,
    );
    const other = webpush.generateVAPIDKeys();
    expect(vapidKeyProblem(keys.publicKey, other.privateKey)).toBe(
      'the public key is not that of the private key',
    );
    expect(vapidKeyProblem('AAAA', keys.privateKey)).toMatch(/P-256 point/);
    await expect(
      testServer({ push: { vapidPublicKey: keys.publicKey, vapidPrivateKey: other.privateKey } }),
    ).rejects.toThrow(/SWELL_VAPID_PUBLIC_KEY\/PRIVATE_KEY: the public key is not that/);
  });
});
