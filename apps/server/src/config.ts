import { resolve } from 'node:path';
import { pubkeyFromNip19 } from '@swell/nostr';

/** Server configuration: environment variables, overridable by `--NAME=value` flags. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the SQLite database and media files. */
  dataDir: string;
  /** PostgreSQL connection string; the embedded SQLite store is used when absent. */
  databaseUrl: string | undefined;
  /** Relay URLs to index. */
  upstream: string[];
  /** Folder with the built web app, served at `/`. */
  webDist: string | undefined;
  /** Logger level (pino). */
  logLevel: string;
  /** SQLite reader threads (SWELL_READ_THREADS; default: cores, at most 4; 0: none). */
  readThreads?: number;
  /**
   * The URL clients reach this server at, when it differs from where it listens (behind a
   * reverse proxy: `https://swell.example.com`). Demo data (media, names, lightning addresses)
   * is made for it (SWELL_PUBLIC_URL).
   */
  publicUrl?: string;
  /** Hex pubkey whose follows guests see in follows feeds (SWELL_DEFAULT_ACCOUNT, hex or npub). */
  defaultAccount?: string;
  /** Largest upload of a regular user, in MB (SWELL_UPLOAD_MAX_MB; default 100). */
  uploadMaxMb?: number;
  /** Storage of a regular user's uploads, in MB (SWELL_UPLOAD_QUOTA_MB; default 1024). */
  uploadQuotaMb?: number;
  /** ffmpeg for video poster frames (SWELL_FFMPEG; default `ffmpeg` on PATH; `0`: none). */
  ffmpeg?: string;
}

function positiveNumber(name: string, v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!(Number.isFinite(n) && n > 0))
    throw new Error(`${name} must be a positive number, got ${v}`);
  return n;
}

export const flag = (v: string | undefined): boolean | undefined =>
  v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  argv: string[] = process.argv.slice(2),
): ServerConfig {
  const merged: Record<string, string | undefined> = { ...env };
  for (const arg of argv) {
    const m = /^--([A-Za-z_]+)=(.*)$/.exec(arg);
    if (m) merged[m[1]!.toUpperCase()] = m[2];
  }
  const databaseUrl = merged.DATABASE_URL || undefined;
  const port = Number(merged.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${merged.PORT}`);
  }
  const readThreads = merged.SWELL_READ_THREADS ? Number(merged.SWELL_READ_THREADS) : undefined;
  if (readThreads !== undefined && !(Number.isInteger(readThreads) && readThreads >= 0)) {
    throw new Error(`SWELL_READ_THREADS must be a whole number, got ${merged.SWELL_READ_THREADS}`);
  }
  let publicUrl: string | undefined;
  if (merged.SWELL_PUBLIC_URL) {
    let u: URL;
    try {
      u = new URL(merged.SWELL_PUBLIC_URL);
    } catch {
      throw new Error(`SWELL_PUBLIC_URL must be a URL, got ${merged.SWELL_PUBLIC_URL}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new Error(`SWELL_PUBLIC_URL must be http(s), got ${merged.SWELL_PUBLIC_URL}`);
    publicUrl = `${u.protocol}//${u.host}`;
  }
  let defaultAccount: string | undefined;
  if (merged.SWELL_DEFAULT_ACCOUNT) {
    const raw = merged.SWELL_DEFAULT_ACCOUNT.trim();
    defaultAccount = /^[0-9a-f]{64}$/.test(raw) ? raw : pubkeyFromNip19(raw);
    if (!defaultAccount)
      throw new Error(`SWELL_DEFAULT_ACCOUNT must be a hex pubkey or an npub, got ${raw}`);
  }
  return {
    port,
    host: merged.HOST || '127.0.0.1',
    dataDir: resolve(merged.SWELL_DATA || '.swell'),
    databaseUrl,
    upstream: (merged.SWELL_UPSTREAM ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: merged.SWELL_WEB_DIST ? resolve(merged.SWELL_WEB_DIST) : undefined,
    logLevel: merged.LOG_LEVEL ?? 'info',
    ...(readThreads !== undefined ? { readThreads } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(defaultAccount ? { defaultAccount } : {}),
    uploadMaxMb: positiveNumber('SWELL_UPLOAD_MAX_MB', merged.SWELL_UPLOAD_MAX_MB),
    uploadQuotaMb: positiveNumber('SWELL_UPLOAD_QUOTA_MB', merged.SWELL_UPLOAD_QUOTA_MB),
    ffmpeg: merged.SWELL_FFMPEG || undefined,
  };
}
