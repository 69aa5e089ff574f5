import {
  isInPollTime,
  isNewerResponse,
  parsePoll,
  parsePollResponse,
  parseZapReceipt,
  pollChoices,
  tallyPoll,
  zapPollOptionOf,
  type NostrEvent,
  type PollResponse,
} from '@swell/nostr';
import { findEvent, insertMany, rowToEvent, type DeriveContext } from './derive-helpers.ts';

const COLUMNS = ['poll_id', 'voter', 'option_id', 'response_id', 'created_at'] as const;

async function storeVote(
  ctx: DeriveContext,
  pollId: string,
  r: Pick<PollResponse, 'id' | 'pubkey' | 'created_at'>,
  choices: readonly string[],
): Promise<void> {
  await insertMany(
    ctx,
    'poll_votes',
    COLUMNS,
    choices.map((option) => [pollId, r.pubkey, option, r.id, r.created_at]),
  );
}

/**
 * Kind 1018: the voter's vote replaces their earlier one when it counts (NIP-88 through
 * `@swell/nostr`: within the poll's time, naming an option of it, newer). A response to a poll
 * not stored yet is counted when the poll arrives. Deleting a response does not take its vote
 * back: NIP-88 asks for relays that do not honour deletions of votes.
 */
export async function derivePollResponse(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const r = parsePollResponse(e);
  if (!r) return;
  const pollEvent = await findEvent(ctx, r.pollId);
  const poll = pollEvent ? parsePoll(pollEvent) : undefined;
  if (!poll || !isInPollTime(poll, r.created_at)) return;
  const choices = pollChoices(poll, r.responses);
  if (choices.length === 0) return;
  const held = await ctx.tx.all<{ response_id: string; created_at: number }>(
    'SELECT response_id, created_at FROM poll_votes WHERE poll_id = ? AND voter = ? LIMIT 1',
    [poll.id, r.pubkey],
  );
  const h = held[0];
  if (h && !isNewerResponse(r, { id: h.response_id, created_at: Number(h.created_at) })) return;
  if (h)
    await ctx.tx.run('DELETE FROM poll_votes WHERE poll_id = ? AND voter = ?', [poll.id, r.pubkey]);
  await storeVote(ctx, poll.id, r, choices);
}

/**
 * Kind 1068: counts the responses stored before the poll itself (relays and upstream indexing
 * deliver in any order); a new poll usually has none.
 */
export async function derivePoll(ctx: DeriveContext, e: NostrEvent): Promise<void> {
  const poll = parsePoll(e);
  if (!poll) return;
  const rows = await ctx.tx.all<Parameters<typeof rowToEvent>[0]>(
    `SELECT e.id, e.pubkey, e.created_at, e.kind, e.tags, e.content, e.sig
       FROM event_tags t JOIN events e ON e.id = t.event_id
      WHERE t.name = 'e' AND t.value = ? AND t.kind = 1018`,
    [poll.id],
  );
  if (rows.length === 0) return;
  const responses = rows.flatMap((row) => parsePollResponse(rowToEvent(row)) ?? []);
  const tally = tallyPoll(poll, responses);
  await ctx.tx.run('DELETE FROM poll_votes WHERE poll_id = ?', [poll.id]);
  for (const [voter, r] of tally.counted)
    await storeVote(ctx, poll.id, r, tally.choices.get(voter)!);
}

/** Every stored poll counted anew from its stored responses (migration 0015's backfill). */
export async function recountPolls(ctx: DeriveContext): Promise<number> {
  const rows = await ctx.tx.all<Parameters<typeof rowToEvent>[0]>(
    'SELECT id, pubkey, created_at, kind, tags, content, sig FROM events WHERE kind = 1068',
  );
  for (const row of rows) await derivePoll(ctx, rowToEvent(row));
  return rows.length;
}

/** `zaps.poll_option` of every stored receipt whose request names one (migration 0015's backfill). */
export async function backfillZapPollOptions(ctx: DeriveContext): Promise<number> {
  const rows = await ctx.tx.all<Parameters<typeof rowToEvent>[0]>(
    `SELECT e.id, e.pubkey, e.created_at, e.kind, e.tags, e.content, e.sig
       FROM zaps z JOIN events e ON e.id = z.receipt_id
      WHERE e.tags LIKE '%poll_option%'`,
  );
  let n = 0;
  for (const row of rows) {
    const option = zapPollOptionOf(parseZapReceipt(rowToEvent(row))?.request);
    if (!option) continue;
    n += await ctx.tx.run('UPDATE zaps SET poll_option = ? WHERE receipt_id = ?', [option, row.id]);
  }
  return n;
}
