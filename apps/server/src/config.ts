import { resolve } from 'node:path';
import { pubkeyFromNip19 } from '@swell/nostr';
import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { parseAddressList, type AddressList } from './net/address-list.ts';
import type { ExchangeRateConfig } from './membership/exchange-rate.ts';

/** Budgets that keep the server up under load (see README, Configuration). */
export interface ServerLimits {
  /** Open websockets per client address, per endpoint (`/v1`, `/relay`). */
  connectionsPerAddress: number;
  /** Heap (MiB) above which the cache sheds new work instead of starting it. */
  heapBudgetMb: number;
  /** Units of cache work running at once (a request weighs 1 per 100 results asked, 1 to 10). */
  cacheWorkUnits: number;
  /** Cache requests waiting for a turn, over all connections; more are refused with a NOTICE. */
  cacheQueue: number;
  /** Time budget of one cache request, queueing included (ms); partial results are sent. */
  requestBudgetMs: number;
  /** Bytes queued to one cache client before it is dropped as a slow reader. */
  sendBufferBytes: number;
  /** Bytes of live relay filters, all connections together. */
  relayFilterBytes: number;
  /** The fraction (0-1] of `relayFilterBytes` one client address may hold. */
  relayFilterShare: number;
}

/** Web Push (push/): the VAPID keys and the send budget of each device. */
export interface PushSettings {
  /**
   * The VAPID key pair (RFC 8292), base64url: the uncompressed P-256 public key and the 32-byte
   * private key (SWELL_VAPID_PUBLIC_KEY, SWELL_VAPID_PRIVATE_KEY). Unset: made once and kept in
   * the database, so every instance and every restart signs with the same key (browsers'
   * subscriptions are bound to it). The private key is a secret.
   */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** The contact push services see (SWELL_VAPID_SUBJECT): a `mailto:` or `https:` URL. */
  vapidSubject?: string;
  /** Pushes a device gets at once before they are gathered into digests (SWELL_PUSH_BURST, 5). */
  burst?: number;
  /** One more push per device every this many seconds (SWELL_PUSH_INTERVAL_SECONDS, 180). */
  intervalSeconds?: number;
}

function pushSettings(merged: Record<string, string | undefined>): PushSettings {
  const out: PushSettings = {};
  const pub = merged.SWELL_VAPID_PUBLIC_KEY?.trim();
  const priv = merged.SWELL_VAPID_PRIVATE_KEY?.trim();
  if (Boolean(pub) !== Boolean(priv))
    throw new Error('SWELL_VAPID_PUBLIC_KEY and SWELL_VAPID_PRIVATE_KEY must be set together');
  if (pub && priv) {
    out.vapidPublicKey = pub;
    out.vapidPrivateKey = priv;
  }
  const subject = merged.SWELL_VAPID_SUBJECT?.trim();
  if (subject) {
    if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
      throw new Error(`SWELL_VAPID_SUBJECT must be a mailto: or https: URL, got ${subject}`);
    out.vapidSubject = subject;
  }
  const burst = positive(merged, 'SWELL_PUSH_BURST');
  if (burst !== undefined) out.burst = Math.max(1, Math.floor(burst));
  const interval = positive(merged, 'SWELL_PUSH_INTERVAL_SECONDS');
  if (interval !== undefined) out.intervalSeconds = Math.max(1, Math.round(interval));
  return out;
}

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
   * is made for it (SWELL_PUBLIC_URL). With the listening address, the server's own origin:
   * `<url>/relay` is its own relay for `broadcast_events`, its URLs are answered in-process.
   */
  publicUrl?: string;
  /** Hex pubkey whose follows guests see in follows feeds (SWELL_DEFAULT_ACCOUNT, hex or npub). */
  defaultAccount?: string;
  /**
   * Whether fetches made for clients (link previews, media cache, broadcast) may reach
   * non-public addresses (SWELL_ALLOW_PRIVATE_FETCH): false, true, or only these ranges.
   */
  allowPrivateFetch: boolean | AddressList;
  /** Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (SWELL_TRUSTED_PROXY). */
  trustedProxies: AddressList;
  /** Browser origins allowed on `/v1` and by CORS of the read API; '*' = any (SWELL_ALLOWED_ORIGINS). */
  allowedOrigins: '*' | string[];
  limits: ServerLimits;
  /** Largest upload of a regular user, in MB (SWELL_UPLOAD_MAX_MB; default 100). */
  uploadMaxMb?: number;
  /** Storage of a regular user's uploads, in MB (SWELL_UPLOAD_QUOTA_MB; default 1024). */
  uploadQuotaMb?: number;
  /**
   * Storage of all regular users' uploads together, in MB (SWELL_UPLOAD_TOTAL_MB; default
   * 10240): fresh keys cannot multiply the per-user quota without bound.
   */
  uploadTotalMb?: number;
  /** ffmpeg for video poster frames (SWELL_FFMPEG; default `ffmpeg` on PATH; `0`: none). */
  ffmpeg?: string;
  /**
   * The app releases `get_app_releases` answers (SWELL_APP_RELEASES): a JSON document, or the
   * path of a JSON file; unset: `SWELL_DATA/app-releases.json` when it exists.
   */
  appReleases?: string;
  /**
   * The operator's wallet connection for membership payments (SWELL_NWC_URL, a
   * `nostr+walletconnect://` string with make_invoice and lookup_invoice). A secret.
   */
  nwcUrl?: string;
  /** Where membership prices get their exchange rate (SWELL_EXCHANGE_RATE_*, SWELL_USD_PER_BTC). */
  exchangeRate: ExchangeRateConfig;
  /** Events a member's content rebroadcast sends per second at most (SWELL_REBROADCAST_RATE). */
  rebroadcastEventsPerSecond?: number;
  /** Web Push: VAPID keys and the per-device budget (SWELL_VAPID_*, SWELL_PUSH_*). */
  push?: PushSettings;
}

function positiveNumber(name: string, v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!(Number.isFinite(n) && n > 0))
    throw new Error(`${name} must be a positive number, got ${v}`);
  return n;
}

const MiB = 1024 * 1024;

/**
 * Defaults of the budgets. The heap budget is 60% of the V8 heap limit of this process. Cache
 * work: 10 units per core, at least 20, so about three quarters of a heavy request (limit 1000,
 * 10 units) per core runs at once beside the light ones; heavy answers are CPU work (queries,
 * enrichment, serialisation), and more of them at once than the cores can carry only makes each
 * slower, light requests wait longer behind their slices, and more of them run out of time
 * (`npm run bench -- abuse` on 2 cores: twice the heavy answers and the canary's p50 from about
 * 800 to 140 ms going from 32 units to 20).
 */
export function defaultLimits(): ServerLimits {
  return {
    connectionsPerAddress: 64,
    heapBudgetMb: Math.floor((getHeapStatistics().heap_size_limit / MiB) * 0.6),
    cacheWorkUnits: Math.max(20, 10 * availableParallelism()),
    cacheQueue: 1024,
    requestBudgetMs: 10_000,
    sendBufferBytes: 8 * MiB,
    relayFilterBytes: 64 * MiB,
    relayFilterShare: 0.25,
  };
}

function positive(merged: Record<string, string | undefined>, name: string): number | undefined {
  const raw = merged[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number, got ${raw}`);
  return n;
}

/** A fraction in (0, 1]. */
function share(merged: Record<string, string | undefined>, name: string): number | undefined {
  const n = positive(merged, name);
  if (n !== undefined && n > 1)
    throw new Error(`${name} must be a fraction of 1 at most, got ${n}`);
  return n;
}

function originOf(raw: string, name: string): string {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
    return u.origin;
  } catch {
    throw new Error(`${name} must list http(s) URLs, got ${raw}`);
  }
}

/** SWELL_ALLOW_PRIVATE_FETCH: off (default), on, or a list of addresses and CIDR ranges. */
function privateFetchPolicy(raw: string): boolean | AddressList {
  const v = raw.trim();
  if (v === '' || /^(0|false|no|off)$/i.test(v)) return false;
  if (flag(v)) return true;
  return parseAddressList(v, 'SWELL_ALLOW_PRIVATE_FETCH');
}

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const flag = (v: string | undefined): boolean | undefined =>
  v === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

function exchangeRate(merged: Record<string, string | undefined>): ExchangeRateConfig {
  const out: ExchangeRateConfig = {};
  const url = merged.SWELL_EXCHANGE_RATE_URL?.trim();
  if (url) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new Error(`SWELL_EXCHANGE_RATE_URL must be a URL, got ${url}`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      throw new Error(`SWELL_EXCHANGE_RATE_URL must be http(s), got ${url}`);
    out.url = u.toString();
  }
  const field = merged.SWELL_EXCHANGE_RATE_FIELD?.trim();
  if (field) {
    if (!/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/.test(field))
      throw new Error(`SWELL_EXCHANGE_RATE_FIELD must be a dotted path like data.rates.USD`);
    out.field = field;
  }
  const fixed = merged.SWELL_USD_PER_BTC?.trim();
  if (fixed) {
    const n = Number(fixed);
    if (!(Number.isFinite(n) && n >= 1 && n <= 1e9))
      throw new Error(`SWELL_USD_PER_BTC must be US dollars per bitcoin (1 to 1e9), got ${fixed}`);
    out.fixedUsdPerBtc = n;
  }
  const refresh = positive(merged, 'SWELL_EXCHANGE_RATE_REFRESH_SECONDS');
  if (refresh !== undefined) out.refreshSeconds = refresh;
  return out;
}

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
  const base = defaultLimits();
  const mb = (name: string) => {
    const v = positive(merged, name);
    return v === undefined ? undefined : Math.round(v * MiB);
  };
  const origins = list(merged.SWELL_ALLOWED_ORIGINS);
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
    allowPrivateFetch: privateFetchPolicy(merged.SWELL_ALLOW_PRIVATE_FETCH ?? ''),
    trustedProxies: parseAddressList(merged.SWELL_TRUSTED_PROXY ?? '', 'SWELL_TRUSTED_PROXY'),
    allowedOrigins:
      origins.length === 0 || origins.includes('*')
        ? '*'
        : origins.map((o) => originOf(o, 'SWELL_ALLOWED_ORIGINS')),
    limits: {
      connectionsPerAddress:
        positive(merged, 'SWELL_MAX_CONNECTIONS_PER_IP') ?? base.connectionsPerAddress,
      heapBudgetMb: positive(merged, 'SWELL_HEAP_BUDGET_MB') ?? base.heapBudgetMb,
      cacheWorkUnits: positive(merged, 'SWELL_CACHE_WORK_UNITS') ?? base.cacheWorkUnits,
      cacheQueue: positive(merged, 'SWELL_CACHE_QUEUE') ?? base.cacheQueue,
      requestBudgetMs: positive(merged, 'SWELL_REQUEST_BUDGET_MS') ?? base.requestBudgetMs,
      sendBufferBytes: mb('SWELL_SEND_BUFFER_MB') ?? base.sendBufferBytes,
      relayFilterBytes: mb('SWELL_RELAY_FILTER_MB') ?? base.relayFilterBytes,
      relayFilterShare: share(merged, 'SWELL_RELAY_FILTER_SHARE') ?? base.relayFilterShare,
    },
    uploadMaxMb: positiveNumber('SWELL_UPLOAD_MAX_MB', merged.SWELL_UPLOAD_MAX_MB),
    uploadQuotaMb: positiveNumber('SWELL_UPLOAD_QUOTA_MB', merged.SWELL_UPLOAD_QUOTA_MB),
    uploadTotalMb: positiveNumber('SWELL_UPLOAD_TOTAL_MB', merged.SWELL_UPLOAD_TOTAL_MB),
    ffmpeg: merged.SWELL_FFMPEG || undefined,
    ...(merged.SWELL_APP_RELEASES ? { appReleases: merged.SWELL_APP_RELEASES } : {}),
    ...(merged.SWELL_NWC_URL?.trim() ? { nwcUrl: merged.SWELL_NWC_URL.trim() } : {}),
    exchangeRate: exchangeRate(merged),
    ...(positive(merged, 'SWELL_REBROADCAST_RATE') !== undefined
      ? { rebroadcastEventsPerSecond: positive(merged, 'SWELL_REBROADCAST_RATE') }
      : {}),
    push: pushSettings(merged),
  };
}
