import type { NoteActions, NoteStats, TopZap } from '@swell/cache-protocol';
import type { NostrEvent } from '@swell/nostr';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { chunked, EVENT_COLUMNS, rowToEvent } from './rows.ts';

type Db = Kysely<Database>;

export function zeroStats(event_id: string): NoteStats {
  return {
    event_id,
    likes: 0,
    replies: 0,
    mentions: 0,
    reposts: 0,
    zaps: 0,
    satszapped: 0,
    score: 0,
    score24h: 0,
    bookmarks: 0,
  };
}

/** 10000100 contents for the ids (zeros for events nobody acted on). */
export async function noteStats(db: Db, ids: readonly string[]): Promise<Map<string, NoteStats>> {
  const out = new Map<string, NoteStats>();
  for (const part of chunked([...new Set(ids)])) {
    const rows = await db
      .selectFrom('event_stats')
      .select([
        'event_id',
        'likes',
        'replies',
        'mentions',
        'reposts',
        'zaps',
        'satszapped',
        'score',
        'score24h',
        'bookmarks',
      ])
      .where('event_id', 'in', part)
      .execute();
    for (const r of rows) {
      out.set(r.event_id, {
        event_id: r.event_id,
        likes: Number(r.likes),
        replies: Number(r.replies),
        mentions: Number(r.mentions),
        reposts: Number(r.reposts),
        zaps: Number(r.zaps),
        satszapped: Number(r.satszapped),
        score: Number(r.score),
        score24h: Number(r.score24h),
        bookmarks: Number(r.bookmarks),
      });
    }
  }
  for (const id of ids) if (!out.has(id)) out.set(id, zeroStats(id));
  return out;
}

/** 10000115 contents: what `user` did to each of the ids (only rows with an action). */
export async function noteActions(
  db: Db,
  user: string,
  ids: readonly string[],
): Promise<Map<string, NoteActions>> {
  const out = new Map<string, NoteActions>();
  for (const part of chunked([...new Set(ids)])) {
    const rows = await db
      .selectFrom('note_actions')
      .select(['event_id', 'liked', 'replied', 'reposted', 'zapped'])
      .where('pubkey', '=', user)
      .where('event_id', 'in', part)
      .execute();
    for (const r of rows) {
      out.set(r.event_id, {
        event_id: r.event_id,
        liked: Number(r.liked) === 1,
        replied: Number(r.replied) === 1,
        reposted: Number(r.reposted) === 1,
        zapped: Number(r.zapped) === 1,
      });
    }
  }
  return out;
}

export interface TopZapRow {
  zap: TopZap;
  receipt: NostrEvent;
}

/** The largest `perNote` zaps of each note, largest first, with their receipts. */
export async function topZaps(
  db: Db,
  ids: readonly string[],
  perNote = 5,
): Promise<Map<string, TopZapRow[]>> {
  const out = new Map<string, TopZapRow[]>();
  for (const part of chunked([...new Set(ids)], 200)) {
    const ranked = db
      .selectFrom('zaps')
      .select([
        'receipt_id',
        'sender',
        'receiver',
        'event_id',
        'amount_sats',
        'amount_msats',
        'created_at',
        'message',
        sql<number>`row_number() over (partition by event_id order by amount_msats desc, receipt_id)`.as(
          'rn',
        ),
      ])
      .where('event_id', 'in', part)
      .as('z');
    const rows = await db
      .selectFrom(ranked)
      .innerJoin('events as e', 'e.id', 'z.receipt_id')
      .select([
        'z.receipt_id',
        'z.sender',
        'z.receiver',
        'z.event_id',
        'z.amount_sats',
        'z.created_at as zap_created_at',
        'z.message',
        ...EVENT_COLUMNS.map((c) => `e.${c}` as const),
      ])
      .where('z.rn', '<=', perNote)
      .orderBy('z.amount_msats', 'desc')
      .execute();
    for (const r of rows) {
      if (!r.event_id) continue;
      const list = out.get(r.event_id) ?? [];
      list.push({
        zap: {
          event_id: r.event_id,
          created_at: Number(r.zap_created_at),
          sender: r.sender,
          receiver: r.receiver,
          amount_sats: Number(r.amount_sats),
          zap_receipt_id: r.receipt_id,
          message: r.message,
        },
        receipt: rowToEvent(r),
      });
      out.set(r.event_id, list);
    }
  }
  return out;
}

/** User scores (10000108): followers count on a self-hosted server. */
export async function userScores(
  db: Db,
  pubkeys: readonly string[],
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const part of chunked([...new Set(pubkeys)])) {
    const rows = await db
      .selectFrom('user_stats')
      .select(['pubkey', 'followers_count'])
      .where('pubkey', 'in', part)
      .execute();
    for (const r of rows) out[r.pubkey] = Number(r.followers_count);
  }
  for (const p of pubkeys) out[p] ??= 0;
  return out;
}
