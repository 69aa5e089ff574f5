import type { FastifyBaseLogger } from 'fastify';
import { FetchGuard } from '../net/fetch-guard.ts';
import { guardedGet, type Outbound } from '../net/outbound.ts';
import type { ServerSettings } from '../settings/server-settings.ts';

/** The exchange rate settings (README, Configuration). */
export interface ExchangeRateConfig {
  /** SWELL_EXCHANGE_RATE_URL: a JSON document holding US dollars per bitcoin. */
  url?: string;
  /** SWELL_EXCHANGE_RATE_FIELD: the dotted path of the rate in that document (default `USD`). */
  field?: string;
  /** SWELL_USD_PER_BTC: the fixed rate used when neither the URL nor a last good rate serves. */
  fixedUsdPerBtc?: number;
  /** SWELL_EXCHANGE_RATE_REFRESH_SECONDS: how long a fetched rate is used (default 300). */
  refreshSeconds?: number;
}

/** A last good rate older than this is not used (the fixed rate is, if there is one). */
export const LAST_GOOD_MAX_AGE_SECONDS = 24 * 3600;
const LAST_GOOD_KEY = 'exchange_rate_last_good';
const LIMITS = { timeoutMs: 10_000, maxBytes: 256 * 1024, maxRedirects: 3 };

/** Why no rate could be had; the message is safe to show. */
export class ExchangeRateError extends Error {}

/** A usable rate (US dollars per bitcoin) or undefined. */
export function usableRate(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 1 && n <= 1e9 ? n : undefined;
}

/** The value at a dotted path (`data.rates.USD`) of a parsed JSON document. */
function at(doc: unknown, path: string): unknown {
  let v = doc;
  for (const key of path.split('.')) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * US dollars per bitcoin for membership prices: fetched from the configured URL (through the
 * outbound guard, cached `refreshSeconds`); when that fails, the last good rate (kept in the
 * database, at most a day old); then the configured fixed rate; else an `ExchangeRateError`.
 * A quote keeps the amount it was priced at for its lifetime (the invoice is made for it), so a
 * new rate only changes later quotes.
 */
export class ExchangeRateSource {
  private readonly config: ExchangeRateConfig;
  private readonly outbound: Outbound;
  private readonly settings: Pick<ServerSettings, 'getValue' | 'setValue'>;
  private readonly log: FastifyBaseLogger;
  private readonly clock: () => number;
  /** The last fetched rate; `at` unix seconds, `atMs` for its freshness. */
  private fetched: { rate: number; at: number; atMs: number } | undefined;
  private pending: Promise<number> | undefined;

  constructor(deps: {
    config: ExchangeRateConfig;
    outbound: Outbound;
    settings: Pick<ServerSettings, 'getValue' | 'setValue'>;
    log: FastifyBaseLogger;
    clock?: () => number;
  }) {
    // The operator's own URL: its address may be private (a price service next to the server);
    // the guard still pins the address, caps the answer and checks every redirect.
    this.outbound = { ...deps.outbound, guard: new FetchGuard({ allowPrivate: true }) };
    this.config = deps.config;
    this.settings = deps.settings;
    this.log = deps.log;
    this.clock = deps.clock ?? (() => Math.floor(Date.now() / 1000));
  }

  /** Whether any rate can ever be had (a URL or a fixed rate is configured). */
  get configured(): boolean {
    return this.config.url !== undefined || this.config.fixedUsdPerBtc !== undefined;
  }

  async usdPerBtc(): Promise<number> {
    const now = this.clock();
    const freshMs = (this.config.refreshSeconds ?? 300) * 1000;
    if (this.fetched && Date.now() - this.fetched.atMs < freshMs) return this.fetched.rate;
    if (this.config.url) {
      this.pending ??= this.fetchRate().finally(() => (this.pending = undefined));
      try {
        return await this.pending;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'exchange rate source failed');
      }
      const last = await this.lastGood();
      if (last && now - last.at <= LAST_GOOD_MAX_AGE_SECONDS) return last.rate;
    }
    if (this.config.fixedUsdPerBtc !== undefined) return this.config.fixedUsdPerBtc;
    throw new ExchangeRateError('exchange rate unavailable');
  }

  private async fetchRate(): Promise<number> {
    const url = this.config.url!;
    const { body } = await guardedGet(this.outbound, url, LIMITS, 'application/json');
    let doc: unknown;
    try {
      doc = JSON.parse(body.toString('utf8'));
    } catch {
      throw new Error('the exchange rate answer is not JSON');
    }
    const field = this.config.field ?? 'USD';
    const rate = usableRate(at(doc, field));
    if (rate === undefined)
      throw new Error(`the exchange rate answer has no usable number at ${field}`);
    const now = this.clock();
    this.fetched = { rate, at: now, atMs: Date.now() };
    await this.settings
      .setValue(LAST_GOOD_KEY, JSON.stringify({ rate, at: now }))
      .catch((err: unknown) => this.log.warn({ err }, 'last good exchange rate not stored'));
    return rate;
  }

  private async lastGood(): Promise<{ rate: number; at: number } | undefined> {
    if (this.fetched) return this.fetched;
    try {
      const v = JSON.parse((await this.settings.getValue(LAST_GOOD_KEY)) ?? 'null') as {
        rate?: unknown;
        at?: unknown;
      } | null;
      const rate = usableRate(v?.rate);
      return rate !== undefined && typeof v?.at === 'number' ? { rate, at: v.at } : undefined;
    } catch {
      return undefined;
    }
  }
}
