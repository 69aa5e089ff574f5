import { isEphemeral, isRegular, type NostrEvent } from '@swell/nostr';
import { recordPublishedRequests, USED_REQUEST_NOT_PUBLISHED } from '../auth/published-proofs.ts';
import type { IngestOptions, IngestResult } from '../store/store.ts';
import { chunks, placeholders, type SqlBackend, type SqlExec } from '../store/sql.ts';
import { DEFAULT_MAX_FUTURE_SECONDS, precheck, verificationFailure } from './precheck.ts';
import { processEvent, type EventOutcome } from './process-event.ts';
import { insertEvents, updateTimeJoined } from './storage-writes.ts';
import { PendingWrites } from './pending-writes.ts';
import type { VerifyPool } from './verify-pool.ts';

/** Events processed between two yields to the event loop inside a SQLite transaction. */
const YIELD_EVERY = 50;

export interface IngestJob {
  inputs: readonly unknown[];
  opts: IngestOptions;
}

interface Candidate {
  job: number;
  index: number;
  event: NostrEvent;
  now: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function rejected(id: string | undefined, message: string): IngestResult {
  return { status: 'rejected', id, ok: false, message, reason: message };
}

function duplicate(id: string, message = 'duplicate: already have this event'): IngestResult {
  return { status: 'duplicate', id, ok: true, message };
}

/** A batch after the checks that need no write: what is left to store, and answers so far. */
export interface PreparedBatch {
  results: IngestResult[][];
  toStore: Candidate[];
}

/**
 * First half of a batch: cheap checks, dedup (in the batch and against the store) BEFORE the
 * expensive signature check, then verification (on worker threads). Runs while the previous
 * batch commits.
 */
export async function prepareBatch(
  sql: SqlBackend,
  verifier: VerifyPool,
  jobs: readonly IngestJob[],
): Promise<PreparedBatch> {
  const results: IngestResult[][] = jobs.map((j) => new Array<IngestResult>(j.inputs.length));
  const candidates: Candidate[] = [];
  const firstById = new Map<string, Candidate>();

  jobs.forEach((job, j) => {
    const now = job.opts.now ?? nowSeconds();
    const maxFuture = job.opts.maxFutureSeconds ?? DEFAULT_MAX_FUTURE_SECONDS;
    job.inputs.forEach((input, i) => {
      const check = precheck(input, now, maxFuture);
      if (!check.ok) {
        results[j]![i] = rejected(check.id, check.reason);
        return;
      }
      if (firstById.has(check.event.id)) {
        results[j]![i] = duplicate(check.event.id);
        return;
      }
      const c = { job: j, index: i, event: check.event, now };
      firstById.set(check.event.id, c);
      candidates.push(c);
    });
  });

  // Dedup against the store before verifying.
  const known = new Set<string>();
  for (const part of chunks([...firstById.keys()])) {
    const rows = await sql.peek<{ id: string }>(
      `SELECT id FROM events WHERE id IN ${placeholders(part.length)}`,
      part,
    );
    for (const r of rows) known.add(r.id);
  }

  const unknown: Candidate[] = [];
  for (const c of candidates) {
    if (known.has(c.event.id)) results[c.job]![c.index] = duplicate(c.event.id);
    else unknown.push(c);
  }
  const valid = await verifier.verify(unknown.map((c) => c.event));
  const toStore: Candidate[] = [];
  unknown.forEach((c, k) => {
    const id = c.event.id;
    if (!valid[k]) results[c.job]![c.index] = rejected(id, verificationFailure(c.event));
    else toStore.push(c);
  });
  return { results, toStore };
}

/**
 * Leaves out events that their author deleted (NIP-09 by id): by a deletion already stored,
 * including one committed while this batch was being verified, or by a kind 5 earlier in this
 * batch. Runs inside the transaction, before the bulk insert, so such an event is never stored,
 * derived or announced. Deletions by address are checked in order by processEvent.
 */
async function withoutDeleted(
  tx: SqlExec,
  toStore: Candidate[],
  results: IngestResult[][],
): Promise<Candidate[]> {
  const deletedBy = new Map<string, Set<string>>();
  const mark = (target: string, pubkey: string) => {
    let set = deletedBy.get(target);
    if (!set) deletedBy.set(target, (set = new Set()));
    set.add(pubkey);
  };
  for (const part of chunks(toStore.map((c) => c.event.id))) {
    const rows = await tx.all<{ target: string; pubkey: string }>(
      `SELECT target, pubkey FROM deletions WHERE target IN ${placeholders(part.length)}`,
      part,
    );
    for (const r of rows) mark(r.target, r.pubkey);
  }
  const keep: Candidate[] = [];
  for (const c of toStore) {
    const e = c.event;
    if (deletedBy.get(e.id)?.has(e.pubkey)) {
      results[c.job]![c.index] = duplicate(e.id, 'duplicate: deleted by its author');
      continue;
    }
    keep.push(c);
    if (e.kind === 5) for (const t of e.tags) if (t[0] === 'e' && t[1]) mark(t[1], e.pubkey);
  }
  return keep;
}

/**
 * Records the events that could pass as a signed request as published (auth/published-proofs.ts)
 * and leaves out those already used as one. Runs inside the transaction, before anything is
 * stored or announced, so a request and its publication are ordered by the database.
 */
async function withoutUsedRequests(
  tx: SqlExec,
  toStore: Candidate[],
  results: IngestResult[][],
): Promise<Candidate[]> {
  const used = await recordPublishedRequests(tx, toStore);
  if (used.size === 0) return toStore;
  return toStore.filter((c) => {
    if (!used.has(c.event.id)) return true;
    results[c.job]![c.index] = rejected(c.event.id, USED_REQUEST_NOT_PUBLISHED);
    return false;
  });
}

/** Second half: one transaction that stores and derives everything; fills in the answers. */
export async function commitBatch(
  sql: SqlBackend,
  prepared: PreparedBatch,
): Promise<{ results: IngestResult[][]; committed: NostrEvent[] }> {
  const { results } = prepared;
  let toStore = prepared.toStore;
  const committed: NostrEvent[] = [];
  if (toStore.length > 0) {
    const outcomes = await sql.transaction(async (tx) => {
      toStore = await withoutDeleted(tx, toStore, results);
      toStore = await withoutUsedRequests(tx, toStore, results);
      // Regular events go in with a few multi-row statements; derivation follows per event.
      if (toStore.length === 0) return [];
      const now = toStore[0]!.now;
      const regular = toStore.filter((c) => isRegular(c.event.kind)).map((c) => c.event);
      const inserted = await insertEvents({ tx, now }, regular);
      const out: EventOutcome[] = [];
      const pending = new PendingWrites();
      for (const c of toStore) {
        const pre = isRegular(c.event.kind) ? inserted.has(c.event.id) : undefined;
        out.push(await processEvent({ tx, now: c.now, pending }, c.event, pre));
        // SQLite runs synchronously: let sockets and timers in now and then, so a large batch
        // does not stall the event loop (the connection stays locked for other writers).
        if (sql.dialect === 'sqlite' && out.length % YIELD_EVERY === 0) {
          await new Promise<void>((r) => setImmediate(r));
        }
      }
      await pending.flush(tx);
      const stored = toStore.filter(
        (c, k) => out[k]!.status === 'accepted' && !isEphemeral(c.event.kind),
      );
      await updateTimeJoined(
        { tx, now },
        stored.map((c) => c.event),
      );
      return out;
    });
    toStore.forEach((c, k) => {
      const o = outcomes[k]!;
      const id = c.event.id;
      if (o.status === 'accepted') {
        results[c.job]![c.index] = {
          status: 'accepted',
          id,
          ok: true,
          message: '',
          event: c.event,
        };
        committed.push(c.event);
      } else if (o.status === 'duplicate') results[c.job]![c.index] = duplicate(id, o.message);
      else results[c.job]![c.index] = rejected(id, o.message);
    });
  }
  return { results, committed };
}
