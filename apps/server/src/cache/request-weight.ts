/** Result-count fields of cache payloads (a larger list means more rows read and sent). */
const LIST_FIELDS = ['event_ids', 'pubkeys', 'events'] as const;

/**
 * How much of the cache's work budget a request takes: one unit per 100 results it may produce
 * (its `limit`, default 20, or the length of its id, pubkey or event list), from 1 to 10.
 */
export function requestWeight(payload: Record<string, unknown>): number {
  let n = 20;
  // Only a number or a numeric string: Number() of a client's object can throw (an object whose
  // own `toString` and `valueOf` are not functions), and this runs in the socket's handler.
  const raw = payload.limit;
  const limit = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (Number.isFinite(limit) && limit > 0) n = limit;
  for (const f of LIST_FIELDS) {
    const v = payload[f];
    if (Array.isArray(v)) n = Math.max(n, v.length);
  }
  return Math.max(1, Math.min(10, Math.ceil(n / 100)));
}
