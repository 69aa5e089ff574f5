import { isHex64, type EventTemplate, type NostrEvent } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import { ClientError } from '../errors.ts';
import type { PublishAttempt } from '../publish/publisher.ts';
import type { Signer } from '../signers/signer.ts';
import { signUserRequest } from '../settings/user-request.ts';

/** NIP-56 report types. */
export const reportReasons = [
  'spam',
  'impersonation',
  'nudity',
  'profanity',
  'illegal',
  'malware',
  'other',
] as const;

export type ReportReason = (typeof reportReasons)[number];

export interface ReportInput {
  pubkey: string;
  reason: ReportReason;
  /** The note that made the user report (tagged too). */
  noteId?: string;
  comment?: string;
}

/** The NIP-56 report (kind 1984): the user and the note, each tagged with the reason. */
export function reportTemplate(input: ReportInput): Omit<EventTemplate, 'created_at'> {
  if (!isHex64(input.pubkey)) throw new ClientError('report failed', 'invalid pubkey');
  if (!reportReasons.includes(input.reason))
    throw new ClientError('report failed', 'invalid reason');
  const tags = [['p', input.pubkey, input.reason]];
  if (input.noteId !== undefined) {
    if (!isHex64(input.noteId)) throw new ClientError('report failed', 'invalid note id');
    tags.push(['e', input.noteId, input.reason]);
  }
  return { kind: 1984, tags, content: input.comment?.trim() ?? '' };
}

export interface ReportOutcome {
  /** A relay accepted the kind 1984 report. */
  published: boolean;
  /** The cache recorded it (`report_user`). */
  recorded: boolean;
}

/**
 * Reports a user: the NIP-56 event goes to the relays and `report_user` (with a fresh signed
 * request, never reused) tells the cache. Succeeds when either arrived; `report failed` when
 * neither did.
 */
export async function reportUser(
  deps: {
    signer: Signer;
    api: CacheApi;
    publish(e: NostrEvent): PublishAttempt | Promise<PublishAttempt>;
  },
  input: ReportInput,
): Promise<ReportOutcome> {
  const template = reportTemplate(input);
  const event = await deps.signer.signEvent(template);
  const request = await signUserRequest(deps.signer, { description: 'Report user' });
  const [published, recorded] = await Promise.all([
    Promise.resolve(deps.publish(event))
      .then((a) => a.outcome)
      .then((o) => o.status === 'sent')
      .catch(() => false),
    deps.api.connection
      .request('report_user', { pubkey: input.pubkey, event_from_user: request })
      .then(() => true)
      .catch((e: unknown) => {
        console.warn('report_user failed:', (e as Error).message);
        return false;
      }),
  ]);
  if (!published && !recorded) throw new ClientError('report failed');
  return { published, recorded };
}
