import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PushActor, PushMessage } from '@swell/cache-protocol';
import { LEASE_SECONDS, type PushJob } from './push-dispatch.ts';
import { digestMessage, pushMessage } from './push-message.ts';
import type { PushPresence } from './push-presence.ts';
import {
  endpointOrigin,
  type PushOptions,
  type PushSender,
  type SendOutcome,
} from './push-sender.ts';
import type { PushSubscriptions } from './push-subscriptions.ts';
import type { PushDatabase, PushDeliveriesTable, PushSubscriptionsTable } from './push-tables.ts';

/** Pushes in flight at once, over all push services, and to one push service. */
const MAX_SENDING = 16;
const MAX_SENDING_PER_SERVICE = 4;
/** Jobs waiting in memory; more stay in the database until a sweep finds room. */
const MAX_QUEUED = 5000;
/** Tries of one push before it is given up. */
const MAX_ATTEMPTS = 6;
/** How long a push service keeps a push for an offline device (seconds). */
const PUSH_TTL_SECONDS = 24 * 3600;
/** Back-off after a failed try: 30 s, doubling, at most an hour (Retry-After within a day). */
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 3600;
const RETRY_AFTER_MAX_SECONDS = 24 * 3600;
/** Finished deliveries are kept this long (seconds), then deleted. */
const KEEP_SECONDS = 2 * 24 * 3600;
const HOUSEKEEPING_MS = 10 * 60_000;
/** Notification types that may wait (RFC 8030 Urgency: low); the rest are normal. */
const LOW_URGENCY = new Set([1, 2, 4, 5, 102, 103, 202, 203]);

export interface PushBudget {
  /** Pushes a device gets at once before they are gathered into digests. */
  burst: number;
  /** One more per device every this many seconds. */
  intervalSeconds: number;
}

/** What the worker did, for /health and tests. */
export interface PushCounters {
  sent: number;
  digests: number;
  /** Deliveries that went out inside digests. */
  digested: number;
  held: number;
  quiet: number;
  retried: number;
  failed: number;
  gone: number;
}

export interface PushWorkerDeps {
  db: Kysely<PushDatabase>;
  owner: string;
  subscriptions: PushSubscriptions;
  presence: PushPresence;
  sender: PushSender;
  budget: PushBudget;
  /** Who acted, as a push shows them (name, picture). */
  actors: (pubkeys: string[]) => Promise<Map<string, PushActor>>;
  clock: () => number;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Sends deliveries: a bounded queue in memory (MAX_QUEUED), at most MAX_SENDING pushes in flight
 * and MAX_SENDING_PER_SERVICE per push service, each with a time-out, so a push service that is
 * down or slow holds a few slots and slows nothing else. Every device has a send budget (a
 * token bucket in its row, taken atomically, so instances share it): over it, deliveries wait as
 * `held` and go out together as one digest when the budget allows. 429 and 5xx answers (and
 * time-outs) are tried again with back-off, honouring Retry-After, for the whole device; 404 and
 * 410 forget the device. A sweep takes up what is due in the database: retries, deliveries
 * whose instance died (their lease ran out) and digests.
 */
export class PushWorker {
  private readonly d: PushWorkerDeps;
  private readonly queue: PushJob[] = [];
  private readonly busy = new Map<string, number>();
  /** Devices with a digest queued or being sent here. */
  private readonly digesting = new Set<string>();
  private sending = 0;
  private sweeper: ReturnType<typeof setInterval> | undefined;
  private lastHousekeeping = 0;
  private sweeping = false;
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();
  readonly counters: PushCounters = {
    sent: 0,
    digests: 0,
    digested: 0,
    held: 0,
    quiet: 0,
    retried: 0,
    failed: 0,
    gone: 0,
  };

  constructor(deps: PushWorkerDeps) {
    this.d = deps;
  }

  get queued(): number {
    return this.queue.length;
  }

  get inProgress(): number {
    return this.sending;
  }

  start(): void {
    const { intervalSeconds } = this.d.budget;
    const every = Math.min(5000, Math.max(200, (intervalSeconds * 1000) / 4));
    this.sweeper = setInterval(() => void this.sweep(), every);
    this.sweeper.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    this.queue.length = 0;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Jobs this instance holds the lease of; over the cap they wait for a sweep. */
  enqueue(jobs: readonly PushJob[]): void {
    for (const job of jobs) {
      if (this.closed || this.queue.length >= MAX_QUEUED) return;
      this.queue.push(job);
    }
    this.pump();
  }

  private pump(): void {
    for (let i = 0; i < this.queue.length && this.sending < MAX_SENDING;) {
      const job = this.queue[i]!;
      const busy = this.busy.get(job.origin) ?? 0;
      if (busy >= MAX_SENDING_PER_SERVICE) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      this.sending++;
      this.busy.set(job.origin, busy + 1);
      const run = (job.kind === 'delivery' ? this.deliver(job) : this.digest(job))
        .catch((err: unknown) => this.d.log.warn({ err: String(err) }, 'push: send failed'))
        .finally(() => {
          this.sending--;
          const left = (this.busy.get(job.origin) ?? 1) - 1;
          if (left > 0) this.busy.set(job.origin, left);
          else this.busy.delete(job.origin);
          if (job.kind === 'digest') this.digesting.delete(job.subscriptionId);
          this.inFlight.delete(run);
          this.pump();
        });
      this.inFlight.add(run);
    }
  }

  // ---- the device's budget ---------------------------------------------------------------

  /** The budget's level now, as SQL (capped at the burst). */
  private level(now: number) {
    const { burst, intervalSeconds } = this.d.budget;
    const refilled = sql`tokens + (${now} - tokens_at) * CAST(${1 / intervalSeconds} AS double precision)`;
    return sql`CASE WHEN ${refilled} > CAST(${burst} AS double precision) THEN CAST(${burst} AS double precision) ELSE ${refilled} END`;
  }

  /** Takes one push from a device's budget, atomically (instances share it). */
  private async takeToken(subscriptionId: string, now: number): Promise<boolean> {
    const level = this.level(now);
    const r = await sql`UPDATE push_subscriptions SET tokens = ${level} - 1, tokens_at = ${now}
      WHERE id = ${subscriptionId} AND blocked_until <= ${now} AND ${level} >= 1`.execute(
      this.d.db,
    );
    return Number(r.numAffectedRows ?? 0) === 1;
  }

  private async refundToken(subscriptionId: string): Promise<void> {
    await sql`UPDATE push_subscriptions SET tokens = tokens + 1 WHERE id = ${subscriptionId}`.execute(
      this.d.db,
    );
  }

  /** Holds every push to a device until `until` (a back-off or its Retry-After). */
  private async block(subscriptionId: string, until: number): Promise<void> {
    await this.d.db
      .updateTable('push_subscriptions')
      .set({ blocked_until: until })
      .where('id', '=', subscriptionId)
      .where('blocked_until', '<', until)
      .execute();
  }

  // ---- one delivery -------------------------------------------------------------------------

  private async settle(id: string, set: Partial<PushDeliveriesTable>, now: number): Promise<void> {
    await this.d.db
      .updateTable('push_deliveries')
      .set({ ...set, lease_until: 0, updated_at: now })
      .where('id', '=', id)
      .where('lease_owner', '=', this.d.owner)
      .execute();
  }

  private async deliver(job: PushJob): Promise<void> {
    const { db, owner } = this.d;
    let now = this.d.clock();
    // Still ours? (A job that waited here past its lease may have been taken by another.)
    const renewed = await db
      .updateTable('push_deliveries')
      .set({ lease_until: now + LEASE_SECONDS })
      .where('id', '=', job.id)
      .where('status', '=', 'pending')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) !== 1) return;
    const row = await db
      .selectFrom('push_deliveries')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirst();
    const sub = await this.d.subscriptions.byId(job.subscriptionId);
    if (!row || !sub) {
      await db.deleteFrom('push_deliveries').where('id', '=', job.id).execute();
      return;
    }
    if (sub.quiet_when_focused === 1 && (await this.d.presence.focused(sub.pubkey, now))) {
      this.counters.quiet++;
      return this.settle(row.id, { status: 'quiet' }, now);
    }
    if (Number(sub.blocked_until) > now)
      return this.settle(row.id, { next_at: Number(sub.blocked_until) }, now);
    if (!(await this.takeToken(sub.id, now))) {
      this.counters.held++;
      return this.settle(row.id, { status: 'held' }, now);
    }
    const actors = row.actor ? await this.d.actors([row.actor]) : new Map<string, PushActor>();
    const message = pushMessage(row, actors.get(row.actor));
    const outcome = await this.d.sender.send(sub, message, {
      ttlSeconds: PUSH_TTL_SECONDS,
      urgency: row.kind === 'notification' && LOW_URGENCY.has(Number(row.type)) ? 'low' : 'normal',
    });
    now = this.d.clock();
    switch (outcome.kind) {
      case 'sent':
        this.counters.sent++;
        return this.settle(row.id, { status: 'sent' }, now);
      case 'gone':
        return this.forget(sub, outcome);
      case 'refused':
        this.refused(sub, outcome);
        return this.settle(row.id, { status: 'failed' }, now);
      case 'retry': {
        const attempts = Number(row.attempts) + 1;
        const retryAt = now + this.delay(attempts, outcome.retryAfterSeconds);
        await this.block(sub.id, retryAt);
        if (attempts >= MAX_ATTEMPTS || retryAt > Number(row.created_at) + PUSH_TTL_SECONDS) {
          this.counters.failed++;
          return this.settle(row.id, { status: 'failed', attempts }, now);
        }
        this.counters.retried++;
        return this.settle(row.id, { attempts, next_at: retryAt }, now);
      }
    }
  }

  private delay(attempts: number, retryAfter: number | undefined): number {
    if (retryAfter !== undefined) return Math.max(1, Math.min(RETRY_AFTER_MAX_SECONDS, retryAfter));
    const exp = Math.min(BACKOFF_MAX_SECONDS, BACKOFF_BASE_SECONDS * 2 ** (attempts - 1));
    return Math.ceil(exp * (0.75 + Math.random() / 2));
  }

  private async forget(
    sub: PushSubscriptionsTable,
    outcome: Extract<SendOutcome, { kind: 'gone' }>,
  ): Promise<void> {
    this.counters.gone++;
    this.d.log.warn(
      { service: endpointOrigin(sub.endpoint), status: outcome.status },
      'push: the push service no longer knows a device; forgotten',
    );
    await this.d.subscriptions.removeIds([sub.id]);
  }

  private refused(sub: PushSubscriptionsTable, outcome: Extract<SendOutcome, { kind: 'refused' }>) {
    this.counters.failed++;
    this.d.log.warn(
      { service: endpointOrigin(sub.endpoint), reason: outcome.reason },
      'push: refused',
    );
  }

  // ---- digests ------------------------------------------------------------------------------

  private async digest(job: PushJob): Promise<void> {
    const { db } = this.d;
    const sub = await this.d.subscriptions.byId(job.subscriptionId);
    if (!sub) return;
    let now = this.d.clock();
    if (sub.quiet_when_focused === 1 && (await this.d.presence.focused(sub.pubkey, now))) {
      const r = await db
        .updateTable('push_deliveries')
        .set({ status: 'quiet', updated_at: now })
        .where('subscription_id', '=', sub.id)
        .where('status', '=', 'held')
        .executeTakeFirst();
      this.counters.quiet += Number(r.numUpdatedRows);
      return;
    }
    if (!(await this.takeToken(sub.id, now))) return;
    const digest = randomBytes(16).toString('hex');
    // Taking the held rows is the claim: another instance's digest finds none left.
    const taken = await db
      .updateTable('push_deliveries')
      .set({ status: 'digested', digest, updated_at: now })
      .where('subscription_id', '=', sub.id)
      .where('status', '=', 'held')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return this.refundToken(sub.id);
    const rows = await db
      .selectFrom('push_deliveries')
      .selectAll()
      .where('digest', '=', digest)
      .orderBy('created_at', 'desc')
      .execute();
    const latest = rows[0]!;
    const actors = latest.actor
      ? await this.d.actors([latest.actor])
      : new Map<string, PushActor>();
    const from = actors.get(latest.actor);
    // One held push goes as itself; more become one digest, which replaces an undelivered
    // older digest at the push service (Topic) and on the device (the service worker's tag).
    const message: PushMessage =
      rows.length === 1 ? pushMessage(latest, from) : digestMessage(digest, rows, from, now);
    const options: PushOptions = {
      ttlSeconds: PUSH_TTL_SECONDS,
      urgency: 'normal',
      ...(rows.length > 1 ? { topic: 'digest' } : {}),
    };
    const outcome = await this.d.sender.send(sub, message, options);
    now = this.d.clock();
    const back = () =>
      db
        .updateTable('push_deliveries')
        .set({ status: 'held', digest: null, updated_at: now })
        .where('digest', '=', digest)
        .execute();
    switch (outcome.kind) {
      case 'sent':
        if (rows.length > 1) this.counters.digests++;
        else this.counters.sent++;
        this.counters.digested += rows.length > 1 ? rows.length : 0;
        return;
      case 'gone':
        return this.forget(sub, outcome);
      case 'refused':
        this.refused(sub, outcome);
        await db
          .updateTable('push_deliveries')
          .set({ status: 'failed', updated_at: now })
          .where('digest', '=', digest)
          .execute();
        return;
      case 'retry':
        this.counters.retried++;
        await this.block(sub.id, now + this.delay(1, outcome.retryAfterSeconds));
        await back();
        return;
    }
  }

  // ---- the sweep ----------------------------------------------------------------------------

  /**
   * Takes up what is due: pending deliveries whose time came and whose lease ran out (retries,
   * and those of an instance that died or had no room), then a digest for every device with
   * held deliveries and budget; now and then deletes finished rows and stale presence.
   */
  async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      const { db, owner } = this.d;
      const now = this.d.clock();
      const room = Math.min(200, MAX_QUEUED - this.queue.length);
      if (room > 0) {
        const due = await db
          .selectFrom('push_deliveries as d')
          .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
          .select(['d.id', 'd.subscription_id', 's.endpoint'])
          .where('d.status', '=', 'pending')
          .where('d.next_at', '<=', now)
          .where('d.lease_until', '<=', now)
          .orderBy('d.next_at')
          .limit(room)
          .execute();
        if (due.length) {
          const claimed = await db
            .updateTable('push_deliveries')
            .set({ lease_owner: owner, lease_until: now + LEASE_SECONDS })
            .where(
              'id',
              'in',
              due.map((r) => r.id),
            )
            .where('status', '=', 'pending')
            .where('lease_until', '<=', now)
            .returning('id')
            .execute();
          const mine = new Set(claimed.map((r) => r.id));
          this.enqueue(
            due
              .filter((r) => mine.has(r.id))
              .map((r) => ({
                kind: 'delivery' as const,
                id: r.id,
                subscriptionId: r.subscription_id,
                origin: endpointOrigin(r.endpoint),
              })),
          );
        }
        const held = await db
          .selectFrom('push_deliveries as d')
          .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
          .select(['d.subscription_id', 's.endpoint'])
          .distinct()
          .where('d.status', '=', 'held')
          .where('s.blocked_until', '<=', now)
          .where(sql<boolean>`${this.level(now)} >= 1`)
          .limit(100)
          .execute();
        const digests: PushJob[] = [];
        for (const r of held) {
          if (this.queue.length + digests.length >= MAX_QUEUED) break;
          if (this.digesting.has(r.subscription_id)) continue;
          this.digesting.add(r.subscription_id);
          digests.push({
            kind: 'digest',
            id: r.subscription_id,
            subscriptionId: r.subscription_id,
            origin: endpointOrigin(r.endpoint),
          });
        }
        this.enqueue(digests);
      }
      if (Date.now() - this.lastHousekeeping > HOUSEKEEPING_MS) {
        this.lastHousekeeping = Date.now();
        await db
          .deleteFrom('push_deliveries')
          .where('updated_at', '<', now - KEEP_SECONDS)
          .execute();
        await this.d.presence.prune(now);
      }
    } catch (err) {
      this.d.log.warn({ err: String(err) }, 'push: sweep failed');
    } finally {
      this.sweeping = false;
    }
  }
}
