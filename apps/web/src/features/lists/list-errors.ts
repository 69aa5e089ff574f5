import { isListError } from '@swell/client';

/**
 * The i18n key of the message for a failed list action: the list catalogue entry for list
 * errors (the client's `listErrorCodes`, spec section 8: "follow failed", "unfollow failed"...),
 * otherwise `fallback` (the action's own failure, e.g. `lists.errors.follow failed` for a follow
 * that threw something else). Signer problems are left to the caller (they have their own
 * messages).
 */
export function listErrorKey(error: unknown, fallback: string): string {
  return `lists.errors.${isListError(error) ? error.code : fallback}`;
}
