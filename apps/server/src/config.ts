import { resolve } from 'node:path';

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
  };
}
