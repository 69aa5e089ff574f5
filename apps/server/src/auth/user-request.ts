import { validateEvent, verifyEvent, type NostrEvent } from '@swell/nostr';
import { CacheError } from '../cache/request.ts';
import type { Store } from '../store/store.ts';
import { verifyLargeEvent } from '../media/verify-request-event.ts';

/**
 * A signed request of a user (`event_from_user` on the cache and membership sockets, the
 * `operation_event` of `wallet`, an upload chunk's request, a NIP-98 token): proof of who asks
 * only when it was made for this request. Checked here, in one place, so every endpoint applies
 * the same rules:
 *
 * - valid shape and signature, of the expected kind, passing the endpoint's own check (tags);
 * - fresh: `created_at` within `windowSeconds` (5 minutes by default) of the server's clock;
 * - never published: an event this server stores, or saw published at all (through /relay,
 *   `import_events`, upstream, even an ephemeral one), proves nothing about who asks now, such
 *   as a user's app settings of the same kind, published a minute ago;
 * - used once: the `ProofLedger` remembers each signature until the event is stale anyway.
 *
 * Publication and use share the ledger (table `used_user_requests`, keyed by signature): the
 * ingestion pipeline records a fresh event of a request kind in the transaction that stores it
 * (auth/published-proofs.ts), a request claims its signature here, and whichever comes first
 * wins in the database, on every instance: a published event never proves a request, and a
 * used request is never published afterwards (it could replace the user's settings of the same
 * address).
 *
 * The key is the SIGNATURE, not the id: two requests signed in the same second with the same
 * content have the same id (the reference web client asks for membership status several times
 * at once), but BIP-340 signatures carry fresh randomness, so each signing is distinct, while a
 * captured request replayed verbatim has the very same signature.
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

/** What a claim of a signature found. */
export type ClaimOutcome = 'claimed' | 'used' | 'published';

/** Signatures of requests used, and of request-kind events seen published. */
export interface ProofLedger {
  /** Claims `sig` for one request; 'used' or 'published' when it was seen before. */
  claim(sig: string, expiresAt: number, now: number): Promise<ClaimOutcome>;
  /** Whether `sig` was seen published (without claiming it: tokens meant for reuse). */
  wasPublished(sig: string, now: number): Promise<boolean>;
}

/** What accepting a request needs: the ledger, and the store for published events. */
export interface ProofDeps {
  replays: ProofLedger;
  store: Pick<Store, 'getEvents'>;
}

function refusal(field: string, outcome: Exclude<ClaimOutcome, 'claimed'>): UserRequestError {
  return new UserRequestError(
    outcome === 'used'
      ? `invalid ${field}: already used (sign a new one for each request)`
      : `invalid ${field}: a published event (sign a new one for each request)`,
  );
}

function checkRest(e: NostrEvent, rules: UserRequestRules): NostrEvent {
  const { field } = rules;
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

/** Shape, kind, signature, endpoint check and freshness (no ledger). Throws UserRequestError. */
export function checkUserRequest(input: unknown, rules: UserRequestRules): NostrEvent {
  const { field } = rules;
  const checked = validateEvent(input);
  if (!checked.ok) throw new UserRequestError(`invalid ${field}: ${checked.reason}`);
  const e = checked.event;
  if (e.kind !== rules.kind)
    throw new UserRequestError(`invalid ${field}: kind must be ${rules.kind}`);
  if (!verifyEvent(e)) throw new UserRequestError(`invalid ${field}: bad signature`);
  return checkRest(e, rules);
}

/**
 * `checkUserRequest` for an event with a large content (an upload chunk, about 1.4 MB): the id
 * is hashed off the event loop (media/verify-request-event.ts).
 */
async function checkLargeUserRequest(input: unknown, rules: UserRequestRules): Promise<NostrEvent> {
  const { field } = rules;
  const kind = (input as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'number' && kind !== rules.kind)
    throw new UserRequestError(`invalid ${field}: kind must be ${rules.kind}`);
  const checked = await verifyLargeEvent(input);
  if (!checked.ok) throw new UserRequestError(`invalid ${field}: ${checked.reason}`);
  if (checked.event.kind !== rules.kind)
    throw new UserRequestError(`invalid ${field}: kind must be ${rules.kind}`);
  return checkRest(checked.event, rules);
}

/**
 * The never-published and used-once rules of an event checked otherwise (shape, signature,
 * kind, freshness: `checkUserRequest`, or NIP-98's own check). The store is asked first (an
 * event stored before its publication was recorded in the ledger), then the ledger claims the
 * signature; a publication racing the claim is decided by the ledger's primary key.
 */
export async function claimUserRequest(
  e: NostrEvent,
  rules: Pick<UserRequestRules, 'field' | 'now' | 'windowSeconds'>,
  deps: ProofDeps,
): Promise<void> {
  if ((await deps.store.getEvents([e.id])).length > 0) throw refusal(rules.field, 'published');
  const window = rules.windowSeconds ?? USER_REQUEST_WINDOW_SECONDS;
  const outcome = await deps.replays.claim(e.sig.toLowerCase(), e.created_at + window, rules.now);
  if (outcome !== 'claimed') throw refusal(rules.field, outcome);
}

/** `checkUserRequest`, then never published and used once: the one call endpoints make. */
export async function acceptUserRequest(
  input: unknown,
  rules: UserRequestRules & { largeContent?: boolean },
  deps: ProofDeps,
): Promise<NostrEvent> {
  const e = rules.largeContent
    ? await checkLargeUserRequest(input, rules)
    : checkUserRequest(input, rules);
  await claimUserRequest(e, rules, deps);
  return e;
}

/**
 * For credentials made to be reused until they expire (Blossom authorization, BUD-11): refuses
 * one that was published (a kind 24242 sent to /relay reaches every subscriber), without
 * claiming it.
 */
export async function refusePublishedToken(
  e: NostrEvent,
  deps: ProofDeps,
  now: number,
): Promise<string | undefined> {
  if (
    (await deps.replays.wasPublished(e.sig.toLowerCase(), now)) ||
    (await deps.store.getEvents([e.id])).length > 0
  )
    return 'authorization was published (sign a new one)';
  return undefined;
}

/** A proof ledger for one process (tests, tools). Bounded: the oldest entries go first. */
export class MemoryReplayGuard implements ProofLedger {
  private readonly seen = new Map<string, { expiresAt: number; published: boolean }>();
  private readonly max: number;

  constructor(max = 200_000) {
    this.max = max;
  }

  /** Records `sig` as published (what ingestion does in the database). */
  publish(sig: string, expiresAt: number): void {
    if (!this.seen.has(sig)) this.seen.set(sig, { expiresAt, published: true });
  }

  async claim(sig: string, expiresAt: number, now: number): Promise<ClaimOutcome> {
    const had = this.seen.get(sig);
    if (had) return had.published ? 'published' : 'used';
    this.seen.set(sig, { expiresAt, published: false });
    if (this.seen.size > this.max) {
      for (const [k, v] of this.seen) {
        if (this.seen.size <= this.max && v.expiresAt >= now) break;
        this.seen.delete(k);
      }
    }
    return 'claimed';
  }

  async wasPublished(sig: string): Promise<boolean> {
    return this.seen.get(sig)?.published === true;
  }
}
