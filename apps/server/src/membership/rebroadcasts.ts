import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RebroadcastStatus } from '@swell/cache-protocol';
import type { Kysely } from 'kysely';
import type { Outbound } from '../net/outbound.ts';
import { RelayPublisher } from '../net/relay-publisher.ts';
import type { Store } from '../store/store.ts';
import { backupEvents, countEvents, cursorAfter, type BackupCursor } from './content-backup.ts';
import { MembershipError } from './membership-service.ts';

/** One member's rebroadcast (migration 0010-rebroadcasts). Times are unix seconds. */
export interface RebroadcastsTable {
  pubkey: string;
  /** 'running' | 'finished' | 'cancelled' | 'failed' */
  state: string;
  /** JSON array of kinds; [] = every kind. */
  kinds: string;
  /** JSON array of relay URLs. */
  relays: string;
  /** Whether the member's request could have private addresses fetched (mayFetchPrivate). */
  private_ok: number;
  total: number;
  done: number;
  /** Events at least one relay accepted. */
  accepted: number;
  /** JSON BackupCursor of the last event sent, '' before the first. */
  cursor: string;
  error: string;
  started_at: number;
  updated_at: number;
  finished_at: number | null;
  /** The server instance running it, until `lease_until`; another takes it over after that. */
  lease_owner: string;
  lease_until: number;
}

/** Events a rebroadcast sends per second at most (each to every relay), and per page. */
export const REBROADCAST_EVENTS_PER_SECOND = 20;
const PAGE = 20;
/** Rebroadcasts one server instance runs at once; more wait their turn. */
const MAX_RUNNING = 2;
const LEASE_SECONDS = 60;
const SWEEP_MS = 15_000;
/** Relays one rebroadcast may go to. */
export const MAX_REBROADCAST_RELAYS = 20;

export const NO_REBROADCAST: RebroadcastStatus = {
  running: false,
  status: '',
  progress: 0,
  kinds: null,
  total: 0,
  done: 0,
  accepted: 0,
  relays: [],
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function statusOf(r: RebroadcastsTable): RebroadcastStatus {
  const kinds = JSON.parse(r.kinds) as number[];
  const total = Number(r.total);
  const done = Number(r.done);
  const words: Record<string, string> = {
    running: 'running',
    finished: 'finished fine',
    cancelled: 'cancelled',
  };
  return {
    running: r.state === 'running',
    status: words[r.state] ?? `failed: ${r.error}`,
    progress: r.state === 'finished' ? 1 : total > 0 ? Math.min(1, done / total) : 0,
    kinds: kinds.length > 0 ? kinds : null,
    total,
    done,
    accepted: Number(r.accepted),
    relays: JSON.parse(r.relays) as string[],
  };
}

/**
 * Members' content rebroadcasts (spec section 9, Premium content backup): every stored event of
 * the member (of the chosen kinds) is published to their relays through the outbound guard, at
 * most `eventsPerSecond` events a second, with progress, cancel and status. The job and its
 * progress live in the database (`rebroadcasts`), so it goes on after a restart (from the last
 * page sent) and its status survives; an instance holds a job by a lease it renews each page, so
 * another instance takes over a job whose instance died, and none runs twice.
 */
export class Rebroadcasts {
  private readonly db: Kysely<{ rebroadcasts: RebroadcastsTable }>;
  private readonly store: Pick<Store, 'db'>;
  private readonly outbound: Outbound;
  private readonly log: FastifyBaseLogger;
  private readonly clock: () => number;
  private readonly eventsPerSecond: number;
  private readonly owner = randomBytes(8).toString('hex');
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly listeners = new Set<(pubkey: string) => void>();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private kicking: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(deps: {
    store: Pick<Store, 'db'>;
    outbound: Outbound;
    log: FastifyBaseLogger;
    clock?: () => number;
    eventsPerSecond?: number;
  }) {
    this.store = deps.store;
    this.db = deps.store.db as unknown as Kysely<{ rebroadcasts: RebroadcastsTable }>;
    this.outbound = deps.outbound;
    this.log = deps.log;
    this.clock = deps.clock ?? nowSeconds;
    this.eventsPerSecond = deps.eventsPerSecond ?? REBROADCAST_EVENTS_PER_SECOND;
  }

  /** Takes up jobs left running (a restart, another instance that died), now and every 15 s. */
  resume(): void {
    if (this.sweeper || this.closed) return;
    this.sweeper = setInterval(() => void this.kick(), SWEEP_MS);
    this.sweeper.unref();
    void this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    const jobs = [...this.running.values()];
    for (const job of jobs) job.abort.abort();
    await Promise.all(jobs.map((job) => job.done));
    // Let go of them: the next start (or another instance) goes on from the last page at once.
    await this.db
      .updateTable('rebroadcasts')
      .set({ lease_until: 0 })
      .where('lease_owner', '=', this.owner)
      .where('state', '=', 'running')
      .execute()
      .catch((err: unknown) => this.log.warn({ err }, 'rebroadcast leases not released'));
  }

  /** Called with the member's pubkey whenever their status changes in this instance. */
  onChange(listener: (pubkey: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async status(pubkey: string): Promise<RebroadcastStatus> {
    const r = await this.db
      .selectFrom('rebroadcasts')
      .selectAll()
      .where('pubkey', '=', pubkey)
      .executeTakeFirst();
    return r ? statusOf(r) : NO_REBROADCAST;
  }

  /** Starts a rebroadcast of `pubkey`'s events to `relays`; one at a time per member. */
  async start(job: {
    pubkey: string;
    kinds: readonly number[];
    relays: readonly string[];
    privateOk: boolean;
  }): Promise<RebroadcastStatus> {
    if ((await this.status(job.pubkey)).running)
      throw new MembershipError('a rebroadcast is already running: cancel it first');
    const now = this.clock();
    const row: RebroadcastsTable = {
      pubkey: job.pubkey,
      state: 'running',
      kinds: JSON.stringify([...job.kinds]),
      relays: JSON.stringify([...job.relays]),
      private_ok: job.privateOk ? 1 : 0,
      total: await countEvents(this.store, job.pubkey, job.kinds),
      done: 0,
      accepted: 0,
      cursor: '',
      error: '',
      started_at: now,
      updated_at: now,
      finished_at: null,
      lease_owner: '',
      lease_until: 0,
    };
    const { pubkey: _key, ...update } = row;
    await this.db
      .insertInto('rebroadcasts')
      .values(row)
      .onConflict((oc) => oc.column('pubkey').doUpdateSet(update))
      .execute();
    this.changed(job.pubkey);
    void this.kick();
    return statusOf(row);
  }

  async cancel(pubkey: string): Promise<RebroadcastStatus> {
    await this.db
      .updateTable('rebroadcasts')
      .set({ state: 'cancelled', updated_at: this.clock(), finished_at: this.clock() })
      .where('pubkey', '=', pubkey)
      .where('state', '=', 'running')
      .execute();
    this.running.get(pubkey)?.abort.abort();
    this.changed(pubkey);
    return this.status(pubkey);
  }

  private changed(pubkey: string): void {
    for (const l of this.listeners) {
      try {
        l(pubkey);
      } catch (err) {
        this.log.warn({ err }, 'rebroadcast status listener failed');
      }
    }
  }

  /** Starts jobs that are running without a live lease (one look at a time). */
  private kick(): Promise<void> {
    this.kicking = this.kicking.then(() => this.takeUp());
    return this.kicking;
  }

  /** Starts jobs that are running without a live lease, up to MAX_RUNNING in this instance. */
  private async takeUp(): Promise<void> {
    if (this.closed || this.running.size >= MAX_RUNNING) return;
    try {
      const rows = await this.db
        .selectFrom('rebroadcasts')
        .select('pubkey')
        .where('state', '=', 'running')
        .where('lease_until', '<', this.clock())
        .orderBy('updated_at')
        .limit(MAX_RUNNING)
        .execute();
      for (const { pubkey } of rows) {
        if (this.running.size >= MAX_RUNNING) break;
        if (this.running.has(pubkey) || !(await this.lease(pubkey))) continue;
        const abort = new AbortController();
        const done = this.run(pubkey, abort.signal)
          .catch((err: unknown) => (abort.signal.aborted ? undefined : this.fail(pubkey, err)))
          .finally(() => {
            this.running.delete(pubkey);
            void this.kick();
          });
        this.running.set(pubkey, { abort, done });
      }
    } catch (err) {
      if (!this.closed) this.log.warn({ err }, 'rebroadcasts could not be taken up');
    }
  }

  /** Takes or renews the lease of a running job; false when another instance holds it. */
  private async lease(pubkey: string): Promise<boolean> {
    const now = this.clock();
    const r = await this.db
      .updateTable('rebroadcasts')
      .set({ lease_owner: this.owner, lease_until: now + LEASE_SECONDS })
      .where('pubkey', '=', pubkey)
      .where('state', '=', 'running')
      .where((eb) => eb.or([eb('lease_until', '<', now), eb('lease_owner', '=', this.owner)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private async fail(pubkey: string, err: unknown): Promise<void> {
    this.log.warn({ err, pubkey }, 'rebroadcast failed');
    await this.db
      .updateTable('rebroadcasts')
      .set({
        state: 'failed',
        error: err instanceof Error ? err.message.slice(0, 200) : 'internal error',
        updated_at: this.clock(),
        finished_at: this.clock(),
      })
      .where('pubkey', '=', pubkey)
      .where('state', '=', 'running')
      .execute()
      .catch(() => {});
    this.changed(pubkey);
  }

  private async run(pubkey: string, signal: AbortSignal): Promise<void> {
    const row = await this.db
      .selectFrom('rebroadcasts')
      .selectAll()
      .where('pubkey', '=', pubkey)
      .executeTakeFirst();
    if (!row || row.state !== 'running') return;
    const publishers: RelayPublisher[] = [];
    for (const relay of JSON.parse(row.relays) as string[]) {
      try {
        const url = new URL(relay);
        publishers.push(
          new RelayPublisher(
            await this.outbound.guard.target(url, ['ws:', 'wss:'], row.private_ok === 1),
          ),
        );
      } catch (err) {
        this.log.info({ relay, err: (err as Error).message }, 'rebroadcast relay refused');
      }
    }
    if (publishers.length === 0) throw new Error('none of the relays may be reached');
    // Stopping (cancel, shutdown) drops the connections: events waiting for an OK give up.
    const drop = () => publishers.forEach((p) => p.close());
    signal.addEventListener('abort', drop, { once: true });
    const kinds = JSON.parse(row.kinds) as number[];
    const after = row.cursor ? (JSON.parse(row.cursor) as BackupCursor) : undefined;
    let done = Number(row.done);
    let accepted = Number(row.accepted);
    try {
      const pages = backupEvents(this.store, pubkey, kinds, signal, {
        ...(after ? { after } : {}),
        pageSize: PAGE,
      });
      for await (const page of pages) {
        const started = Date.now();
        const results = await Promise.all(
          page.map(async (e) =>
            (await Promise.all(publishers.map((p) => p.publish(e)))).some(Boolean),
          ),
        );
        if (signal.aborted) return;
        done += page.length;
        accepted += results.filter(Boolean).length;
        const now = this.clock();
        const saved = await this.db
          .updateTable('rebroadcasts')
          .set({
            done,
            accepted,
            cursor: JSON.stringify(cursorAfter(page[page.length - 1]!)),
            updated_at: now,
            lease_until: now + LEASE_SECONDS,
          })
          .where('pubkey', '=', pubkey)
          .where('state', '=', 'running')
          .where('lease_owner', '=', this.owner)
          .executeTakeFirst();
        if (Number(saved.numUpdatedRows) !== 1) return; // cancelled, or no longer ours
        this.changed(pubkey);
        // bounded in rate: a page of PAGE events takes at least PAGE / eventsPerSecond seconds
        const wait = (page.length / this.eventsPerSecond) * 1000 - (Date.now() - started);
        if (wait > 0) await sleep(wait);
        if (signal.aborted) return;
      }
      if (signal.aborted) return;
      const now = this.clock();
      await this.db
        .updateTable('rebroadcasts')
        .set({ state: 'finished', updated_at: now, finished_at: now })
        .where('pubkey', '=', pubkey)
        .where('state', '=', 'running')
        .where('lease_owner', '=', this.owner)
        .execute();
      this.changed(pubkey);
    } finally {
      signal.removeEventListener('abort', drop);
      drop();
    }
  }
}
