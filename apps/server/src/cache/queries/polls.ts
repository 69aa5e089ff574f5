import type { PollStats } from '@swell/cache-protocol';
import { parsePoll, parseZapPoll, tallyZapPoll, type NostrEvent } from '@swell/nostr';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { chunked } from './rows.ts';

type Db = Kysely<Database>;

export interface PollAnnotations {
  /** 10000179 content: by poll id, votes and sats per option (every option, zeros included). */
  stats: PollStats;
  /** The options the user's counted vote chose, by poll id (only with a user). */
  mine: Map<string, string[]>;
}

/**
 * The tallies of the polls among `events`: NIP-88 polls (1068) from the counted votes kept at
 * ingestion (`poll_votes`), zap polls (6969) from their zaps (`zaps.poll_option`) through
 * `tallyZapPoll`. One grouped query per kind of poll, whatever the number of polls on the page.
 */
export async function pollAnnotations(
  db: Db,
  events: readonly NostrEvent[],
  user?: string,
): Promise<PollAnnotations> {
  const stats: PollStats = {};
  const mine = new Map<string, string[]>();
  const polls = events.flatMap((e) => parsePoll(e) ?? []);
  const zapPolls = events.flatMap((e) => parseZapPoll(e) ?? []);
  for (const p of polls) stats[p.id] = Object.fromEntries(p.options.map((o) => [o.id, zero()]));
  for (const part of chunked(polls.map((p) => p.id))) {
    const [counts, own] = await Promise.all([
      db
        .selectFrom('poll_votes')
        .select(['poll_id', 'option_id', db.fn.countAll<number>().as('n')])
        .where('poll_id', 'in', part)
        .groupBy(['poll_id', 'option_id'])
        .execute(),
      user
        ? db
            .selectFrom('poll_votes')
            .select(['poll_id', 'option_id'])
            .where('poll_id', 'in', part)
            .where('voter', '=', user)
            .execute()
        : Promise.resolve([]),
    ]);
    for (const r of counts) {
      const option = stats[r.poll_id]?.[r.option_id];
      if (option) option.votes = Number(r.n);
    }
    for (const r of own) mine.set(r.poll_id, [...(mine.get(r.poll_id) ?? []), r.option_id]);
  }
  for (const part of chunked(zapPolls)) {
    const rows = await db
      .selectFrom('zaps')
      .select(['receipt_id', 'event_id', 'sender', 'poll_option', 'amount_sats', 'created_at'])
      .where(
        'event_id',
        'in',
        part.map((p) => p.id),
      )
      .where('poll_option', 'is not', null)
      .execute();
    for (const poll of part) {
      const tally = tallyZapPoll(
        poll,
        rows.flatMap((r) =>
          r.event_id === poll.id && r.poll_option
            ? [
                {
                  id: r.receipt_id,
                  pollId: r.event_id,
                  sender: r.sender,
                  option: r.poll_option,
                  sats: Number(r.amount_sats),
                  created_at: Number(r.created_at),
                },
              ]
            : [],
        ),
      );
      stats[poll.id] = Object.fromEntries(
        Object.entries(tally.options).map(([id, o]) => [
          id,
          { votes: o.votes, satszapped: o.sats },
        ]),
      );
      const own = user ? tally.voters.get(user) : undefined;
      if (own) mine.set(poll.id, own);
    }
  }
  return { stats, mine };
}

function zero(): { votes: number; satszapped: number } {
  return { votes: 0, satszapped: 0 };
}
