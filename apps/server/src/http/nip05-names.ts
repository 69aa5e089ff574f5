import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { likePattern } from '../cache/search-query.ts';

const NAME = /^[a-z0-9._-]{1,64}$/;

/** Normalises a NIP-05 local part; undefined when it is not a valid name. */
export function normaliseName(name: string): string | undefined {
  const n = name.trim().toLowerCase();
  return NAME.test(n) ? n : undefined;
}

/**
 * Who holds `name@host` on this server: among current profiles (kind 0) whose nip05 is exactly
 * that address, the earliest claim wins (first come, first served). `_` is the domain's root.
 */
export async function lookupName(
  db: Kysely<Database>,
  host: string,
  name: string,
  dialect: 'sqlite' | 'postgres',
): Promise<string | undefined> {
  const n = normaliseName(name);
  if (!n) return undefined;
  const address = `${n}@${host.toLowerCase()}`;
  const like = dialect === 'postgres' ? 'ilike' : 'like';
  const rows = await db
    .selectFrom('events')
    .select(['pubkey', 'content', 'created_at'])
    .where('kind', '=', 0)
    .where(sql<boolean>`content ${sql.raw(like)} ${likePattern(address)} ESCAPE '\\'`)
    .orderBy('created_at', 'asc')
    .limit(50)
    .execute();
  const claims: Array<{ pubkey: string; since: number }> = [];
  for (const r of rows) {
    try {
      const nip05 = (JSON.parse(r.content) as { nip05?: unknown }).nip05;
      if (typeof nip05 === 'string' && nip05.trim().toLowerCase() === address)
        claims.push({ pubkey: r.pubkey, since: 0 });
    } catch {
      // broken profile JSON: no claim
    }
  }
  if (claims.length <= 1) return claims[0]?.pubkey;
  // Several claimants: the one whose account joined first holds the name.
  const joined = await db
    .selectFrom('user_stats')
    .select(['pubkey', 'time_joined'])
    .where(
      'pubkey',
      'in',
      claims.map((c) => c.pubkey),
    )
    .execute();
  const since = new Map(joined.map((j) => [j.pubkey, Number(j.time_joined)]));
  claims.sort(
    (a, b) =>
      (since.get(a.pubkey) ?? Infinity) - (since.get(b.pubkey) ?? Infinity) ||
      a.pubkey.localeCompare(b.pubkey),
  );
  return claims[0]!.pubkey;
}
