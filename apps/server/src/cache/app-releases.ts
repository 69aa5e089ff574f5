import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppReleases, MobileRelease } from '@swell/cache-protocol';
import { serverVersion } from '../version.ts';

/** The file under SWELL_DATA read when SWELL_APP_RELEASES is not set. */
export const APP_RELEASES_FILE = 'app-releases.json';

const PLATFORMS = ['ios', 'android'] as const;

/** Why a releases document is refused; the message names the field. */
export class AppReleasesError extends Error {}

function release(platform: string, v: unknown): MobileRelease {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new AppReleasesError(`${platform} must be an object {version, date, url?}`);
  const r = v as Record<string, unknown>;
  const version = typeof r.version === 'string' ? r.version.trim() : '';
  if (version === '' || version.length > 40)
    throw new AppReleasesError(`${platform}.version must be a version of 1 to 40 characters`);
  const date = typeof r.date === 'string' ? r.date.trim() : '';
  if (!/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(date) || !Date.parse(date))
    throw new AppReleasesError(`${platform}.date must be an ISO date such as 2026-03-01`);
  const url = r.url === undefined || r.url === null ? '' : r.url;
  if (typeof url !== 'string' || (url !== '' && !/^https:\/\/[^\s]{1,2000}$/.test(url)))
    throw new AppReleasesError(`${platform}.url must be an https:// link`);
  return { version, date, url };
}

/**
 * Reads an app-releases document: `{"ios": {"version", "date", "url"?}, "android": {...},
 * "web": {"version"}?}`, every part optional. Mobile platforms left out stay out of the answer;
 * `web` defaults to this server's version. Throws `AppReleasesError` naming the bad field.
 */
export function parseAppReleases(text: string): AppReleases {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppReleasesError('not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new AppReleasesError('must be a JSON object with ios, android and web entries');
  const doc = json as Record<string, unknown>;
  const unknown = Object.keys(doc).filter((k) => !['ios', 'android', 'web'].includes(k));
  if (unknown.length > 0)
    throw new AppReleasesError(`unknown entry ${unknown[0]} (ios, android or web)`);
  const out: AppReleases = { web: { version: serverVersion } };
  if (doc.web !== undefined) {
    const v = (doc.web as { version?: unknown } | null)?.version;
    if (typeof v !== 'string' || v.trim() === '' || v.length > 40)
      throw new AppReleasesError('web.version must be a version of 1 to 40 characters');
    out.web = { version: v.trim() };
  }
  for (const p of PLATFORMS) if (doc[p] !== undefined) out[p] = release(p, doc[p]);
  return out;
}

/** What an unconfigured server answers: its own web version, no mobile release. */
export const unconfiguredReleases = (): AppReleases => ({ web: { version: serverVersion } });

/**
 * The releases `get_app_releases` answers (README, Configuration): SWELL_APP_RELEASES when set
 * (JSON, or the path of a JSON file), else `SWELL_DATA/app-releases.json` when it exists, else
 * none. A file is read again when it changes; an edit that does not parse is logged and the last
 * good document stays. `check()` reads it once at start, so a bad file stops the start.
 */
export class AppReleasesSource {
  private readonly inline: AppReleases | undefined;
  private readonly file: string | undefined;
  /** The file was named in SWELL_APP_RELEASES (so it must exist), not the default one. */
  private readonly named: boolean = false;
  private readonly warn: (msg: string) => void;
  private current: AppReleases = unconfiguredReleases();
  private seen = '';

  constructor(opts: { setting?: string; dataDir: string; warn: (msg: string) => void }) {
    this.warn = opts.warn;
    const setting = opts.setting?.trim();
    if (setting && setting.startsWith('{')) {
      try {
        this.inline = parseAppReleases(setting);
      } catch (err) {
        throw new Error(`SWELL_APP_RELEASES: ${(err as Error).message}`, { cause: err });
      }
    } else {
      this.file = setting || join(opts.dataDir, APP_RELEASES_FILE);
      this.named = Boolean(setting);
    }
  }

  /** Reads the file once; throws naming the file and the problem. */
  async check(): Promise<void> {
    try {
      await this.refresh(true);
    } catch (err) {
      throw new Error(`app releases (${this.file}): ${(err as Error).message}`, { cause: err });
    }
  }

  async releases(): Promise<AppReleases> {
    if (this.inline) return this.inline;
    try {
      await this.refresh(false);
    } catch (err) {
      this.warn(`app releases (${this.file}) not reloaded: ${(err as Error).message}`);
    }
    return this.current;
  }

  private async refresh(strict: boolean): Promise<void> {
    if (!this.file) return;
    let key: string;
    try {
      const s = await stat(this.file);
      key = `${s.mtimeMs}:${s.size}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      // No file: none configured (a configured path that is missing is a mistake).
      if (strict && this.named) throw new Error('file not found', { cause: err });
      this.current = unconfiguredReleases();
      this.seen = '';
      return;
    }
    if (key === this.seen) return;
    const text = await readFile(this.file, 'utf8');
    this.current = parseAppReleases(text);
    this.seen = key;
  }
}
