import type { NostrEvent } from '@swell/nostr';
import { signedEvent } from './params.ts';
import { CacheError, type CacheRequest } from './request.ts';

/** The kind of `event_from_user` (the reference client signs a fresh kind 30078 per call). */
export const USER_EVENT_KIND = 30078;
/** How far `created_at` of an `event_from_user` may be from the server's clock (seconds). */
export const USER_EVENT_FRESH_SECONDS = 300;
/** Ids remembered for replay detection (each for the freshness window; oldest go first). */
const MAX_REMEMBERED = 200_000;

/**
 * Ids of `event_from_user` events already used, each kept until it could no longer pass the
 * freshness check. In memory, per server process: with several instances behind one database a
 * captured event could be replayed once per instance within the window (5 minutes).
 */
export class ReplayCache {
  /** id -> unix second after which the event is stale anyway; insertion order = age. */
  private readonly seen = new Map<string, number>();

  private readonly max: number;

  constructor(max = MAX_REMEMBERED) {
    this.max = max;
  }

  /** Records the id; false when it was already used. */
  remember(id: string, expiresAt: number, now: number): boolean {
    if (this.seen.has(id)) return false;
    this.seen.set(id, expiresAt);
    if (this.seen.size > this.max) this.prune(now);
    return true;
  }

  private prune(now: number): void {
    for (const [id, exp] of this.seen) {
      if (this.seen.size <= this.max && exp >= now) break;
      this.seen.delete(id);
    }
  }

  get size(): number {
    return this.seen.size;
  }
}

const caches = new WeakMap<object, ReplayCache>();

function replayCacheOf(req: CacheRequest): ReplayCache {
  let c = caches.get(req.ctx);
  if (!c) caches.set(req.ctx, (c = new ReplayCache()));
  return c;
}

/**
 * The signed event that proves who asks (`event_from_user`): valid and signed, of kind 30078,
 * made for this request (created_at within 5 minutes of now, `d` tag when `needsClientTag`) and,
 * for a command that changes state (`changesState`), never used before for that command and
 * never published (an event this server stores came through a relay or an import, such as a
 * user's app settings of the same kind, published a minute ago: it proves nothing about who
 * asks now). Anything else is refused with a NOTICE, so a public event of a user cannot move
 * their notifications marker, reset their DM counts or report in their name. Reads (settings) are
 * not replay-checked: whoever could capture the request could read its answer too, and two tabs
 * asking in the same second sign identical events (the same id).
 */
export async function userEvent(
  req: CacheRequest,
  opts: { field?: string; needsClientTag?: boolean; changesState?: boolean } = {},
): Promise<NostrEvent> {
  const field = opts.field ?? 'event_from_user';
  const e = signedEvent(req.payload, field, USER_EVENT_KIND);
  if (Math.abs(e.created_at - req.now) > USER_EVENT_FRESH_SECONDS) {
    throw new CacheError(`invalid ${field}: not fresh (sign a new one for each request)`);
  }
  if (opts.needsClientTag && !e.tags.some((t) => t[0] === 'd' && t[1]))
    throw new CacheError(`invalid ${field}: missing d tag`);
  if (opts.changesState && (await req.store.getEvents([e.id])).length > 0) {
    throw new CacheError(`invalid ${field}: a published event (sign a new one for each request)`);
  }
  const key = `${req.command}:${e.id}`;
  if (
    opts.changesState &&
    !replayCacheOf(req).remember(key, e.created_at + USER_EVENT_FRESH_SECONDS, req.now)
  ) {
    throw new CacheError(`invalid ${field}: already used (sign a new one for each request)`);
  }
  return e;
}
