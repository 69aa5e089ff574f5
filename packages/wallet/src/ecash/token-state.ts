import { hashToCurve } from '@cashu/cashu-ts';
import { decodeToken, inspectToken } from './token-codec.ts';

/** Whether a token can still be redeemed, by its mints' answer (NUT-07). */
export type TokenState = 'unspent' | 'spent' | 'pending' | 'partly-spent';

const utf8 = new TextEncoder();

/**
 * Asks each mint of `token` about its proofs (NUT-07 `/v1/checkstate` with Y = hash_to_curve of
 * each secret; the secrets never leave), after reading its keyset ids (`/v1/keysets`). Throws when the token is unreadable or a mint does not
 * answer in the NUT-07 shape.
 */
export async function checkTokenState(
  token: string,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<TokenState> {
  // Called unbound, the browser's fetch throws 'Illegal invocation'.
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  // A cashuB token may carry short keyset ids (V2), resolved against the mint's keysets.
  const ids = new Map<string, string[]>();
  for (const { mint } of inspectToken(token).entries) {
    if (ids.has(mint)) continue;
    const res = await doFetch(`${mint.replace(/\/+$/, '')}/v1/keysets`, { signal: options.signal });
    if (!res.ok) throw new Error(`keysets failed (${res.status})`);
    const body = (await res.json()) as { keysets?: Array<{ id?: unknown }> };
    ids.set(
      mint,
      (body.keysets ?? []).map((k) => k.id).filter((id): id is string => typeof id === 'string'),
    );
  }
  const counts = { UNSPENT: 0, SPENT: 0, PENDING: 0 };
  let total = 0;
  for (const entry of decodeToken(token, (mint) => ids.get(mint) ?? []).entries) {
    const Ys = entry.proofs.map((p) => hashToCurve(utf8.encode(p.secret)).toHex(true));
    total += Ys.length;
    const res = await doFetch(`${entry.mint.replace(/\/+$/, '')}/v1/checkstate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Ys }),
      signal: options.signal,
    });
    if (!res.ok) throw new Error(`checkstate failed (${res.status})`);
    const body = (await res.json()) as { states?: Array<{ Y?: string; state?: string }> };
    for (const Y of Ys) {
      const state = body.states?.find((s) => s.Y === Y)?.state;
      if (state !== 'UNSPENT' && state !== 'SPENT' && state !== 'PENDING')
        throw new Error('bad response');
      counts[state]++;
    }
  }
  if (counts.SPENT === total) return 'spent';
  if (counts.UNSPENT === total) return 'unspent';
  if (counts.PENDING > 0 && counts.SPENT === 0) return 'pending';
  return 'partly-spent';
}
