import { isHex64 } from './hex.ts';
import { Kind } from './kinds.ts';
import type { EventTemplate, NostrEvent } from './types.ts';

/** NIP-88 polls: a poll (kind 1068) and its responses (kind 1018). */

export type PollType = 'singlechoice' | 'multiplechoice';

export interface PollOption {
  /** The option id responses name (NIP-88: alphanumeric; real clients also use UUIDs). */
  id: string;
  label: string;
}

export interface Poll {
  id: string;
  pubkey: string;
  created_at: number;
  /** The question (the event's content). */
  question: string;
  options: PollOption[];
  /** No `polltype` tag means single choice. */
  type: PollType;
  /** Unix seconds after which responses no longer count (`endsAt`); none: open forever. */
  endsAt?: number;
  /** Relays the author expects responses on (`relay` tags). */
  relays: string[];
}

/** The composer's bounds for a new poll (2-10 options, as the issue asks). */
export const POLL_LIMITS = { minOptions: 2, maxOptions: 10, maxLabelLength: 200 } as const;

const OPTION_ID = /^[\w-]{1,64}$/;
const RELAY_URL = /^wss?:\/\/\S+$/i;

function unixSeconds(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,12}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return n > 0 ? n : undefined;
}

/**
 * Reads a kind 1068 poll; undefined when it is not one or names no usable option. Option ids
 * are letters, digits, `_` and `-` (up to 64); a repeated id keeps its first label. Never throws.
 */
export function parsePoll(event: NostrEvent): Poll | undefined {
  if (event.kind !== Kind.Poll) return undefined;
  const options: PollOption[] = [];
  const ids = new Set<string>();
  const relays: string[] = [];
  let type: PollType = 'singlechoice';
  let endsAt: number | undefined;
  let sawType = false;
  let sawEnd = false;
  for (const t of event.tags) {
    if (t[0] === 'option' && typeof t[1] === 'string' && OPTION_ID.test(t[1])) {
      if (ids.has(t[1])) continue;
      ids.add(t[1]);
      options.push({ id: t[1], label: typeof t[2] === 'string' ? t[2] : '' });
    } else if (t[0] === 'relay' && typeof t[1] === 'string' && RELAY_URL.test(t[1])) {
      if (!relays.includes(t[1])) relays.push(t[1]);
    } else if (t[0] === 'polltype' && !sawType) {
      sawType = true;
      if (t[1] === 'multiplechoice') type = 'multiplechoice';
    } else if (t[0] === 'endsAt' && !sawEnd) {
      sawEnd = true;
      endsAt = unixSeconds(t[1]);
    }
  }
  // Seen in the wild: a kind 1068 written with the zap poll's tags (`poll_option`, `closed_at`).
  if (options.length === 0) {
    for (const t of event.tags) {
      if (t[0] !== 'poll_option' || typeof t[1] !== 'string' || !OPTION_ID.test(t[1])) continue;
      if (ids.has(t[1])) continue;
      ids.add(t[1]);
      options.push({ id: t[1], label: typeof t[2] === 'string' ? t[2] : '' });
    }
  }
  if (!sawEnd) endsAt = unixSeconds(event.tags.find((t) => t[0] === 'closed_at')?.[1]);
  if (options.length === 0) return undefined;
  const poll: Poll = {
    id: event.id,
    pubkey: event.pubkey,
    created_at: event.created_at,
    question: event.content,
    options,
    type,
    relays,
  };
  if (endsAt !== undefined) poll.endsAt = endsAt;
  return poll;
}

/** True once `now` (unix seconds) is past the poll's end. */
export function isPollClosed(poll: { endsAt?: number }, now: number): boolean {
  return poll.endsAt !== undefined && now > poll.endsAt;
}

/** Random option id of 9 lowercase letters and digits (as the NIP's example). */
function randomOptionId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => (b % 36).toString(36)).join('');
}

export interface PollParams {
  question: string;
  /** Labels, or labels with the ids to use (random ids otherwise). */
  options: Array<string | PollOption>;
  type?: PollType;
  endsAt?: number;
  relays?: string[];
  /** Unix seconds; now by default. */
  createdAt?: number;
}

/**
 * Builds an unsigned kind 1068 poll. Throws an Error saying what is wrong when the question is
 * empty, there are fewer or more options than `POLL_LIMITS` allows, a label is empty or too long,
 * two labels or ids repeat, the end is not after `createdAt`, or a relay is not a ws(s) URL.
 */
export function pollTemplate(params: PollParams): EventTemplate {
  const createdAt = params.createdAt ?? Math.floor(Date.now() / 1000);
  const question = params.question.trim();
  if (question === '') throw new Error('a poll needs a question');
  const { minOptions, maxOptions, maxLabelLength } = POLL_LIMITS;
  if (params.options.length < minOptions || params.options.length > maxOptions)
    throw new Error(`a poll needs ${minOptions} to ${maxOptions} options`);
  const options = params.options.map((o) =>
    typeof o === 'string'
      ? { id: randomOptionId(), label: o.trim() }
      : { id: o.id, label: o.label.trim() },
  );
  const labels = new Set<string>();
  const ids = new Set<string>();
  for (const o of options) {
    if (o.label === '') throw new Error('an option needs a label');
    if (o.label.length > maxLabelLength)
      throw new Error(`an option label has at most ${maxLabelLength} characters`);
    if (!OPTION_ID.test(o.id)) throw new Error(`invalid option id: ${o.id}`);
    const key = o.label.toLowerCase();
    if (labels.has(key)) throw new Error(`two options read "${o.label}"`);
    if (ids.has(o.id)) throw new Error(`two options have the id ${o.id}`);
    labels.add(key);
    ids.add(o.id);
  }
  if (
    params.endsAt !== undefined &&
    !(Number.isSafeInteger(params.endsAt) && params.endsAt > createdAt)
  )
    throw new Error('a poll must end after it starts');
  const tags: string[][] = options.map((o) => ['option', o.id, o.label]);
  for (const r of params.relays ?? []) {
    if (!RELAY_URL.test(r)) throw new Error(`invalid relay: ${r}`);
    tags.push(['relay', r]);
  }
  tags.push(['polltype', params.type ?? 'singlechoice']);
  if (params.endsAt !== undefined) tags.push(['endsAt', String(params.endsAt)]);
  return { kind: Kind.Poll, created_at: createdAt, tags, content: question };
}

export interface PollResponse {
  id: string;
  pubkey: string;
  created_at: number;
  /** The poll it answers (the first `e` tag). */
  pollId: string;
  /** The `response` tag values, in tag order, unchecked. */
  responses: string[];
}

/** Reads a kind 1018 response; undefined when it is not one or names no poll. Never throws. */
export function parsePollResponse(event: NostrEvent): PollResponse | undefined {
  if (event.kind !== Kind.PollResponse) return undefined;
  const pollId = event.tags.find((t) => t[0] === 'e')?.[1];
  if (!isHex64(pollId)) return undefined;
  const responses: string[] = [];
  for (const t of event.tags)
    if (t[0] === 'response' && typeof t[1] === 'string') responses.push(t[1]);
  return {
    id: event.id,
    pubkey: event.pubkey,
    created_at: event.created_at,
    pollId,
    responses,
  };
}

/**
 * The options a response counts for in a poll, following NIP-88's poll types: single choice takes
 * the first `response` tag, multiple choice the first tag naming each option. An id the poll does
 * not offer counts for nothing, so a single-choice response whose first tag is unknown is empty.
 */
export function pollChoices(
  poll: Pick<Poll, 'options' | 'type'>,
  responses: readonly string[],
): string[] {
  const offered = new Set(poll.options.map((o) => o.id));
  if (poll.type === 'singlechoice') {
    const first = responses[0];
    return first !== undefined && offered.has(first) ? [first] : [];
  }
  const out: string[] = [];
  for (const r of responses) if (offered.has(r) && !out.includes(r)) out.push(r);
  return out;
}

/** A response within the poll's time: created at or before `endsAt` (NIP-01 `until` is inclusive). */
export function isInPollTime(poll: Pick<Poll, 'endsAt'>, createdAt: number): boolean {
  return poll.endsAt === undefined || createdAt <= poll.endsAt;
}

/** Whether response `a` supersedes `b` of the same key: later, or as late with the lower id. */
export function isNewerResponse(
  a: Pick<PollResponse, 'id' | 'created_at'>,
  b: Pick<PollResponse, 'id' | 'created_at'>,
): boolean {
  return a.created_at > b.created_at || (a.created_at === b.created_at && a.id < b.id);
}

/**
 * Builds an unsigned kind 1018 response. Throws when an id is not an option of the poll, when
 * there is none, or when a single-choice poll gets more than one.
 */
export function pollResponseTemplate(
  poll: Pick<Poll, 'id' | 'options' | 'type'>,
  optionIds: readonly string[],
  createdAt = Math.floor(Date.now() / 1000),
): EventTemplate {
  const offered = new Set(poll.options.map((o) => o.id));
  const chosen = [...new Set(optionIds)];
  if (chosen.length === 0) throw new Error('choose an option');
  if (poll.type === 'singlechoice' && chosen.length > 1)
    throw new Error('this poll takes one choice');
  for (const id of chosen)
    if (!offered.has(id)) throw new Error(`not an option of this poll: ${id}`);
  return {
    kind: Kind.PollResponse,
    created_at: createdAt,
    tags: [['e', poll.id], ...chosen.map((id) => ['response', id])],
    content: '',
  };
}

export interface PollTally {
  /** Votes per option id (every option present, 0 when none). */
  counts: Record<string, number>;
  /** Number of keys whose vote counts. */
  voters: number;
  /** The counted choices of each voter (pubkey -> option ids). */
  choices: Map<string, string[]>;
  /** The response that counts, of each voter. */
  counted: Map<string, PollResponse>;
}

/**
 * Counts a poll as NIP-88 says: one vote per key, the latest response within the poll's time
 * counts (ties: the lower id), responses to other polls are ignored, and a response naming no
 * option of the poll is not a vote (it neither counts nor replaces an earlier vote).
 */
export function tallyPoll(poll: Poll, responses: Iterable<PollResponse>): PollTally {
  const latest = new Map<string, { response: PollResponse; choices: string[] }>();
  for (const r of responses) {
    if (r.pollId !== poll.id || !isInPollTime(poll, r.created_at)) continue;
    const choices = pollChoices(poll, r.responses);
    if (choices.length === 0) continue;
    const held = latest.get(r.pubkey);
    if (held && !isNewerResponse(r, held.response)) continue;
    latest.set(r.pubkey, { response: r, choices });
  }
  const counts: Record<string, number> = {};
  for (const o of poll.options) counts[o.id] = 0;
  const choices = new Map<string, string[]>();
  const counted = new Map<string, PollResponse>();
  for (const [pubkey, v] of latest) {
    choices.set(pubkey, v.choices);
    counted.set(pubkey, v.response);
    for (const id of v.choices) counts[id] = (counts[id] ?? 0) + 1;
  }
  return { counts, voters: latest.size, choices, counted };
}
