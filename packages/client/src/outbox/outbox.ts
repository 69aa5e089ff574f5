import type { NostrEvent } from '@swell/nostr';
import { systemClock, type Clock } from '../clock.ts';
import type { PublishOutcome, PublishReport } from '../relay/relay-publish.ts';
import { ValueStore, type Observable } from '../store.ts';
import { OutboxChannel, type OutboxMessage } from './outbox-channel.ts';
import type { OutboxDatabase, OutboxRecord } from './outbox-db.ts';
import type { SenderLock } from './sender-lock.ts';

/**
 * What the note shows: `sending` (an attempt runs, or the first one is about to), `failed` (the
 * last attempt got no OK: retry and discard are offered; `nextAttemptAt` says whether it will
 * also be retried by itself), `sent` (a relay accepted it; it left the outbox).
 */
export type OutboxItemStatus = 'sending' | 'failed' | 'sent';

export interface OutboxItem {
  id: string;
  event: NostrEvent;
  relays: string[];
  addedAt: number;
  attempts: number;
  status: OutboxItemStatus;
  lastErrors: Record<string, string>;
  lastOutcome?: 'timeout' | 'failed';
  nextAttemptAt: number | null;
  /** Per-relay results of this tab's last finished attempt. */
  report?: PublishReport;
}

export interface OutboxSnapshot {
  /** By event id: waiting events, and those sent during this session. */
  items: Readonly<Record<string, OutboxItem>>;
  /** The stored events were read. */
  ready: boolean;
  /** This tab is the one that sends. */
  sender: boolean;
}

/** How an attempt ended, or that the user discarded the event. */
export type OutboxResult = PublishOutcome | { status: 'discarded'; id: string };

/** What the outbox needs to publish: `Publisher.publish` fits. */
export type OutboxPublish = (
  event: NostrEvent,
  relays: string[],
) => { outcome: Promise<PublishOutcome>; report: Promise<PublishReport> };

export interface OutboxOptions {
  db: OutboxDatabase;
  lock: SenderLock;
  publish: OutboxPublish;
  /** Identifies this tab in claims. */
  tabId?: string;
  /** BroadcastChannel name shared by the tabs (null: none). */
  channelName?: string | null;
  clock?: Clock;
  /** Automatic retry n waits `retryBaseMs * 2^(n-1)` (+-20 %), at most `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How long a tab's claim on an event it is sending holds (crashed tabs lose it after). */
  claimMs?: number;
  random?: () => number;
}

/** Refusals that will not change by trying again (NIP-01 machine-readable prefixes). */
const permanentPrefixes = ['invalid:', 'blocked:', 'pow:', 'restricted:'];

function refusedForGood(outcome: PublishOutcome): boolean {
  if (outcome.status !== 'failed') return false;
  const reasons = Object.values(outcome.report.failed);
  return reasons.length > 0 && reasons.every((r) => permanentPrefixes.some((p) => r.startsWith(p)));
}

/**
 * The persistent outbox (architecture: "a signed event is never lost"). Every event is stored in
 * IndexedDB the moment it is signed, before any socket sees it, and leaves only when a relay
 * accepted it or the user discarded it. Attempts are retried with backoff, at once after a
 * reload and whenever `nudge()` says a relay came back. With several tabs open, only the tab
 * holding the sender lock sends (a tab where the user publishes takes the role over), and an
 * event being sent is claimed in the database so no second tab sends it meanwhile.
 * Observable: the state of every event (sending, failed, sent).
 */
export class Outbox implements Observable<OutboxSnapshot> {
  private readonly opts: OutboxOptions;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly tabId: string;
  private readonly state = new ValueStore<OutboxSnapshot>({
    items: {},
    ready: false,
    sender: false,
  });
  private readonly channel: OutboxChannel;
  private readonly inFlight = new Set<string>();
  private readonly reports = new Map<string, PublishReport>();
  private readonly sent = new Map<string, OutboxItem>();
  private readonly waiters = new Map<string, Array<(r: OutboxResult) => void>>();
  private timer: unknown = null;
  private pumping = false;
  private pumpAgain = false;
  private running = false;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;

  constructor(options: OutboxOptions) {
    this.opts = options;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.tabId = options.tabId ?? `tab-${Math.floor(this.random() * 1e12).toString(36)}`;
    this.channel = new OutboxChannel(options.channelName ?? null, (m) => this.onMessage(m));
  }

  getSnapshot = (): OutboxSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  item(id: string): OutboxItem | undefined {
    return this.state.getSnapshot().items[id];
  }

  /** Reads the stored events and starts competing for the sender role. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.reload();
    this.opts.lock.start((held) => {
      this.state.update({ sender: held });
      // A reload or a new sender: every waiting event is tried now.
      if (held) void this.nudge();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.opts.lock.stop();
    this.channel.close();
  }

  /**
   * Stores a signed event (resolves once it is in IndexedDB) and sends it from this tab;
   * `result` ends with the first attempt. `relays`: where it should go (write relays and relay
   * hints at signing time).
   */
  async add(event: NostrEvent, relays: string[]): Promise<{ result: Promise<OutboxResult> }> {
    const record: OutboxRecord = {
      id: event.id,
      event,
      relays: [...new Set(relays)],
      addedAt: this.clock.now(),
      attempts: 0,
      status: 'sending',
      lastErrors: {},
      nextAttemptAt: this.clock.now(),
    };
    const tx = this.opts.db.transaction('events', 'readwrite');
    if (!(await tx.store.get(event.id))) await tx.store.put(record);
    await tx.done;
    const result = this.result(event.id);
    // Shown as sending at once, before the database is read again.
    const snap = this.state.getSnapshot();
    if (!snap.items[event.id]) {
      this.state.update({ items: { ...snap.items, [event.id]: itemOf(record, 'sending') } });
    }
    this.changed();
    void this.sendFromHere();
    return { result };
  }

  /** Resolves when the next attempt at this event ends (or it is sent elsewhere, or discarded). */
  result(id: string): Promise<OutboxResult> {
    if (this.item(id)?.status === 'sent') {
      return Promise.resolve({ status: 'sent', id, relay: '' });
    }
    return new Promise((resolve) => {
      const list = this.waiters.get(id) ?? [];
      list.push(resolve);
      this.waiters.set(id, list);
    });
  }

  /** The user's retry: try now, from this tab. */
  async retry(id: string): Promise<void> {
    const tx = this.opts.db.transaction('events', 'readwrite');
    const rec = await tx.store.get(id);
    if (rec) await tx.store.put({ ...rec, nextAttemptAt: this.clock.now() });
    await tx.done;
    if (!rec) return;
    this.changed();
    await this.sendFromHere();
  }

  /** The user's discard: the event leaves the outbox unsent. */
  async discard(id: string): Promise<void> {
    await this.opts.db.delete('events', id);
    this.channel.post({ type: 'discarded', id });
    this.settle(id, { status: 'discarded', id });
    await this.reload();
  }

  /**
   * A relay (re)connected or the network came back: events waiting for their automatic retry
   * are tried now (events every relay refused wait for the user).
   */
  async nudge(): Promise<void> {
    const tx = this.opts.db.transaction('events', 'readwrite');
    const now = this.clock.now();
    for (const rec of await tx.store.getAll()) {
      if (rec.status === 'failed' && rec.nextAttemptAt !== null && rec.nextAttemptAt > now) {
        await tx.store.put({ ...rec, nextAttemptAt: now });
      }
    }
    await tx.done;
    void this.pump();
  }

  private async sendFromHere(): Promise<void> {
    if (!this.running) return;
    await this.opts.lock.takeOver();
    void this.pump();
  }

  // ---- sending -------------------------------------------------------------------------------

  private async pump(): Promise<void> {
    if (!this.running || !this.opts.lock.held) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        const now = this.clock.now();
        const records = await this.opts.db.getAll('events');
        let next = Infinity;
        for (const rec of records) {
          if (!this.running) return;
          if (this.inFlight.has(rec.id) || rec.nextAttemptAt === null) continue;
          const claimed =
            rec.claimedBy && rec.claimedBy !== this.tabId && (rec.claimedUntil ?? 0) > now;
          const due = claimed ? (rec.claimedUntil ?? now) : rec.nextAttemptAt;
          if (due <= now) void this.attempt(rec.id);
          else next = Math.min(next, due);
        }
        this.schedule(next);
      } while (this.pumpAgain && this.opts.lock.held);
    } catch (e) {
      if (this.running) console.warn('outbox:', (e as Error).message);
    } finally {
      this.pumping = false;
    }
  }

  private schedule(at: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (!Number.isFinite(at) || !this.running) return;
    const wait = Math.max(0, at - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.pump();
    }, wait);
  }

  private async attempt(id: string): Promise<void> {
    if (!this.running || !this.opts.lock.held) return;
    this.inFlight.add(id);
    try {
      const record = await this.claim(id);
      if (!record) return;
      this.changed();
      const attempt = this.opts.publish(record.event, record.relays);
      void attempt.report.then((report) => {
        this.reports.set(id, report);
        const s = this.sent.get(id);
        if (s) this.sent.set(id, { ...s, report });
        this.changed(false);
      });
      const outcome = await attempt.outcome;
      if (outcome.status === 'sent') await this.onSent(record);
      else await this.onFailed(record, outcome);
      this.settle(id, outcome);
    } catch (e) {
      if (this.running) console.warn('outbox attempt failed:', (e as Error).message);
    } finally {
      this.inFlight.delete(id);
      void this.pump();
    }
  }

  /** Marks the event as being sent by this tab, unless it is gone or another tab sends it. */
  private async claim(id: string): Promise<OutboxRecord | undefined> {
    const tx = this.opts.db.transaction('events', 'readwrite');
    const rec = await tx.store.get(id);
    const now = this.clock.now();
    if (!rec || (rec.claimedBy && rec.claimedBy !== this.tabId && (rec.claimedUntil ?? 0) > now)) {
      await tx.done;
      return undefined;
    }
    const claimMs = this.opts.claimMs ?? 20_000;
    const claimed: OutboxRecord = {
      ...rec,
      status: 'sending',
      attempts: rec.attempts + 1,
      claimedBy: this.tabId,
      claimedUntil: now + claimMs,
      // If this tab dies mid-attempt, another one picks it up when the claim runs out.
      nextAttemptAt: now + claimMs,
    };
    await tx.store.put(claimed);
    await tx.done;
    return claimed;
  }

  private async onSent(record: OutboxRecord): Promise<void> {
    await this.opts.db.delete('events', record.id);
    const report = this.reports.get(record.id);
    this.remember(record.id);
    this.sent.set(record.id, {
      ...itemOf(record, 'sent'),
      nextAttemptAt: null,
      lastErrors: {},
      ...(report ? { report } : {}),
    });
    this.channel.post({ type: 'sent', id: record.id });
  }

  private async onFailed(
    record: OutboxRecord,
    outcome: Exclude<OutboxResult, { status: 'sent' | 'discarded' }>,
  ): Promise<void> {
    const now = this.clock.now();
    const forGood = refusedForGood(outcome);
    const base = this.opts.retryBaseMs ?? 2000;
    const max = this.opts.maxRetryMs ?? 300_000;
    const jitter = 0.8 + this.random() * 0.4;
    const wait = Math.min(max, base * 2 ** Math.max(0, record.attempts - 1)) * jitter;
    const tx = this.opts.db.transaction('events', 'readwrite');
    const current = await tx.store.get(record.id);
    if (current) {
      const { claimedBy: _by, claimedUntil: _until, ...rest } = current;
      await tx.store.put({
        ...rest,
        status: 'failed',
        lastErrors: outcome.report.failed,
        lastOutcome: outcome.status,
        nextAttemptAt: forGood ? null : Math.round(now + wait),
      });
    }
    await tx.done;
  }

  private settle(id: string, result: OutboxResult): void {
    const list = this.waiters.get(id);
    this.waiters.delete(id);
    for (const w of list ?? []) w(result);
    this.changed(false);
  }

  // ---- state ---------------------------------------------------------------------------------

  /** Re-reads the database into the snapshot (and tells the other tabs unless `tell` is false). */
  private changed(tell = true): void {
    if (tell) this.channel.post({ type: 'changed' });
    void this.reload();
  }

  private onMessage(m: OutboxMessage): void {
    if (m.type === 'sent') {
      const item = this.item(m.id);
      if (item) {
        this.remember(m.id);
        this.sent.set(m.id, { ...item, status: 'sent', nextAttemptAt: null });
      }
      this.settle(m.id, { status: 'sent', id: m.id, relay: '' });
    } else if (m.type === 'discarded') {
      this.settle(m.id, { status: 'discarded', id: m.id });
    } else void this.reload();
  }

  /** Sent events are shown as sent for the session; the oldest are forgotten past 200. */
  private remember(id: string): void {
    this.sent.delete(id);
    while (this.sent.size >= 200) this.sent.delete(this.sent.keys().next().value!);
    this.reports.delete(id);
    while (this.reports.size >= 200) this.reports.delete(this.reports.keys().next().value!);
  }

  private reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        let records: OutboxRecord[];
        try {
          records = await this.opts.db.getAll('events');
        } catch (e) {
          if (this.running) {
            console.warn('outbox: could not read the stored events:', (e as Error).message);
          }
          return;
        }
        const items: Record<string, OutboxItem> = {};
        for (const [id, item] of this.sent) items[id] = item;
        for (const rec of records) {
          const report = this.reports.get(rec.id);
          items[rec.id] = { ...itemOf(rec, rec.status), ...(report ? { report } : {}) };
        }
        this.state.update({ items, ready: true });
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }
}

function itemOf(rec: OutboxRecord, status: OutboxItemStatus): OutboxItem {
  return {
    id: rec.id,
    event: rec.event,
    relays: rec.relays,
    addedAt: rec.addedAt,
    attempts: rec.attempts,
    status,
    lastErrors: rec.lastErrors,
    ...(rec.lastOutcome ? { lastOutcome: rec.lastOutcome } : {}),
    nextAttemptAt: rec.nextAttemptAt,
  };
}
