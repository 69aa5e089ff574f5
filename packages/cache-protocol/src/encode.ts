import type { CacheEvent, SignedEvent } from './event.ts';
import { ResultKind } from './result-kind.ts';
import type { FeedRange, ResultContent } from './results.ts';

/**
 * Server side: builds a synthetic result event `{kind, content: JSON}`. `extra` adds the
 * top-level fields some kinds carry (pubkey on 10000102, tags on 10000103/10000139, cnt on
 * 10000117).
 */
export function resultEvent<K extends keyof ResultContent>(
  kind: K,
  content: ResultContent[K],
  extra?: Record<string, unknown>,
): CacheEvent {
  return { kind, content: JSON.stringify(content), ...extra };
}

/** A result event of a kind without typed content (or with free-form content). */
export function rawResultEvent(
  kind: number,
  content: unknown,
  extra?: Record<string, unknown>,
): CacheEvent {
  return {
    kind,
    content: typeof content === 'string' ? content : JSON.stringify(content),
    ...extra,
  };
}

/** 10000107: a referenced event, carried as its JSON string. */
export function referencedEvent(event: SignedEvent): CacheEvent {
  return { kind: ResultKind.ReferencedEvent, content: JSON.stringify(event) };
}

/** 10000113: the paging range of a page. Empty page: `{order_by, elements: []}`. */
export function feedRangeEvent(range: FeedRange): CacheEvent {
  if (range.elements.length === 0) {
    return resultEvent(ResultKind.FeedRange, { order_by: range.order_by, elements: [] });
  }
  return resultEvent(ResultKind.FeedRange, range);
}

/** 10000117: DM count (top-level `cnt`, empty content). */
export function dmCountEvent(cnt: number): CacheEvent {
  return { kind: ResultKind.DmCount, content: '', cnt };
}

/** 10000112: notification counts as top-level "1".."204" fields next to pubkey. */
export function notificationCountsEvent(
  pubkey: string,
  counts: Record<number, number>,
): CacheEvent {
  const extra: Record<string, unknown> = { pubkey };
  for (const [type, n] of Object.entries(counts)) extra[type] = n;
  return { kind: ResultKind.NotificationCounts, content: '', ...extra };
}

/** 10000139: a user's relays, as top-level pubkey and r tags. */
export function userRelaysEvent(pubkey: string, tags: string[][]): CacheEvent {
  return { kind: ResultKind.UserRelays, content: '', pubkey, tags };
}

/** Server -> client text frames. */
export function eventMessage(subId: string, event: CacheEvent | SignedEvent): unknown[] {
  return ['EVENT', subId, event];
}
export function eventsMessage(subId: string, events: Array<CacheEvent | SignedEvent>): unknown[] {
  return ['EVENTS', subId, events];
}
export function eoseMessage(subId: string): unknown[] {
  return ['EOSE', subId];
}
export function noticeMessage(subId: string, message: string): unknown[] {
  return ['NOTICE', subId, message];
}
