import type { StorageLike } from './storage.ts';

/**
 * App-level local keys (spec section 3 "Other local keys"), not tied to a user:
 * the cacheServer override, the noBinary and devMode flags, the media server address.
 */
export const appStorageKeys = {
  cacheServer: 'cacheServer',
  noBinary: 'noBinary',
  devMode: 'devMode',
  mediaServer: 'mediaServer',
} as const;

export interface AppLocalSettings {
  /** Overrides the default cache URL when set. */
  cacheServer: string | null;
  noBinary: boolean;
  devMode: boolean;
  mediaServer: string | null;
}

const flag = (v: string | null) => v === 'true' || v === '1';

export function readAppSettings(storage: StorageLike): AppLocalSettings {
  return {
    cacheServer: storage.getItem(appStorageKeys.cacheServer) || null,
    noBinary: flag(storage.getItem(appStorageKeys.noBinary)),
    devMode: flag(storage.getItem(appStorageKeys.devMode)),
    mediaServer: storage.getItem(appStorageKeys.mediaServer) || null,
  };
}

/** Stores the given settings; `null`/`false` remove the key (back to the default). */
export function writeAppSettings(storage: StorageLike, patch: Partial<AppLocalSettings>): void {
  for (const [name, value] of Object.entries(patch) as Array<[keyof AppLocalSettings, unknown]>) {
    const key = appStorageKeys[name];
    if (value === null || value === false || value === undefined || value === '') {
      storage.removeItem(key);
    } else storage.setItem(key, value === true ? 'true' : String(value));
  }
}

/**
 * The cache URL to use: the stored override if it is a ws(s) URL, else `fallback`.
 * `fallback` is usually derived from the page (`wss://<host>/v1`).
 */
export function cacheServerUrl(storage: StorageLike, fallback: string): string {
  const override = readAppSettings(storage).cacheServer;
  return override && isWebSocketUrl(override) ? override : fallback;
}

export function isWebSocketUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'ws:' || u.protocol === 'wss:';
  } catch {
    return false;
  }
}

/** The default cache URL for a page served from `origin` (http -> ws, path /v1). */
export function defaultCacheUrl(origin: string): string {
  const u = new URL(origin);
  return `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}/v1`;
}
