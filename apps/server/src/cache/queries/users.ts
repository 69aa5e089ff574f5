import type { UserStats } from '@swell/cache-protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { chunked } from './rows.ts';

type Db = Kysely<Database>;

/** 10000105 contents (zeros for unknown users). */
export async function userStatsOf(
  db: Db,
  pubkeys: readonly string[],
): Promise<Map<string, UserStats>> {
  const out = new Map<string, UserStats>();
  for (const part of chunked([...new Set(pubkeys)])) {
    const rows = await db
      .selectFrom('user_stats')
      .selectAll()
      .where('pubkey', 'in', part)
      .execute();
    for (const r of rows) {
      out.set(r.pubkey, {
        pubkey: r.pubkey,
        follows_count: Number(r.follows_count),
        followers_count: Number(r.followers_count),
        note_count: Number(r.note_count),
        long_form_note_count: Number(r.long_form_note_count),
        reply_count: Number(r.reply_count),
        time_joined: Number(r.time_joined) || null,
        relay_count: Number(r.relay_count),
        total_zap_count: Number(r.total_zap_count),
        total_satszapped: Number(r.total_satszapped),
        media_count: Number(r.media_count),
      });
    }
  }
  for (const p of pubkeys) {
    if (!out.has(p))
      out.set(p, {
        pubkey: p,
        follows_count: 0,
        followers_count: 0,
        note_count: 0,
        long_form_note_count: 0,
        reply_count: 0,
        time_joined: null,
        relay_count: 0,
        total_zap_count: 0,
        total_satszapped: 0,
        media_count: 0,
      });
  }
  return out;
}

/** Follower counts (10000133). */
export async function followerCounts(
  db: Db,
  pubkeys: readonly string[],
): Promise<Record<string, number>> {
  const stats = await userStatsOf(db, pubkeys);
  const out: Record<string, number> = {};
  for (const [p, s] of stats) out[p] = s.followers_count;
  return out;
}
