import { CacheError } from '../errors.ts';

/**
 * Why a membership call failed, for the app to say it in the user's words (spec section 8:
 * "name unavailable", "name not changed", ...). `notice` keeps the server's text.
 */
export const membershipErrorCodes = [
  /** The name is taken, reserved, too short or not allowed. */
  'name-unavailable',
  /** A rename failed for another reason (not a member, connection). */
  'name-not-changed',
  /** The call needs an active premium or legend membership. */
  'membership-required',
  'legend-required',
  /** The server has no lightning (no payment provider). */
  'payments-not-configured',
  /** The server holds no uploads. */
  'uploads-not-enabled',
  /** The invoice expired unpaid. */
  'invoice-expired',
  /** The signed request was refused (clock far off, or used twice). */
  'request-refused',
  /** Any other NOTICE, a time-out or a closed connection. */
  'failed',
] as const;

export type MembershipErrorCode = (typeof membershipErrorCodes)[number];

export class MembershipClientError extends Error {
  readonly code: MembershipErrorCode;
  /** The server's NOTICE text, when there was one. */
  readonly notice: string | undefined;
  /**
   * `name-unavailable` because another buyer's open purchase holds the name: until when (unix
   * seconds), from `name unavailable (held for another purchase until <ISO time>)`.
   */
  readonly heldUntil: number | undefined;

  constructor(code: MembershipErrorCode, notice?: string, options?: { cause?: unknown }) {
    super(notice ? `${code}: ${notice}` : code, options);
    this.name = 'MembershipClientError';
    this.code = code;
    this.notice = notice;
    const held = notice && /held for another purchase until (\S+)\)$/.exec(notice)?.[1];
    const at = held ? Date.parse(held) : NaN;
    this.heldUntil = Number.isFinite(at) ? Math.floor(at / 1000) : undefined;
  }
}

/** The membership error for a failed request of `command`. */
export function membershipErrorOf(err: unknown, command: string): MembershipClientError {
  if (err instanceof MembershipClientError) return err;
  const notice = err instanceof CacheError && err.code === 'cache-notice' ? err.notice : undefined;
  const code: MembershipErrorCode = !notice
    ? 'failed'
    : notice === 'membership required'
      ? 'membership-required'
      : notice === 'legend membership required'
        ? 'legend-required'
        : notice === 'payments are not configured on this server'
          ? 'payments-not-configured'
          : notice === 'uploads are not enabled on this server'
            ? 'uploads-not-enabled'
            : notice.startsWith('name unavailable') || notice === 'choose a name first'
              ? 'name-unavailable'
              : /invalid event_from_user: (not fresh|already used)/.test(notice)
                ? 'request-refused'
                : command === 'membership_change_name'
                  ? 'name-not-changed'
                  : 'failed';
  return new MembershipClientError(code, notice ?? (err as Error)?.message, { cause: err });
}
