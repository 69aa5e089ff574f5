import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NameError, NameRegistry } from '../src/names/name-registry.ts';
import { ServerSettings } from '../src/settings/server-settings.ts';
import { unwrapSubsettings } from '../src/store/migrations.ts';
import { openStore, type StoreConfig } from '../src/store/open-store.ts';
import type { Store } from '../src/store/store.ts';
import { startPgCluster, type PgCluster } from '../src/testing/pg-cluster.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const pk = (c: string) => c.repeat(64);

describe.each(['sqlite', 'postgres'] as const)('name registry on %s', (dialect) => {
  let store: Store;
  let cluster: PgCluster | undefined;
  let config: StoreConfig;
  let dir: string;
  let names: NameRegistry;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'swell-names-'));
    config =
      dialect === 'postgres'
        ? { dataDir: dir, databaseUrl: await (cluster = await startPgCluster()).createDatabase() }
        : { dataDir: dir, readThreads: 0 };
    store = await openStore(config);
    names = new NameRegistry(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers a name and looks it up by name (any case) and by pubkey', async () => {
    const r = await names.register('Carol', pk('c'));
    expect(r).toMatchObject({ name: 'carol', pubkey: pk('c') });
    expect(await names.lookup('carol')).toBe(pk('c'));
    expect(await names.lookup(' CAROL ')).toBe(pk('c'));
    expect(await names.nameOf(pk('c'))).toBe('carol');
    expect(await names.lookup('nobody')).toBeUndefined();
    expect(await names.nameOf(pk('d'))).toBeUndefined();
    // registering the name one already holds changes nothing
    expect((await names.register('carol', pk('c'))).created_at).toBe(r.created_at);
  });

  it('never gives a held name to someone else, nor a second name to a holder', async () => {
    await expect(names.register('carol', pk('e'))).rejects.toMatchObject({ code: 'taken' });
    await expect(names.register('carol2', pk('c'))).rejects.toMatchObject({ code: 'has-name' });
    expect(await names.lookup('carol')).toBe(pk('c'));
    expect(await names.isAvailable('carol')).toBe(false);
    expect(await names.isAvailable('carol2')).toBe(true);
  });

  it('refuses invalid names and pubkeys', async () => {
    for (const bad of ['', '_', 'a b', 'é', 'x'.repeat(65), 'a@b'])
      await expect(names.register(bad, pk('f'))).rejects.toBeInstanceOf(NameError);
    await expect(names.register('frank', 'F'.repeat(64))).rejects.toMatchObject({
      code: 'invalid-pubkey',
    });
    expect(await names.isAvailable('a b')).toBe(false);
  });

  it('renames: the old name becomes free, a taken name is refused', async () => {
    await names.register('dave', pk('d'));
    await expect(names.rename(pk('d'), 'carol')).rejects.toMatchObject({ code: 'taken' });
    await expect(names.rename(pk('a'), 'anything')).rejects.toMatchObject({ code: 'no-name' });
    const r = await names.rename(pk('d'), 'David');
    expect(r.name).toBe('david');
    expect(await names.lookup('dave')).toBeUndefined();
    expect(await names.lookup('david')).toBe(pk('d'));
    await names.register('dave', pk('e'));
    expect(await names.lookup('dave')).toBe(pk('e'));
  });

  it('lists the names of many pubkeys at once', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => i.toString(16).padStart(64, '0'));
    const got = await names.namesOf([...many, pk('c'), pk('d'), 'not hex']);
    expect(Object.fromEntries(got)).toEqual({ [pk('c')]: 'carol', [pk('d')]: 'david' });
  });

  it('keeps the default account and one feed service key', async () => {
    const settings = new ServerSettings(store.db);
    expect(await settings.defaultAccount()).toBeUndefined();
    await settings.setDefaultAccount(pk('a'));
    expect(await settings.defaultAccount()).toBe(pk('a'));
    expect(await new ServerSettings(store.db, { defaultAccount: pk('b') }).defaultAccount()).toBe(
      pk('b'),
    );
    const key = await settings.feedServiceKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // another instance of the server finds the same key
    expect(await new ServerSettings(store.db).feedServiceKey()).toBe(key);
  });

  it('migrates app subsettings stored in the old wrapped shape to the bare value', async () => {
    const feeds = [{ name: 'Mine', spec: '{"id":"latest"}', description: '', enabled: true }];
    const rows = [
      ['1'.repeat(64), 'user-home-feeds', { subkey: 'user-home-feeds', settings: feeds }],
      ['2'.repeat(64), 'user-reads-feeds', feeds],
    ] as const;
    for (const [pubkey, subkey, settings] of rows)
      await sql`INSERT INTO cache_app_subsettings (pubkey, subkey, settings, created_at)
        VALUES (${pubkey}, ${subkey}, ${JSON.stringify(settings)}, 1)`.execute(store.db);
    // run that migration again, as on a database written before it (later migrations stay
    // applied: the migrator runs unordered, so only this one runs)
    await sql`DELETE FROM kysely_migration WHERE name = '0005-app-subsettings-bare'`.execute(
      store.db,
    );
    await store.close();
    store = await openStore(config);
    names = new NameRegistry(store.db);
    const stored = await sql<{ pubkey: string; settings: string }>`
      SELECT pubkey, settings FROM cache_app_subsettings ORDER BY pubkey`.execute(store.db);
    expect(stored.rows.map((r) => [r.pubkey, JSON.parse(r.settings) as unknown])).toEqual([
      ['1'.repeat(64), feeds],
      ['2'.repeat(64), feeds],
    ]);
    // and the registry survived the restart
    expect(await names.lookup('carol')).toBe(pk('c'));
  });
});

describe('unwrapSubsettings', () => {
  it('unwraps nested wrappers of the same subkey only', () => {
    const bare = JSON.stringify([1, 2]);
    expect(unwrapSubsettings('k', bare)).toBeUndefined();
    expect(unwrapSubsettings('k', '{"subkey":"k","settings":[1,2]}')).toBe(bare);
    expect(
      unwrapSubsettings('k', '{"subkey":"k","settings":{"subkey":"k","settings":[1,2]}}'),
    ).toBe(bare);
    expect(unwrapSubsettings('k', '{"subkey":"other","settings":[1]}')).toBeUndefined();
    expect(unwrapSubsettings('k', 'not json')).toBeUndefined();
  });
});
