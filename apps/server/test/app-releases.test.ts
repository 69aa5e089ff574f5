import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ResultKind, type AppReleases } from '@swell/cache-protocol';
import { CacheClient } from '../src/testing/cache-client.ts';
import { testServer } from '../src/testing/test-server.ts';
import { APP_RELEASES_FILE, parseAppReleases } from '../src/cache/app-releases.ts';
import { serverVersion } from '../src/version.ts';

const ios = { version: '1.4.2', date: '2026-03-01', url: 'https://apps.example/ios' };

async function releasesOf(server: { wsUrl: (p: string) => string }): Promise<AppReleases> {
  const client = await CacheClient.open(server.wsUrl('/v1'), false);
  try {
    const r = await client.request('get_app_releases');
    expect(r.notices).toEqual([]);
    const e = r.events.find((x) => x.kind === ResultKind.AppReleases);
    return JSON.parse(e!.content) as AppReleases;
  } finally {
    client.close();
  }
}

describe('get_app_releases from configuration', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'swell-releases-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('answers no mobile release when none is configured (no zero-dated placeholder)', async () => {
    const server = await testServer();
    try {
      expect(await releasesOf(server)).toEqual({ web: { version: serverVersion } });
    } finally {
      await server.close();
    }
  });

  it('answers the releases of SWELL_APP_RELEASES', async () => {
    const server = await testServer({ appReleases: JSON.stringify({ ios }) });
    try {
      expect(await releasesOf(server)).toEqual({ web: { version: serverVersion }, ios });
    } finally {
      await server.close();
    }
  });

  it('reads SWELL_DATA/app-releases.json, again when it changes', async () => {
    const dataDir = dir();
    const file = join(dataDir, APP_RELEASES_FILE);
    writeFileSync(file, JSON.stringify({ android: { version: '2.0', date: '2026-02-01' } }));
    const server = await testServer({ dataDir });
    try {
      expect((await releasesOf(server)).android).toEqual({
        version: '2.0',
        date: '2026-02-01',
        url: '',
      });
      writeFileSync(file, JSON.stringify({ ios, android: { version: '2.1', date: '2026-04-01' } }));
      utimesSync(file, new Date(), new Date(Date.now() + 5000)); // a new mtime whatever the clock
      const after = await releasesOf(server);
      expect(after.android?.version).toBe('2.1');
      expect(after.ios).toEqual(ios);
      // a broken edit keeps the last good document
      writeFileSync(file, '{"ios": {"version": ""');
      utimesSync(file, new Date(), new Date(Date.now() + 10_000));
      expect((await releasesOf(server)).android?.version).toBe('2.1');
    } finally {
      await server.close();
    }
  });

  it('stops the start on a bad document, naming the field', async () => {
    await expect(
      testServer({ appReleases: JSON.stringify({ ios: { version: '1', date: 'soon' } }) }),
    ).rejects.toThrow(/SWELL_APP_RELEASES: ios\.date must be an ISO date/);
    const dataDir = dir();
    writeFileSync(join(dataDir, APP_RELEASES_FILE), JSON.stringify({ android: { date: '' } }));
    await expect(testServer({ dataDir })).rejects.toThrow(/android\.version/);
    await expect(testServer({ appReleases: join(dataDir, 'missing.json') })).rejects.toThrow(
      /missing\.json.*file not found/,
    );
  });

  it('refuses unknown entries and links that are not https', () => {
    expect(() => parseAppReleases('{"desktop": {}}')).toThrow(/unknown entry desktop/);
    expect(() =>
      parseAppReleases(JSON.stringify({ ios: { ...ios, url: 'javascript:alert(1)' } })),
    ).toThrow(/ios\.url/);
    expect(parseAppReleases('{"web": {"version": "9"}}')).toEqual({ web: { version: '9' } });
  });
});
