import { describe, expect, it } from 'vitest';
import {
  cacheServerUrl,
  defaultCacheUrl,
  readAppSettings,
  writeAppSettings,
} from '../src/storage/app-settings.ts';
import { MemoryStorage } from '../src/storage/storage.ts';
import { UserRecordStore, guestKey } from '../src/storage/user-record.ts';

describe('app-level local keys', () => {
  it('stores the cacheServer override and the flags, and falls back to the default', () => {
    const s = new MemoryStorage();
    expect(readAppSettings(s)).toEqual({
      cacheServer: null,
      noBinary: false,
      devMode: false,
      mediaServer: null,
    });
    const fallback = defaultCacheUrl('https://swell.example:8443/home');
    expect(fallback).toBe('wss://swell.example:8443/v1');
    expect(defaultCacheUrl('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/v1');
    expect(cacheServerUrl(s, fallback)).toBe(fallback);
    writeAppSettings(s, { cacheServer: 'wss://cache.example/v1', noBinary: true, devMode: true });
    expect(s.getItem('cacheServer')).toBe('wss://cache.example/v1');
    expect(readAppSettings(s)).toMatchObject({ noBinary: true, devMode: true });
    expect(cacheServerUrl(s, fallback)).toBe('wss://cache.example/v1');
    writeAppSettings(s, { cacheServer: 'not a url' });
    expect(cacheServerUrl(s, fallback)).toBe(fallback);
    writeAppSettings(s, { cacheServer: null, noBinary: false, devMode: false });
    expect(s.size).toBe(0);
  });
});

describe('per-user local record', () => {
  it('is keyed by public key, has the spec defaults, notifies and persists', () => {
    const storage = new MemoryStorage();
    const records = new UserRecordStore(storage);
    const pk = 'a'.repeat(64);
    expect(records.get(pk)).toMatchObject({ theme: 'sunrise', animated: true, relaySettings: {} });
    let changes = 0;
    records.observe(pk).subscribe(() => changes++);
    records.update(pk, { theme: 'midnight', selectedHomeFeed: { name: 'Latest' } });
    records.update(pk, (r) => ({
      relaySettings: { ...r.relaySettings, 'wss://r.example': { read: true, write: false } },
    }));
    expect(changes).toBe(2);
    expect(JSON.parse(storage.getItem(pk)!)).toMatchObject({
      theme: 'midnight',
      selectedHomeFeed: { name: 'Latest' },
    });
    // A new store over the same storage (a reload) reads it back.
    const reloaded = new UserRecordStore(storage);
    expect(reloaded.get(pk)).toMatchObject({
      theme: 'midnight',
      relaySettings: { 'wss://r.example': { read: true, write: false } },
    });
    expect(reloaded.get('b'.repeat(64)).theme).toBe('sunrise');
    reloaded.update(null, { theme: 'ice' });
    expect(JSON.parse(storage.getItem(guestKey)!).theme).toBe('ice');
    storage.setItem('c'.repeat(64), '{broken');
    expect(reloaded.get('c'.repeat(64)).theme).toBe('sunrise');
  });
});
