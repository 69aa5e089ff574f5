import {
  CONTENT_BACKUP_PATH,
  MEMBERSHIP_REQUEST_KIND,
  MembershipResultKind,
  ResultKind,
  membershipNameProblem,
  type CacheEvent,
  type ContentStat,
  type FeedRange,
  type LegendCustomization,
  type LegendCustomizationSettings,
  type MediaListItem,
  type MemberMediaStats,
  type MembershipCommand,
  type MembershipPayloads,
  type MembershipProductId,
  type MembershipStatus,
  type MembershipTier,
  type NameAvailability,
  type PurchaseHistoryItem,
  type PurchaseMonitorUpdate,
  type PurchaseQuote,
} from '@swell/cache-protocol';
import { httpAuthHeader, makeHttpAuth, verifyEvent, type NostrEvent } from '@swell/nostr';
import type { Payer } from '@swell/wallet';
import { CacheConnection, type CacheConnectionOptions } from '../cache/cache-connection.ts';
import { CacheError } from '../errors.ts';
import type { Signer } from '../signers/signer.ts';
import { MembershipClientError, membershipErrorOf } from './membership-error.ts';

export interface MembershipClientOptions {
  /** The membership socket, e.g. `wss://swell.example/wallet/v1` (see `membershipSocketUrl`). */
  url: string;
  /** Signs each request for the logged-in user (a fresh event per call). */
  signer: Signer;
  /** Options of the underlying connection (socket factory, time-outs). */
  connection?: Omit<CacheConnectionOptions, 'url'>;
  /** For the backup download; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** A page of a paged list: what came and its range (next page: `until = range.since`). */
export interface MembershipPage<T> {
  items: T[];
  range: FeedRange | undefined;
}

/** An earlier contact list, ready to show and to restore. */
export interface ContactListVersion {
  event: NostrEvent;
  createdAt: number;
  /** p tags. */
  followsCount: number;
}

export interface PageRequest {
  limit?: number;
  until?: number;
  offset?: number;
}

/** A purchase being watched: `completed` resolves with the payment time. */
export interface PurchaseWatch {
  completed: Promise<number>;
  stop(): void;
}

export interface BuyRequest {
  productId: MembershipProductId;
  /** The name the receiver gets ('' to keep theirs, e.g. when renewing). */
  name: string;
  /** A gift: who becomes the member (default: the signer). */
  receiverPubkey?: string;
  /** Legend: the donation in US dollars (1000 or more). */
  amountUsd?: number;
}

/** `wss://host/v1` (or any URL on that host) -> `wss://host/wallet/v1`: our server's membership socket. */
export function membershipSocketUrl(cacheUrl: string): string {
  const u = new URL(cacheUrl);
  return `${u.protocol}//${u.host}/wallet/v1`;
}

/** The tier a status means (no status at all: never a member, tier none). */
export function tierOf(status: MembershipStatus | undefined): MembershipTier {
  return status?.tier ?? 'none';
}

/** Lines of a JSONL backup as events (lines that are not JSON events are left out). */
export function parseBackup(text: string): NostrEvent[] {
  const out: NostrEvent[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as NostrEvent;
      if (typeof e === 'object' && e !== null && typeof e.id === 'string') out.push(e);
    } catch {
      // not an event line
    }
  }
  return out;
}

const contentOf = <T>(e: CacheEvent | undefined): T | undefined => {
  if (!e) return undefined;
  try {
    return JSON.parse(e.content) as T;
  } catch {
    return undefined;
  }
};
const first = (events: CacheEvent[], kind: number) => events.find((e) => e.kind === kind);

/**
 * The client of the membership socket (`/wallet/v1`, cache-protocol.md section 8), framework
 * free. Each call signs a fresh request with the injected signer; a request the server refuses as
 * used (re-sent after a reconnect) or stale (a slept tab) is signed anew and asked once more.
 * Failures reject with `MembershipClientError` (a `code` the app words for the user).
 */
export class MembershipClient {
  readonly connection: CacheConnection;
  private readonly signer: Signer;
  private readonly fetchFn: typeof fetch;
  private readonly httpOrigin: string;

  constructor(options: MembershipClientOptions) {
    this.connection = new CacheConnection({ url: options.url, ...options.connection });
    this.signer = options.signer;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    const u = new URL(options.url);
    this.httpOrigin = `${u.protocol === 'wss:' ? 'https:' : 'http:'}//${u.host}`;
  }

  /** Closes the socket; pending calls reject. */
  destroy(): void {
    this.connection.destroy();
  }

  // ---- plumbing -------------------------------------------------------------------------------

  private async userEvent(content: unknown, about?: string): Promise<NostrEvent> {
    const pubkey = await this.signer.getPublicKey();
    return this.signer.signEvent({
      kind: MEMBERSHIP_REQUEST_KIND,
      tags: [['p', about ?? pubkey]],
      content: JSON.stringify(content),
    });
  }

  private async ask<C extends MembershipCommand>(
    command: C,
    payload: () => Promise<MembershipPayloads[C]>,
  ): Promise<CacheEvent[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        // The membership commands travel on the cache machinery with their own command names.
        const r = await this.connection.request(command as never, (await payload()) as never);
        return r.events;
      } catch (err) {
        const e = membershipErrorOf(err, command);
        if (e.code === 'request-refused' && attempt === 0) continue;
        throw e;
      }
    }
  }

  private signed<C extends MembershipCommand>(
    command: C,
    content: unknown,
    extra: object = {},
    about?: string,
  ): Promise<CacheEvent[]> {
    return this.ask(
      command,
      async () =>
        ({
          event_from_user: await this.userEvent(content, about),
          ...extra,
        }) as MembershipPayloads[C],
    );
  }

  // ---- status and names -----------------------------------------------------------------------

  /** The user's membership; undefined when they never were a member (tier none). */
  async status(): Promise<MembershipStatus | undefined> {
    const events = await this.signed('membership_status', {});
    return contentOf<MembershipStatus>(first(events, MembershipResultKind.Status));
  }

  /**
   * Whether a premium name can be had. Names that break the rules (under 3 characters, other
   * characters than a-z 0-9 . _ -) are answered here without asking.
   */
  async checkName(name: string, forPubkey?: string): Promise<NameAvailability> {
    const problem = membershipNameProblem(name);
    if (problem) return { available: false, reason: problem };
    const events = await this.ask('membership_name_available', async () => ({
      name: name.trim().toLowerCase(),
      ...(forPubkey ? { pubkey: forPubkey } : {}),
    }));
    return (
      contentOf<NameAvailability>(first(events, MembershipResultKind.NameAvailable)) ?? {
        available: false,
      }
    );
  }

  /** Renames the member; rejects with `name-unavailable` or `name-not-changed`. */
  async changeName(name: string): Promise<string> {
    const problem = membershipNameProblem(name);
    if (problem) throw new MembershipClientError('name-unavailable', problem);
    const events = await this.signed('membership_change_name', { name: name.trim().toLowerCase() });
    const answer = contentOf<NameAvailability>(first(events, MembershipResultKind.NameAvailable));
    if (answer?.reason === 'held' && answer.held_until)
      throw new MembershipClientError(
        'name-unavailable',
        `name unavailable (held for another purchase until ${new Date(answer.held_until * 1000).toISOString()})`,
      );
    if (!answer?.available) throw new MembershipClientError('name-unavailable', answer?.reason);
    return answer.name ?? name;
  }

  // ---- purchases ------------------------------------------------------------------------------

  /** US dollars per bitcoin, as the server prices purchases. */
  async exchangeRate(): Promise<number> {
    const events = await this.ask('membership_exchange_rate', async () => ({
      target_currency: 'USD',
    }));
    const rate = contentOf<{ rate: number }>(first(events, MembershipResultKind.ExchangeRate));
    if (!rate) throw new MembershipClientError('failed', 'no exchange rate');
    return rate.rate;
  }

  /** An invoice for a product (its `qr_code` is the bolt11 to pay or show). */
  async quote(req: BuyRequest): Promise<PurchaseQuote> {
    const pubkey = await this.signer.getPublicKey();
    const receiver = req.receiverPubkey ?? pubkey;
    const events = await this.signed(
      'membership_purchase_product',
      {
        name: req.name.trim().toLowerCase(),
        product_id: req.productId,
        receiver_pubkey: receiver,
        ...(req.amountUsd !== undefined ? { amount_usd: String(req.amountUsd) } : {}),
      },
      {},
      receiver,
    );
    const quote = contentOf<PurchaseQuote>(first(events, MembershipResultKind.PurchaseQuote));
    if (!quote) throw new MembershipClientError('failed', 'no invoice');
    return quote;
  }

  /**
   * Watches a quote until it is paid (`completed` resolves with the time) or expires (rejects
   * with `invoice-expired`). `onUpdate` sees every update. Survives reconnects.
   */
  watch(quoteId: string, onUpdate?: (u: PurchaseMonitorUpdate) => void): PurchaseWatch {
    let stop = () => {};
    const completed = new Promise<number>((resolve, reject) => {
      let finished = false;
      const end = () => {
        finished = true;
        stop();
      };
      stop = this.connection.stream(
        'membership_purchase_monitor' as never,
        { membership_quote_id: quoteId } as never,
        {
          onEvent: (e) => {
            if (finished || e.kind !== MembershipResultKind.PurchaseMonitor) return;
            const u = contentOf<PurchaseMonitorUpdate>(e);
            if (!u) return;
            onUpdate?.(u);
            if (u.completed_at !== null) {
              end();
              resolve(u.completed_at);
            } else if (u.expired) {
              end();
              reject(new MembershipClientError('invoice-expired'));
            }
          },
          onNotice: (text) => {
            if (finished) return;
            finished = true;
            reject(
              membershipErrorOf(
                new CacheError('cache-notice', 'membership_purchase_monitor', text),
                'membership_purchase_monitor',
              ),
            );
          },
        },
      );
    });
    return { completed, stop: () => stop() };
  }

  /**
   * The whole purchase: a quote, watched from the start; paid with `payer` when given (the
   * built-in wallet, NWC or WebLN), else by whoever gets the invoice from `onQuote` (copied,
   * scanned). Resolves once the server saw the payment: the membership is in place then.
   */
  async buy(
    req: BuyRequest & {
      payer?: Payer;
      onQuote?: (quote: PurchaseQuote) => void;
      signal?: AbortSignal;
    },
  ): Promise<{ quote: PurchaseQuote; completedAt: number }> {
    const quote = await this.quote(req);
    req.onQuote?.(quote);
    const watch = this.watch(quote.membership_quote_id);
    const aborted = new Promise<never>((_, reject) => {
      req.signal?.addEventListener(
        'abort',
        () => reject(new MembershipClientError('failed', 'aborted')),
        { once: true },
      );
    });
    try {
      if (req.payer)
        await Promise.race([req.payer.pay(quote.qr_code, { signal: req.signal }), aborted]);
      const completedAt = await Promise.race([watch.completed, aborted]);
      return { quote, completedAt };
    } finally {
      watch.stop();
    }
  }

  /** Completed purchases paid by or for the user, newest first. */
  async purchaseHistory(page: PageRequest = {}): Promise<MembershipPage<PurchaseHistoryItem>> {
    const events = await this.signed('membership_purchase_history', { limit: 20, ...page });
    return {
      items:
        contentOf<PurchaseHistoryItem[]>(first(events, MembershipResultKind.PurchaseHistory)) ?? [],
      range: contentOf<FeedRange>(first(events, ResultKind.FeedRange)),
    };
  }

  // ---- legend ---------------------------------------------------------------------------------

  /** Saves a legend's customization; resolves what the server now shows for them (10000168). */
  async setLegendCustomization(
    s: LegendCustomizationSettings,
  ): Promise<LegendCustomization | undefined> {
    const events = await this.signed('membership_legend_customization', {
      style: s.style,
      custom_badge: s.custom_badge,
      avatar_glow: s.avatar_glow,
      ...(s.in_leaderboard !== undefined ? { in_leaderboard: s.in_leaderboard } : {}),
      ...(s.current_shoutout !== undefined ? { edited_shoutout: s.current_shoutout } : {}),
    });
    const saved = contentOf<Record<string, LegendCustomization>>(
      first(events, ResultKind.LegendCustomization),
    );
    return saved?.[await this.signer.getPublicKey()];
  }

  // ---- media ----------------------------------------------------------------------------------

  async mediaStats(): Promise<MemberMediaStats> {
    const events = await this.signed('membership_media_management_stats', {});
    return (
      contentOf<MemberMediaStats>(first(events, MembershipResultKind.MediaStats)) ?? {
        image: 0,
        video: 0,
        other: 0,
      }
    );
  }

  /** The member's uploads, newest first, in `range.elements` order. */
  async mediaUploads(page: PageRequest = {}): Promise<MembershipPage<MediaListItem>> {
    const events = await this.signed(
      'membership_media_management_uploads',
      {},
      { limit: 20, ...page },
    );
    const items = contentOf<MediaListItem[]>(first(events, MembershipResultKind.MediaList)) ?? [];
    const range = contentOf<FeedRange>(first(events, ResultKind.FeedRange));
    const byUrl = new Map(items.map((i) => [i.url, i]));
    const ordered = range
      ? range.elements.flatMap((url) => (byUrl.has(url) ? [byUrl.get(url)!] : []))
      : items;
    return { items: ordered, range };
  }

  async deleteMedia(url: string): Promise<void> {
    await this.signed('membership_media_management_delete', { url });
  }

  // ---- contacts recovery ----------------------------------------------------------------------

  /** Earlier versions of the user's contact list, newest first (signatures checked). */
  async contactListVersions(page: PageRequest = {}): Promise<MembershipPage<ContactListVersion>> {
    const events = await this.signed(
      'membership_recovery_contact_lists',
      {},
      { limit: 30, ...page },
    );
    const pubkey = await this.signer.getPublicKey();
    const versions = events.filter(
      (e): e is NostrEvent & CacheEvent =>
        e.kind === 3 && e.pubkey === pubkey && verifyEvent(e as NostrEvent),
    );
    const range = contentOf<FeedRange>(first(events, ResultKind.FeedRange));
    const byId = new Map(versions.map((v) => [v.id, v]));
    const ordered = range
      ? range.elements.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
      : versions;
    return {
      items: ordered.map((event) => ({
        event,
        createdAt: event.created_at,
        followsCount: event.tags.filter((t) => t[0] === 'p').length,
      })),
      range,
    };
  }

  /**
   * A new contact list with an earlier version's follows and relays, signed now. Publish it
   * through the app's write path (relays, then the cache), like any follow change.
   */
  async signRestoredContactList(version: ContactListVersion): Promise<NostrEvent> {
    return this.signer.signEvent({
      kind: 3,
      tags: version.event.tags.map((t) => [...t]),
      content: version.event.content,
    });
  }

  // ---- content backup -------------------------------------------------------------------------

  /** How many events the server holds of the user, per kind. */
  async contentStats(): Promise<ContentStat[]> {
    const events = await this.signed('membership_content_stats', {});
    return contentOf<ContentStat[]>(first(events, MembershipResultKind.ContentStats)) ?? [];
  }

  /**
   * The backup as a download: `GET /membership/content-backup` signed with NIP-98, answered as
   * JSON Lines (one signed event per line). Resolves the response (stream it into a file, or
   * `.text()` and `parseBackup`) and the file name the server suggests.
   */
  async downloadBackup(kinds: number[] = []): Promise<{ response: Response; filename: string }> {
    const url = `${this.httpOrigin}${CONTENT_BACKUP_PATH}${kinds.length ? `?kinds=${kinds.join(',')}` : ''}`;
    const auth = await this.signer.signEvent(makeHttpAuth({ url, method: 'GET' }));
    let response: Response;
    try {
      response = await this.fetchFn(url, { headers: { authorization: httpAuthHeader(auth) } });
    } catch (err) {
      throw new MembershipClientError('failed', (err as Error).message, { cause: err });
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      throw new MembershipClientError(
        response.status === 403 ? 'membership-required' : 'failed',
        body.error ?? `the server answered ${response.status}`,
      );
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'nostr-content.jsonl';
    return { response, filename };
  }

  /** The backup through the socket (small backups; events in arrival order). */
  backupOverSocket(kinds: number[] = []): Promise<NostrEvent[]> {
    return new Promise((resolve, reject) => {
      void this.userEvent({}).then((event) => {
        const out: NostrEvent[] = [];
        const stop = this.connection.stream(
          'membership_content_backup' as never,
          { event_from_user: event, ...(kinds.length ? { kinds } : {}) } as never,
          {
            onEvent: (e) => {
              if (typeof e.id === 'string' && typeof e.sig === 'string') out.push(e as NostrEvent);
            },
            onEose: () => {
              stop();
              resolve(out);
            },
            onNotice: (text) =>
              reject(
                membershipErrorOf(
                  new CacheError('cache-notice', 'membership_content_backup', text),
                  'membership_content_backup',
                ),
              ),
          },
        );
      }, reject);
    });
  }
}
