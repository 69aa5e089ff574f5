import type { NostrEvent } from '@swell/nostr';
import { checkUserRequest, USER_REQUEST_WINDOW_SECONDS } from '../auth/user-request.ts';
import { CacheError, type CacheRequest } from './request.ts';

/** The kind of `event_from_user` (the reference client signs a fresh kind 30078 per call). */
export const USER_EVENT_KIND = 30078;

/**
 * The signed event that proves who asks (`event_from_user`), checked by the server's one user
 * request check (auth/user-request.ts): valid and signed, of kind 30078, made for this request
 * (created_at within 5 minutes of now, a `d` tag when `needsClientTag`; the stock reference
 * client signs `set_notifications_seen` with no tags at all) and, for a command that changes
 * state (`changesState`), never published (an event this server stores came through a relay or
 * an import, such as a user's app settings of the same kind, published a minute ago: it proves
 * nothing about who asks now) and never used before (the shared replay guard, `ctx.replays`,
 * keyed by signature, kept in the database). Anything else is refused with a NOTICE, so a public
 * event of a user cannot move their notifications marker, reset their DM counts or report in
 * their name. Reads (settings) are not replay-checked: whoever could capture the request could
 * read its answer too.
 */
export async function userEvent(
  req: CacheRequest,
  opts: { field?: string; needsClientTag?: boolean; changesState?: boolean } = {},
): Promise<NostrEvent> {
  const field = opts.field ?? 'event_from_user';
  const e = checkUserRequest(req.payload[field], {
    field,
    kind: USER_EVENT_KIND,
    now: req.now,
    ...(opts.needsClientTag
      ? { check: (ev) => (ev.tags.some((t) => t[0] === 'd' && t[1]) ? undefined : 'missing d tag') }
      : {}),
  });
  if (!opts.changesState) return e;
  if ((await req.store.getEvents([e.id])).length > 0) {
    throw new CacheError(`invalid ${field}: a published event (sign a new one for each request)`);
  }
  const expiresAt = e.created_at + USER_REQUEST_WINDOW_SECONDS;
  if (!(await req.ctx.replays.claim(e.sig.toLowerCase(), expiresAt, req.now))) {
    throw new CacheError(`invalid ${field}: already used (sign a new one for each request)`);
  }
  return e;
}
