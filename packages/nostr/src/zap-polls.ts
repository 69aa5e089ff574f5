import { isHex64 } from './hex.ts';
import { Kind } from './kinds.ts';
import { getTagValue } from './tags.ts';
import type { NostrEvent } from './types.ts';
import type { ZapReceipt } from './zap-receipt.ts';

/**
 * Zap polls (kind 6969): the NIP-69 draft that Amethyst and Primal's apps implement (never
 * merged; reopened as NIP-B9). Options are `poll_option` tags `[id, label]` (ids "0", "1", ...
 * or UUIDs), a vote is a zap of the poll whose zap request carries `["poll_option", id]`.
 */
export interface ZapPoll {
  id: string;
  pubkey: string;
  created_at: number;
  question: string;
  options: Array<{ id: string; label: string }>;
  /** Sats a zap needs at least / at most to count (`value_minimum`, `value_maximum`). */
  valueMinimum?: number;
  valueMaximum?: number;
  /** Unix seconds after which zaps no longer count (`closed_at`). */
  closedAt?: number;
  /** Percent (0-100) an option needs for consensus, informational (`consensus_threshold`). */
  consensusThreshold?: number;
  /** Users a vote may zap (`p` tags), the author when none. */
  recipients: string[];
  relays: string[];
}

function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * Reads a kind 6969 zap poll; undefined when it is not one or has no option. A `closed_at` at or
 * before the poll's own time means "not closed" (the draft's rule); a bound of 0 means none.
 * Never throws.
 */
export function parseZapPoll(event: NostrEvent): ZapPoll | undefined {
  if (event.kind !== Kind.ZapPoll) return undefined;
  const options: ZapPoll['options'] = [];
  const ids = new Set<string>();
  const recipients: string[] = [];
  const relays: string[] = [];
  for (const t of event.tags) {
    if (t[0] === 'poll_option' && typeof t[1] === 'string' && /^[\w-]{1,64}$/.test(t[1])) {
      if (ids.has(t[1])) continue;
      ids.add(t[1]);
      options.push({ id: t[1], label: typeof t[2] === 'string' ? t[2] : '' });
    } else if (t[0] === 'p' && isHex64(t[1]) && !recipients.includes(t[1])) recipients.push(t[1]);
    else if (t[0] === 'relay' && typeof t[1] === 'string' && /^wss?:\/\/\S+$/i.test(t[1]))
      relays.push(t[1]);
  }
  if (options.length === 0) return undefined;
  const poll: ZapPoll = {
    id: event.id,
    pubkey: event.pubkey,
    created_at: event.created_at,
    question: event.content,
    options,
    recipients: recipients.length > 0 ? recipients : [event.pubkey],
    relays,
  };
  const min = wholeNumber(getTagValue(event, 'value_minimum'));
  const max = wholeNumber(getTagValue(event, 'value_maximum'));
  if (min) poll.valueMinimum = min;
  if (max) poll.valueMaximum = max;
  const closedAt = wholeNumber(getTagValue(event, 'closed_at'));
  if (closedAt !== undefined && closedAt > event.created_at) poll.closedAt = closedAt;
  const threshold = wholeNumber(getTagValue(event, 'consensus_threshold'));
  if (threshold !== undefined && threshold > 0 && threshold <= 100)
    poll.consensusThreshold = threshold;
  return poll;
}

/** True once `now` is past the poll's `closed_at`. */
export function isZapPollClosed(poll: Pick<ZapPoll, 'closedAt'>, now: number): boolean {
  return poll.closedAt !== undefined && now > poll.closedAt;
}

/** Whether `sats` lies within the poll's bounds (each when given). */
export function isZapPollAmount(
  poll: Pick<ZapPoll, 'valueMinimum' | 'valueMaximum'>,
  sats: number,
): boolean {
  if (!(sats > 0)) return false;
  if (poll.valueMinimum !== undefined && sats < poll.valueMinimum) return false;
  return poll.valueMaximum === undefined || sats <= poll.valueMaximum;
}

/** The `poll_option` a zap request names, if any (the first tag). */
export function zapPollOptionOf(request: Pick<NostrEvent, 'tags'> | undefined): string | undefined {
  if (!request) return undefined;
  const v = getTagValue(request, 'poll_option');
  return v !== undefined && /^[\w-]{1,64}$/.test(v) ? v : undefined;
}

/**
 * The extra zap request tag of a vote (add it to the 9734 with the poll's `e` and `k` 6969).
 * Throws when the id is not an option of the poll.
 */
export function zapPollVoteTag(poll: Pick<ZapPoll, 'options'>, optionId: string): string[] {
  if (!poll.options.some((o) => o.id === optionId))
    throw new Error(`not an option of this poll: ${optionId}`);
  return ['poll_option', optionId];
}

/** One zap as a vote: what a tally needs of a receipt (or of a stored zap row). */
export interface ZapPollVote {
  /** The receipt id. */
  id: string;
  /** The zapped event. */
  pollId?: string;
  sender?: string;
  option: string;
  sats: number;
  created_at: number;
}

/** The vote a zap receipt casts: undefined when its request names no option. */
export function zapPollVoteOf(receipt: ZapReceipt): ZapPollVote | undefined {
  const option = zapPollOptionOf(receipt.request);
  if (!option) return undefined;
  const vote: ZapPollVote = {
    id: receipt.receiptId,
    option,
    sats: receipt.sats,
    created_at: receipt.created_at,
  };
  if (receipt.eventId) vote.pollId = receipt.eventId;
  if (receipt.sender) vote.sender = receipt.sender;
  return vote;
}

export interface ZapPollTally {
  /** Per option id: counted zaps and their sats (every option present). */
  options: Record<string, { votes: number; sats: number }>;
  /** Sats of all counted zaps. */
  totalSats: number;
  /** The options each sender's counted zaps chose. */
  voters: Map<string, string[]>;
}

/**
 * Tallies a zap poll. A zap counts when it zaps the poll, names an option of the poll, its amount
 * lies within the bounds and its receipt is not later than `closed_at`. Every such zap counts,
 * except when the bounds are equal (a one-vote-each poll, as the draft says): then only each
 * sender's latest counting zap does (ties: the lower receipt id).
 */
export function tallyZapPoll(poll: ZapPoll, votes: Iterable<ZapPollVote>): ZapPollTally {
  const offered = new Set(poll.options.map((o) => o.id));
  const oneEach = poll.valueMinimum !== undefined && poll.valueMinimum === poll.valueMaximum;
  const counted: ZapPollVote[] = [];
  const bySender = new Map<string, ZapPollVote>();
  for (const v of votes) {
    if (v.pollId !== poll.id || !offered.has(v.option) || !isZapPollAmount(poll, v.sats)) continue;
    if (poll.closedAt !== undefined && v.created_at > poll.closedAt) continue;
    if (!oneEach) counted.push(v);
    else if (v.sender) {
      const held = bySender.get(v.sender);
      if (
        held &&
        (held.created_at > v.created_at || (held.created_at === v.created_at && held.id < v.id))
      )
        continue;
      bySender.set(v.sender, v);
    }
  }
  counted.push(...bySender.values());
  const options: ZapPollTally['options'] = {};
  for (const o of poll.options) options[o.id] = { votes: 0, sats: 0 };
  const voters = new Map<string, string[]>();
  let totalSats = 0;
  for (const c of counted) {
    options[c.option]!.votes += 1;
    options[c.option]!.sats += c.sats;
    totalSats += c.sats;
    if (c.sender) {
      const mine = voters.get(c.sender) ?? [];
      if (!mine.includes(c.option)) mine.push(c.option);
      voters.set(c.sender, mine);
    }
  }
  return { options, totalSats, voters };
}
