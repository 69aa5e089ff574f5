import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isHex64, type NostrEvent } from '@swell/nostr';
import { replaceableOf } from '../cache/queries/events.ts';
import type { Database } from '../store/schema.ts';
import { endpointOrigin } from './push-sender.ts';
import { preferencesOf } from './push-subscriptions.ts';
import type { PushDatabase, PushDeliveriesTable } from './push-tables.ts';

/** Events older than this (seconds) push nothing: an import or a relay's backlog is no news. */
export const PUSH_MAX_AGE_SECONDS = 3600;
/** How long the instance that created a delivery holds it before another may take it (s). */
export const LEASE_SECONDS = 60;
/** Events looked at per query. */
const CHUNK = 500;
/** Events waiting to be looked at; past this (the database cannot keep up) new ones are dropped. */
const MAX_WAITING = 50_000;
/** Types whose note to open is the event that caused them (a reply, mention or quote). */
const OPENS_SOURCE = new Set([6, 7, 8, 104, 204]);

/** A delivery (or a device's digest) this instance is to send. */
export interface PushJob {
  kind: 'delivery' | 'digest';
  /** The delivery's id; for a digest, the device's. */
  id: string;
  subscriptionId: string;
  /** The push service's origin: sends per service are limited. */
  origin: string;
}

interface Candidate {
  subscriptionId: string;
  endpoint: string;
  pubkey: string;
  item: string;
  kind: PushDeliveriesTable['kind'];
  type: number;
  actor: string;
  note: string | null;
  sats: number | null;
  createdAt: number;
}

function satsOf(data: string): number | null {
  try {
    const v = (JSON.parse(data) as { satszapped?: unknown }).satszapped;
    return typeof v === 'number' && Number.isFinite(v) ? Math.floor(v) : null;
  } catch {
    return null;
  }
}

/**
 * Turns committed events into deliveries: after each commit (the live bus; with PostgreSQL every
 * instance hears every instance's events), the notifications those events caused for users with
 * devices (the `notifications` table, by source event) and the direct messages to them
 * (kind 4, and NIP-17 gift wraps whose sender is sealed), each for every device that asked for
 * its type, minus actors the receiver muted (their kind 10000). Each becomes one row of
 * `push_deliveries`, inserted once per (notification, device) whichever instance inserts first;
 * the instance whose insert took it sends it (`onCreated`).
 */
export class PushDispatch {
  private readonly db: Kysely<PushDatabase>;
  private readonly owner: string;
  private readonly clock: () => number;
  private readonly onCreated: (jobs: PushJob[]) => void;
  private readonly warn: (err: unknown) => void;
  private waiting: NostrEvent[] = [];
  private flushing: Promise<void> | undefined;
  private closed = false;
  /** Deliveries this instance found (`considered`) and inserted first (`created`). */
  readonly counters = { considered: 0, created: 0, dropped: 0 };

  constructor(deps: {
    db: Kysely<PushDatabase>;
    owner: string;
    clock: () => number;
    onCreated: (jobs: PushJob[]) => void;
    warn: (err: unknown) => void;
  }) {
    this.db = deps.db;
    this.owner = deps.owner;
    this.clock = deps.clock;
    this.onCreated = deps.onCreated;
    this.warn = deps.warn;
  }

  /** A live bus listener: gathers events and looks at them once the current turn is over. */
  hear(e: NostrEvent): void {
    if (this.closed) return;
    if (this.waiting.length >= MAX_WAITING) {
      this.counters.dropped++;
      return;
    }
    this.waiting.push(e);
    if (!this.flushing)
      this.flushing = new Promise((r) => setImmediate(r)).then(() => this.flush());
  }

  /** Resolves once every event heard so far was looked at. */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  close(): void {
    this.closed = true;
    this.waiting = [];
  }

  private async flush(): Promise<void> {
    try {
      while (this.waiting.length && !this.closed) {
        const chunk = this.waiting.splice(0, CHUNK);
        await this.dispatch(chunk).catch(this.warn);
      }
    } finally {
      this.flushing = undefined;
    }
  }

  private async dispatch(events: NostrEvent[]): Promise<void> {
    const now = this.clock();
    const found = [
      ...(await this.notifications(events, now)),
      ...(await this.messages(events, now)),
    ];
    if (found.length === 0) return;
    const candidates = await this.unmuted(found);
    this.counters.considered += candidates.length;
    const jobs: PushJob[] = [];
    for (let i = 0; i < candidates.length; i += 100) {
      const part = candidates.slice(i, i + 100);
      const byKey = new Map(part.map((c) => [`${c.subscriptionId} ${c.item}`, c]));
      const rows: PushDeliveriesTable[] = part.map((c) => ({
        id: randomBytes(16).toString('hex'),
        subscription_id: c.subscriptionId,
        item: c.item,
        kind: c.kind,
        type: c.type,
        actor: c.actor,
        note: c.note,
        sats: c.sats,
        created_at: c.createdAt,
        status: 'pending',
        attempts: 0,
        next_at: now,
        lease_owner: this.owner,
        lease_until: now + LEASE_SECONDS,
        digest: null,
        updated_at: now,
      }));
      // The unique (subscription_id, item) decides which instance sends it: only rows this
      // insert created come back.
      const inserted = await this.db
        .insertInto('push_deliveries')
        .values(rows)
        .onConflict((oc) => oc.columns(['subscription_id', 'item']).doNothing())
        .returning(['id', 'subscription_id', 'item'])
        .execute();
      for (const r of inserted) {
        const c = byKey.get(`${r.subscription_id} ${r.item}`)!;
        jobs.push({
          kind: 'delivery',
          id: r.id,
          subscriptionId: r.subscription_id,
          origin: endpointOrigin(c.endpoint),
        });
      }
    }
    this.counters.created += jobs.length;
    if (jobs.length) this.onCreated(jobs);
  }

  /** Fresh notifications these events caused, for each device that wants their type. */
  private async notifications(events: NostrEvent[], now: number): Promise<Candidate[]> {
    const ids = events.filter((e) => e.created_at >= now - PUSH_MAX_AGE_SECONDS).map((e) => e.id);
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('notifications as n')
      .innerJoin('push_subscriptions as s', 's.pubkey', 'n.pubkey')
      .select([
        'n.id as item',
        'n.pubkey',
        'n.type',
        'n.actor',
        'n.source_event_id',
        'n.subject_event_id',
        'n.data',
        'n.created_at',
        's.id as subscription_id',
        's.endpoint',
        's.types',
        's.dms',
        's.quiet_when_focused',
      ])
      .where('n.source_event_id', 'in', ids)
      .execute();
    const out: Candidate[] = [];
    for (const r of rows) {
      const type = Number(r.type);
      if (!preferencesOf(r).types.includes(type)) continue;
      out.push({
        subscriptionId: r.subscription_id,
        endpoint: r.endpoint,
        pubkey: r.pubkey,
        item: r.item,
        kind: 'notification',
        type,
        actor: r.actor,
        note: OPENS_SOURCE.has(type) ? r.source_event_id : r.subject_event_id,
        sats: type === 3 || type === 101 || type === 201 ? satsOf(r.data) : null,
        createdAt: Number(r.created_at),
      });
    }
    return out;
  }

  /** Direct messages to users whose devices want them: kind 4 and NIP-17 gift wraps. */
  private async messages(events: NostrEvent[], now: number): Promise<Candidate[]> {
    const dms: Array<{ e: NostrEvent; receiver: string; sender: string }> = [];
    for (const e of events) {
      if (e.kind !== 4 && e.kind !== 1059) continue;
      // A gift wrap's created_at is made up on purpose (NIP-59); a kind 4's is the message's.
      if (e.kind === 4 && e.created_at < now - PUSH_MAX_AGE_SECONDS) continue;
      const receiver = e.tags.find((t) => t[0] === 'p' && isHex64(t[1]))?.[1];
      if (!receiver || receiver === e.pubkey) continue;
      dms.push({ e, receiver, sender: e.kind === 4 ? e.pubkey : '' });
    }
    if (dms.length === 0) return [];
    const subs = await this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'pubkey', 'endpoint'])
      .where('pubkey', 'in', [...new Set(dms.map((d) => d.receiver))])
      .where('dms', '=', 1)
      .execute();
    const out: Candidate[] = [];
    for (const d of dms) {
      for (const s of subs) {
        if (s.pubkey !== d.receiver) continue;
        out.push({
          subscriptionId: s.id,
          endpoint: s.endpoint,
          pubkey: s.pubkey,
          item: `dm:${d.e.id}`,
          kind: 'dm',
          type: 0,
          actor: d.sender,
          note: null,
          sats: null,
          createdAt: d.e.kind === 4 ? d.e.created_at : now,
        });
      }
    }
    return out;
  }

  /** Leaves out what comes from someone the receiver muted (their mute list, kind 10000). */
  private async unmuted(found: Candidate[]): Promise<Candidate[]> {
    const receivers = [...new Set(found.filter((c) => c.actor).map((c) => c.pubkey))];
    if (receivers.length === 0) return found;
    const lists = await replaceableOf(this.db as unknown as Kysely<Database>, receivers, 10000);
    const muted = new Map<string, Set<string>>();
    for (const [pubkey, list] of lists)
      muted.set(pubkey, new Set(list.tags.filter((t) => t[0] === 'p').map((t) => t[1])));
    return found.filter((c) => !c.actor || !muted.get(c.pubkey)?.has(c.actor));
  }
}
