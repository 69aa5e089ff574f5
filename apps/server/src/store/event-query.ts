import type { Filter, NostrEvent } from '@swell/nostr';
import { rowToEvent } from '../ingest/derive-helpers.ts';
import { isExpired, MAX_STORED_KIND, storableText } from '../ingest/precheck.ts';
import { placeholders, type SqlExec } from './sql.ts';

/** Default (and largest) `limit` of one filter. */
export const DEFAULT_MAX_LIMIT = 500;

interface Compiled {
  /** FROM ... WHERE ... selecting events as `e`. */
  from: string;
  params: unknown[];
  /** Column to sort by: the tag index's copy when the query is driven by a tag. */
  orderBy: 't.created_at' | 'e.created_at';
  /** One event can match several values of the first tag list: needs DISTINCT. */
  distinct: boolean;
}

const SINGLE_LETTER = /^[A-Za-z]$/;

/** A condition added to every compiled filter (on the events table `e`). */
export interface ExtraCondition {
  sql: string;
  params: unknown[];
}

/**
 * The filter with only values a stored event can have: kinds within the store's range, strings
 * the store holds (storableText), times as whole seconds, `until` past any stored time dropped.
 * The answer is the same; a value beyond a column's range or a string PostgreSQL cannot take as a
 * parameter (U+0000) would make the query fail instead. Undefined when nothing can match.
 */
function storableFilter(filter: Filter): Filter | undefined {
  const f: Filter = { ...filter };
  for (const [key, value] of Object.entries(filter)) {
    if (key !== 'ids' && key !== 'authors' && !key.startsWith('#')) continue;
    if (!Array.isArray(value)) continue;
    const kept = (value as unknown[]).filter(
      (v): v is string => typeof v === 'string' && storableText(v),
    );
    if (kept.length === 0 && value.length > 0) return undefined;
    (f as Record<string, unknown>)[key] = kept;
  }
  if (filter.kinds) {
    f.kinds = filter.kinds.filter((k) => Number.isInteger(k) && k >= 0 && k <= MAX_STORED_KIND);
    if (f.kinds.length === 0 && filter.kinds.length > 0) return undefined;
  }
  if (typeof filter.since === 'number') {
    if (!(filter.since <= Number.MAX_SAFE_INTEGER)) return undefined;
    f.since = Math.ceil(filter.since);
  }
  if (typeof filter.until === 'number') {
    if (filter.until < 0) return undefined;
    if (filter.until >= Number.MAX_SAFE_INTEGER) delete f.until;
    else f.until = Math.floor(filter.until);
  }
  return f;
}

/** Compiles a filter to SQL, or undefined when it can match nothing. */
export function compileFilter(input: Filter, extra?: ExtraCondition): Compiled | undefined {
  const filter = storableFilter(input);
  if (!filter) return undefined;
  const where: string[] = [];
  const params: unknown[] = [];
  const tagConds: Array<{ name: string; values: string[] }> = [];
  for (const [key, value] of Object.entries(filter)) {
    if (!key.startsWith('#')) continue;
    const name = key.slice(1);
    if (!Array.isArray(value)) continue;
    if (!SINGLE_LETTER.test(name) || value.length === 0) return undefined;
    tagConds.push({ name, values: value as string[] });
  }
  if (filter.search !== undefined) return undefined; // NIP-50 search is not offered here
  for (const list of [filter.ids, filter.authors, filter.kinds]) {
    if (list && list.length === 0) return undefined;
  }

  // Tag filters drive the query from the tag index (kind and created_at are copied there).
  let from = 'events e';
  const col = (c: 'kind' | 'created_at') => (tagConds.length > 0 ? `t.${c}` : `e.${c}`);
  if (tagConds.length > 0) {
    const first = tagConds[0]!;
    from = 'event_tags t JOIN events e ON e.id = t.event_id';
    where.push(`t.name = ? AND t.value IN ${placeholders(first.values.length)}`);
    params.push(first.name, ...first.values);
  }
  if (filter.ids) {
    where.push(`e.id IN ${placeholders(filter.ids.length)}`);
    params.push(...filter.ids);
  }
  if (filter.authors) {
    where.push(`e.pubkey IN ${placeholders(filter.authors.length)}`);
    params.push(...filter.authors);
  }
  if (filter.kinds) {
    where.push(`${col('kind')} IN ${placeholders(filter.kinds.length)}`);
    params.push(...filter.kinds);
  }
  if (filter.since !== undefined) {
    where.push(`${col('created_at')} >= ?`);
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    where.push(`${col('created_at')} <= ?`);
    params.push(filter.until);
  }
  for (const cond of tagConds.slice(1)) {
    where.push(
      `EXISTS (SELECT 1 FROM event_tags t2 WHERE t2.event_id = e.id AND t2.name = ? AND t2.value IN ${placeholders(cond.values.length)})`,
    );
    params.push(cond.name, ...cond.values);
  }
  if (extra) {
    where.push(`(${extra.sql})`);
    params.push(...extra.params);
  }
  return {
    from: `${from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
    params,
    orderBy: tagConds.length > 0 ? 't.created_at' : 'e.created_at',
    distinct: (tagConds[0]?.values.length ?? 0) > 1,
  };
}

function clampLimit(filter: Filter, maxLimit: number): number {
  const l = filter.limit;
  if (typeof l !== 'number' || !Number.isFinite(l) || l < 0) return maxLimit;
  return Math.min(Math.floor(l), maxLimit);
}

/**
 * Events matching any filter, newest first (ties by id), each filter limited separately; with
 * `access`, only events those readers may read (the limit counts only those).
 */
export async function queryEvents(
  exec: SqlExec,
  filters: readonly Filter[],
  maxLimit = DEFAULT_MAX_LIMIT,
  access?: ReadAccess,
): Promise<NostrEvent[]> {
  const byId = new Map<string, NostrEvent>();
  const extra = access && access.protectedKinds.length > 0 ? accessCondition(access) : undefined;
  for (const filter of filters) {
    const limit = clampLimit(filter, maxLimit);
    if (limit === 0) continue;
    const c = compileFilter(filter, extra);
    if (!c) continue;
    // DISTINCT needs the sort key in the select list (PostgreSQL).
    const select = c.distinct
      ? `DISTINCT e.id, e.pubkey, e.created_at, e.kind, e.tags, e.content, e.sig`
      : `e.id, e.pubkey, e.created_at, e.kind, e.tags, e.content, e.sig`;
    const order = c.distinct ? 'e.created_at' : c.orderBy;
    // NIP-01: the newest `limit` events, and of events of the same second the lowest ids first,
    // so that the limit cuts through a second the same way on every backend and every run.
    const rows = await exec.all<Parameters<typeof rowToEvent>[0]>(
      `SELECT ${select} FROM ${c.from} ORDER BY ${order} DESC, e.id LIMIT ?`,
      [...c.params, limit],
    );
    for (const r of rows) {
      if (byId.has(r.id)) continue;
      const e = rowToEvent(r);
      if (!isExpired(e)) byId.set(r.id, e); // NIP-40: expired events are no longer served
    }
  }
  return [...byId.values()].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : 1));
}

/** NIP-45: how many distinct stored events match any filter. */
/**
 * Who may read events of protected kinds (NIP-04 DMs, gift wraps): such an event counts only when
 * one of `readers` is p-tagged in it, or wrote it and its kind is in `authorKinds`.
 */
export interface ReadAccess {
  protectedKinds: readonly number[];
  authorKinds: readonly number[];
  readers: readonly string[];
}

function accessCondition(a: ReadAccess): ExtraCondition {
  const hidden = `e.kind NOT IN ${placeholders(a.protectedKinds.length)}`;
  if (a.readers.length === 0) return { sql: hidden, params: [...a.protectedKinds] };
  const readers = placeholders(a.readers.length);
  const parts = [hidden];
  const params: unknown[] = [...a.protectedKinds];
  if (a.authorKinds.length > 0) {
    parts.push(`(e.kind IN ${placeholders(a.authorKinds.length)} AND e.pubkey IN ${readers})`);
    params.push(...a.authorKinds, ...a.readers);
  }
  parts.push(
    `EXISTS (SELECT 1 FROM event_tags pt WHERE pt.event_id = e.id AND pt.name = 'p' AND pt.value IN ${readers})`,
  );
  params.push(...a.readers);
  return { sql: parts.join(' OR '), params };
}

/** NIP-45 COUNT; with `access`, only what those readers may read is counted. */
export async function countEvents(
  exec: SqlExec,
  filters: readonly Filter[],
  access?: ReadAccess,
): Promise<number> {
  const parts: string[] = [];
  const params: unknown[] = [];
  const extra = access && access.protectedKinds.length > 0 ? accessCondition(access) : undefined;
  for (const f of filters) {
    const c = compileFilter(f, extra);
    if (!c) continue;
    parts.push(`SELECT e.id FROM ${c.from}`);
    params.push(...c.params);
  }
  if (parts.length === 0) return 0;
  // Distinct events: one matching two values of a tag list, or two filters, counts once.
  const rows = await exec.all<{ n: number }>(
    `SELECT COUNT(DISTINCT id) AS n FROM (${parts.join(' UNION ALL ')}) matched`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}
