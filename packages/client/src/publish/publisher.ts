import type { NostrEvent } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import { isClientError } from '../errors.ts';
import { publishTargets } from '../relay/relay-hints.ts';
import type { RelayPool } from '../relay/relay-pool.ts';
import type { PublishOutcome, PublishReport } from '../relay/relay-publish.ts';

export interface PublisherOptions {
  pool: RelayPool;
  api: CacheApi;
  /** Proxy mode (spec section 4): publish through the cache's `broadcast_events`. */
  proxy?: () => boolean;
  /** Per relay (spec: 8000 ms). */
  timeoutMs?: number;
  now?: () => number;
}

/** One attempt to publish one event. */
export interface PublishAttempt {
  id: string;
  /** Relays it went to (write relays and relay hints). */
  targets: string[];
  /** First `OK true` (`sent`), or how it failed once every relay ended. */
  outcome: Promise<PublishOutcome>;
  /** Every relay's result, once all ended. */
  report: Promise<PublishReport>;
  /**
   * When the cache knew of the event (ms): after `import_events` answered (or the broadcast
   * itself in proxy mode). null when nothing was sent.
   */
  settled: Promise<number | null>;
}

/**
 * The spec's messages for a publish (section 8 user messages): publish success; "no relay
 * confirmed after 8 s" (`timeout`); publish failed (every relay refused it, or no relay).
 * The app translates these keys.
 */
export const publishNotices = {
  sent: 'publish-success',
  timeout: 'publish-timeout',
  failed: 'publish-failed',
} as const;

export type PublishNotice = (typeof publishNotices)[keyof typeof publishNotices];

export function publishNotice(outcome: PublishOutcome): PublishNotice {
  return publishNotices[outcome.status];
}

/**
 * Publishes signed events: to the write relays (plus the relay hints of the event's tags) through
 * the relay pool, or through the cache in proxy mode; after a relay accepted, the event goes to
 * the cache with `import_events` so feeds and counts show it.
 */
export class Publisher {
  private readonly opts: PublisherOptions;
  private readonly now: () => number;

  constructor(options: PublisherOptions) {
    this.opts = options;
    this.now = options.now ?? Date.now;
  }

  get proxy(): boolean {
    return this.opts.proxy?.() ?? false;
  }

  /** The write relays now, with the hints of this event's tags and any `extra` relays. */
  targets(event: Pick<NostrEvent, 'tags'>, extra: string[] = []): string[] {
    return publishTargets(event, [...this.opts.pool.writeRelays(), ...extra]);
  }

  publish(event: NostrEvent, extra: string[] = []): PublishAttempt {
    const targets = this.targets(event, extra);
    if (this.proxy) return this.broadcast(event, targets);
    const job = this.opts.pool.publish(event, targets, { timeoutMs: this.opts.timeoutMs ?? 8000 });
    const settled = job.outcome.then(async (o) => {
      if (o.status !== 'sent') return null;
      try {
        await this.opts.api.importEvents([event]);
      } catch (e) {
        console.warn('import_events failed after a publish:', (e as Error).message);
      }
      return this.now();
    });
    return { id: event.id, targets, outcome: job.outcome, report: job.report, settled };
  }

  /** Proxy mode: the cache publishes (and stores) it; EVENT back = some relay accepted. */
  private broadcast(event: NostrEvent, targets: string[]): PublishAttempt {
    const via = this.opts.api.connection.getSnapshot().url;
    const timeoutMs = (this.opts.timeoutMs ?? 8000) + 4000;
    const run = this.opts.api.broadcastEvents([event], targets, { timeoutMs }).then(
      (page): PublishReport => {
        // The cache never echoes a gift wrap (kind 1059): no NOTICE means a relay accepted it.
        const echoed =
          event.kind === 1059 || [...page.notes, ...page.others].some((e) => e.id === event.id);
        return echoed
          ? {
              id: event.id,
              ok: true,
              accepted: [via],
              failed: {},
              results: { [via]: { status: 'accepted', message: '' } },
            }
          : failedReport(event.id, via, 'no relay accepted it', 'rejected');
      },
      (e: unknown): PublishReport => {
        const timedOut = isClientError(e, 'request-timeout');
        return failedReport(
          event.id,
          via,
          timedOut ? 'timeout' : (e as Error).message,
          timedOut ? 'unconfirmed' : 'rejected',
        );
      },
    );
    const outcome = run.then((report): PublishOutcome => {
      if (report.ok) return { status: 'sent', id: event.id, relay: via };
      const timedOut = report.results[via]?.status === 'unconfirmed';
      return { status: timedOut ? 'timeout' : 'failed', id: event.id, report };
    });
    const settled = run.then((r) => (r.ok ? this.now() : null));
    return { id: event.id, targets, outcome, report: run, settled };
  }
}

function failedReport(
  id: string,
  via: string,
  message: string,
  status: 'rejected' | 'unconfirmed',
): PublishReport {
  return {
    id,
    ok: false,
    accepted: [],
    failed: { [via]: message },
    results: { [via]: { status, message } },
  };
}
