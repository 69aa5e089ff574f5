import type { SignedEvent } from '@swell/cache-protocol';
import { profileFieldsOf } from '../account/profile-edit.ts';
import type { SearchContext } from './search-results.ts';

/** The names a person is found by: username, display name and NIP-05 local part. */
export interface NamedUser {
  pubkey: string;
  name: string;
  displayName: string;
  nip05: string;
}

/** How well a name answers a typed query: lower is better. */
export const nameMatchRank = {
  exact: 0,
  prefix: 1,
  wordPrefix: 2,
  other: 3,
} as const;

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();

/**
 * The best match of `query` among a person's names: exact (`bob`), prefix (`bo` of `bob`),
 * prefix of a later word (`gra` of `Amazing Grace`), or other (found by the server elsewhere,
 * e.g. in the about text).
 */
export function nameMatch(query: string, user: NamedUser): number {
  const q = fold(query.replace(/^@/, ''));
  if (!q) return nameMatchRank.other;
  const local = user.nip05.includes('@') ? user.nip05.slice(0, user.nip05.indexOf('@')) : '';
  let best: number = nameMatchRank.other;
  for (const raw of [user.name, user.displayName, local === '_' ? '' : local]) {
    const n = fold(raw);
    if (!n) continue;
    if (n === q) return nameMatchRank.exact;
    if (n.startsWith(q)) best = Math.min(best, nameMatchRank.prefix);
    else if (n.split(/[\s._-]+/).some((w) => w.startsWith(q)))
      best = Math.min(best, nameMatchRank.wordPrefix);
  }
  return best;
}

/**
 * Orders people for a typed name: exact and prefix matches of their names first, then by score
 * (highest first), then as given; cut to `limit`.
 */
export function rankUsersByName(
  query: string,
  users: readonly NamedUser[],
  scores: Readonly<Record<string, number>>,
  limit: number,
): string[] {
  return users
    .map((u, i) => ({ pk: u.pubkey, i, rank: nameMatch(query, u), score: scores[u.pubkey] ?? 0 }))
    .sort((a, b) => a.rank - b.rank || b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map((u) => u.pk);
}

/** The names of a kind 0 event. */
export function namedUser(pubkey: string, profile: SignedEvent | undefined): NamedUser {
  const f = profileFieldsOf(profile);
  return { pubkey, name: f.name, displayName: f.display_name, nip05: f.nip05 };
}

/**
 * People to suggest for a typed name (mentions, a new message's recipient): the cache's
 * `user_search` answer, asked for more than shown (`candidates`, as it ranks by followers), then
 * names first (exact, prefix) and score after, cut to `limit`.
 */
export async function suggestUsers(
  ctx: SearchContext,
  query: string,
  options: { limit?: number; candidates?: number; signal?: AbortSignal } = {},
): Promise<string[]> {
  const q = query.trim();
  if (!q) return [];
  const limit = options.limit ?? 6;
  const page = await ctx.ingest(() =>
    ctx.api.userSearch(q, Math.max(limit, options.candidates ?? 30), ctx.userPubkey, {
      ...(options.signal ? { signal: options.signal } : {}),
    }),
  );
  const users = Object.entries(page.users).map(([pk, e]) => namedUser(pk, e));
  return rankUsersByName(q, users, page.userScores, limit);
}
