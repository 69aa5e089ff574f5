import { isClientError } from '@swell/client';

/** The list codes that have their own message under `lists.errors`. */
const listCodes = new Set([
  'follow failed',
  'unfollow failed',
  'already-following',
  'not-following',
  'cannot-follow-self',
  'list update failed',
  'list-changed-meanwhile',
  'private-list-unreadable',
  'report failed',
]);

/**
 * The i18n key of the message for a failed list action: the list catalogue entry for list
 * errors (spec section 8: "follow failed", "unfollow failed"...), otherwise `fallback` (the
 * action's own failure, e.g. `lists.errors.follow failed` for a follow that threw something
 * else). Signer problems are left to the caller (they have their own messages).
 */
export function listErrorKey(error: unknown, fallback: string): string {
  if (isClientError(error) && listCodes.has(error.code)) return `lists.errors.${error.code}`;
  return `lists.errors.${fallback}`;
}
