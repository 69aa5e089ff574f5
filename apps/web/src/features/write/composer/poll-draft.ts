import { POLL_LIMITS, pollTemplate, type EventTemplate } from '@swell/nostr';

/** How long a new poll stays open: a choice of spans, or a date and time of the user's. */
export type PollSpan = '1h' | '1d' | '3d' | '1w' | 'custom';

export const pollSpans: Record<Exclude<PollSpan, 'custom'>, number> = {
  '1h': 3600,
  '1d': 86_400,
  '3d': 3 * 86_400,
  '1w': 7 * 86_400,
};

/** The poll part of the composer (the question is the note's text). */
export interface PollDraft {
  /** The option labels as typed, 2 to 10 fields (an empty one is left out). */
  options: string[];
  multiple: boolean;
  span: PollSpan;
  /** `<input type="datetime-local">` value, local time, when `span` is custom. */
  endsAtLocal: string;
  /** Relays where votes should go (NIP-88 `relay` tags), chosen among `available`. */
  relays: string[];
}

export function newPollDraft(relays: readonly string[]): PollDraft {
  return { options: ['', ''], multiple: false, span: '1d', endsAtLocal: '', relays: [...relays] };
}

/** Unix seconds the poll ends at, or undefined when the custom date is not set or invalid. */
export function pollEndsAt(draft: PollDraft, nowSeconds: number): number | undefined {
  if (draft.span !== 'custom') return nowSeconds + pollSpans[draft.span];
  const ms = new Date(draft.endsAtLocal).getTime();
  return Number.isFinite(ms) && draft.endsAtLocal !== '' ? Math.floor(ms / 1000) : undefined;
}

/** The labels that count: typed, trimmed, not empty. */
export const pollLabels = (draft: PollDraft): string[] =>
  draft.options.map((o) => o.trim()).filter((o) => o !== '');

/** What keeps the poll from going out (a `compose.` string key), or null when it can. */
export function pollProblem(
  draft: PollDraft,
  question: string,
  nowSeconds: number,
): 'pollNeedsQuestion' | 'pollNeedsOptions' | 'pollRepeats' | 'pollEndPast' | null {
  if (question.trim() === '') return 'pollNeedsQuestion';
  const labels = pollLabels(draft);
  if (labels.length < POLL_LIMITS.minOptions) return 'pollNeedsOptions';
  if (new Set(labels.map((l) => l.toLowerCase())).size !== labels.length) return 'pollRepeats';
  const end = pollEndsAt(draft, nowSeconds);
  if (end === undefined || end <= nowSeconds) return 'pollEndPast';
  return null;
}

/** The unsigned kind 1068 poll (NIP-88) of a draft; throws what `pollTemplate` throws. */
export function pollEvent(draft: PollDraft, question: string, nowSeconds: number): EventTemplate {
  const endsAt = pollEndsAt(draft, nowSeconds);
  return pollTemplate({
    question,
    options: pollLabels(draft),
    type: draft.multiple ? 'multiplechoice' : 'singlechoice',
    relays: draft.relays,
    createdAt: nowSeconds,
    ...(endsAt !== undefined ? { endsAt } : {}),
  });
}
