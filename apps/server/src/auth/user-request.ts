import { validateEvent, verifyEvent, type NostrEvent } from '@swell/nostr';
import { CacheError } from '../cache/request.ts';

/**
 * A signed request of a user (`event_from_user` on the cache and membership sockets, the
 * `operation_event` of `wallet`, a NIP-98 token): proof of who asks only when it was made for
 * this request. Checked here, in one place, so every endpoint applies the same rules:
 *
 * - valid shape and signature, of the expected kind, passing the endpoint's own check (tags);
 * - fresh: `created_at` within `windowSeconds` (5 minutes by default) of the server's clock;
 * - never seen before: a `ReplayGuard` remembers each signature until the event is stale anyway.
 *
 * The replay key is the SIGNATURE, not the id: two requests signed in the same second with the
 * same content have the same id (the reference web client asks for membership status several
 * times at once), but BIP-340 signatures carry fresh randomness, so each signing is distinct,
 * while a captured request replayed verbatim has the very same signature.
 */

/** How far `created_at` of a user request may be from now, either way (seconds). */
export const USER_REQUEST_WINDOW_SECONDS = 300;

/** A refused user request; the message goes to the client as NOTICE. */
export class UserRequestError extends CacheError {}

export interface UserRequestRules {
  /** Field name, for messages (`event_from_user`). */
  field: string;
  kind: number;
  /** Unix seconds. */
  now: number;
  windowSeconds?: number;
  /** The endpoint's own check of the event (tags, content); a string is the refusal reason. */
  check?: (event: NostrEvent) => string | undefined;
}

/** Remembers used signatures; `claim` is false when the signature was used before. */
export interface ReplayGuard {
  claim(sig: string, expiresAt: number, now: number): Promise<boolean>;
}

/** Shape, kind, signature, endpoint check and freshness (no replay check). Throws UserRequestError. */
export function checkUserRequest(input: unknown, rules: UserRequestRules): NostrEvent {
  const { field } = rules;
  const checked = validateEvent(input);
  if (!checked.ok) throw new UserRequestError(`invalid ${field}: ${checked.reason}`);
  const e = checked.event;
  if (e.kind !== rules.kind)
    throw new UserRequestError(`invalid ${field}: kind must be ${rules.kind}`);
  if (!verifyEvent(e)) throw new UserRequestError(`invalid ${field}: bad signature`);
  const problem = rules.check?.(e);
  if (problem) throw new UserRequestError(`invalid ${field}: ${problem}`);
  const window = rules.windowSeconds ?? USER_REQUEST_WINDOW_SECONDS;
  if (Math.abs(e.created_at - rules.now) > window) {
    throw new UserRequestError(
      `invalid ${field}: not fresh (created_at must be within ${window} s of now; sign a new one for each request)`,
    );
  }
  return e;
}

/** `checkUserRequest`, then the replay check: the one call endpoints make. */
export async function acceptUserRequest(
  input: unknown,
  rules: UserRequestRules,
  guard: ReplayGuard,
): Promise<NostrEvent> {
  const e = checkUserRequest(input, rules);
  const window = rules.windowSeconds ?? USER_REQUEST_WINDOW_SECONDS;
  if (!(await guard.claim(e.sig.toLowerCase(), e.created_at + window, rules.now))) {
    throw new UserRequestError(
      `invalid ${rules.field}: already used (sign a new one for each request)`,
    );
  }
  return e;
}

/** A replay guard for one process (tests, tools). Bounded: the oldest entries go first. */
export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();
  private readonly max: number;

  constructor(max = 200_000) {
    this.max = max;
  }

  async claim(sig: string, expiresAt: number, now: number): Promise<boolean> {
    if (this.seen.has(sig)) return false;
    this.seen.set(sig, expiresAt);
    if (this.seen.size > this.max) {
      for (const [k, exp] of this.seen) {
        if (this.seen.size <= this.max && exp >= now) break;
        this.seen.delete(k);
      }
    }
    return true;
  }
}
