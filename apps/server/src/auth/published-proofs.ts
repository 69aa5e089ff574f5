import { UPLOAD_REQUEST_KIND, WALLET_OPERATION_KIND } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { chunks, placeholders, type SqlExec } from '../store/sql.ts';

/**
 * Kinds that serve as signed requests somewhere on this server: `event_from_user` (30078), the
 * wallet's `operation_event` (10000300), upload requests (10000135), NIP-98 tokens (27235) and
 * Blossom authorizations (24242).
 */
export const REQUEST_KINDS: ReadonlySet<number> = new Set([
  30078,
  WALLET_OPERATION_KIND,
  UPLOAD_REQUEST_KIND,
  27235,
  24242,
]);

/** The longest freshness window of any request (upload requests: 15 minutes), in seconds. */
export const LONGEST_REQUEST_WINDOW_SECONDS = 15 * 60;

/** The longest a published Blossom authorization is remembered (its expiration, capped). */
const BLOSSOM_MEMORY_SECONDS = 7 * 86_400;

/**
 * Until when a published event could still pass as a request (unix seconds), or undefined when
 * it never could (not a request kind, or stale).
 */
export function requestLifetime(e: NostrEvent, now: number): number | undefined {
  if (!REQUEST_KINDS.has(e.kind)) return undefined;
  const fresh = Math.abs(e.created_at - now) <= LONGEST_REQUEST_WINDOW_SECONDS;
  let until = fresh ? e.created_at + LONGEST_REQUEST_WINDOW_SECONDS : undefined;
  if (e.kind === 24242) {
    const exp = Number(e.tags.find((t) => t[0] === 'expiration')?.[1]);
    if (Number.isFinite(exp) && exp > now)
      until = Math.max(until ?? 0, Math.min(exp, now + BLOSSOM_MEMORY_SECONDS));
  }
  return until;
}

/** The answer to publishing an event that was used as a request here. */
export const USED_REQUEST_NOT_PUBLISHED =
  'blocked: this event was used as a signed request on this server; it is not published';

/**
 * Records, inside the ingestion transaction that stores them (or fans them out, when
 * ephemeral), the events of `events` that could still pass as a signed request, in the proof
 * ledger (`used_user_requests`, origin 'published'), so none of them proves a request later,
 * on any instance. Returns the ids of those already used as a request: they are not published
 * (an `event_from_user` tagged with the client's name has the address of the user's app
 * settings and would replace them).
 */
export async function recordPublishedRequests(
  tx: SqlExec,
  events: ReadonlyArray<{ event: NostrEvent; now: number }>,
): Promise<Set<string>> {
  const used = new Set<string>();
  const rows: Array<{ id: string; sig: string; until: number }> = [];
  for (const { event, now } of events) {
    const until = requestLifetime(event, now);
    if (until !== undefined) rows.push({ id: event.id, sig: event.sig.toLowerCase(), until });
  }
  for (const part of chunks(rows, 200)) {
    const inserted = await tx.all<{ sig: string }>(
      `INSERT INTO used_user_requests (sig, expires_at, origin) VALUES ${part
        .map(() => "(?, ?, 'published')")
        .join(', ')} ON CONFLICT (sig) DO NOTHING RETURNING sig`,
      part.flatMap((r) => [r.sig, r.until]),
    );
    const fresh = new Set(inserted.map((r) => r.sig));
    const seen = part.filter((r) => !fresh.has(r.sig));
    if (seen.length === 0) continue;
    const origins = await tx.all<{ sig: string; origin: string }>(
      `SELECT sig, origin FROM used_user_requests WHERE sig IN ${placeholders(seen.length)}`,
      seen.map((r) => r.sig),
    );
    const proofs = new Set(origins.filter((o) => o.origin === 'proof').map((o) => o.sig));
    for (const r of seen) if (proofs.has(r.sig)) used.add(r.id);
  }
  return used;
}
