import type { RequestProof } from './proven-command.ts';

/** The kind of `event_from_user` (the reference client signs a fresh kind 30078 per call). */
export const USER_EVENT_KIND = 30078;

/**
 * `event_from_user` of a cache command: a kind 30078 signed for this request, checked by the
 * server's one user request check (auth/user-request.ts): valid and signed, created_at within
 * 5 minutes of now, never published and never used before, reads as much as changes (a
 * settings read returns the user's feed lists). The stock reference client signs
 * `set_notifications_seen` with no tags at all, so no tag is required.
 */
export const USER_EVENT: RequestProof = { fields: ['event_from_user'], kind: USER_EVENT_KIND };

/** `event_from_user` naming the client in a `d` tag (`get_app_settings`: whose settings). */
export const USER_EVENT_WITH_CLIENT: RequestProof = {
  ...USER_EVENT,
  check: (e) => (e.tags.some((t) => t[0] === 'd' && t[1]) ? undefined : 'missing d tag'),
};
