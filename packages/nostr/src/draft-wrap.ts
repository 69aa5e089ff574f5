import { isHex64 } from './hex.ts';
import { Kind } from './kinds.ts';
import type { Nip44Decrypt, Nip44Encrypt } from './nip59.ts';
import { getDTag, getTagValue } from './tags.ts';
import type { EventTemplate, NostrEvent } from './types.ts';

/**
 * NIP-37 draft wraps (kind 31234): an unsigned draft of any kind, JSON, NIP-44 encrypted to the
 * author's own key, under a `d` of its own and a `k` tag naming the draft's kind. A wrap with
 * empty content says the draft was deleted (published or thrown away). The user's key never
 * comes here: sealing and opening take the signer's NIP-44 functions.
 */

/** The unsigned draft inside a wrap. */
export interface Draft extends EventTemplate {
  /** The author, when the draft says. */
  pubkey?: string;
}

/** Why a wrap could not be opened. */
export class DraftWrapError extends Error {
  /** `decrypt`: the signer failed or refused; `invalid`: what came out is not a draft. */
  readonly reason: 'decrypt' | 'invalid';
  constructor(reason: 'decrypt' | 'invalid', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DraftWrapError';
    this.reason = reason;
  }
}

export interface DraftWrapInput {
  /** What is being written: kind, tags and content as they would be published. */
  draft: EventTemplate;
  /** The wrap's `d`: one per draft, kept across saves (a random UUID, say). */
  identifier: string;
  /** The author: the draft is encrypted to this key. */
  pubkey: string;
  /** The author's NIP-44 encryption (`encrypt(peer, plaintext)`); here the peer is the author. */
  encrypt: Nip44Encrypt;
  /** Unix seconds: the time of this save. */
  createdAt: number;
  /** NIP-40 expiration (unix seconds), if the draft should disappear from relays by then. */
  expiresAt?: number;
}

/**
 * The kind 31234 template of a draft: `d`, `k` (the draft's kind), `expiration` when asked, and
 * as content the draft (`{kind, created_at, tags, content, pubkey}`) NIP-44 encrypted to the
 * author. No other tag: what the draft answers or mentions stays inside the encryption.
 */
export async function draftWrapTemplate(input: DraftWrapInput): Promise<EventTemplate> {
  if (input.identifier === '') throw new Error('draftWrapTemplate: empty identifier');
  const { draft } = input;
  const inner: Draft = {
    kind: draft.kind,
    created_at: Math.floor(draft.created_at),
    tags: draft.tags,
    content: draft.content,
    pubkey: input.pubkey,
  };
  const content = await input.encrypt(input.pubkey, JSON.stringify(inner));
  const tags = [
    ['d', input.identifier],
    ['k', String(draft.kind)],
  ];
  if (input.expiresAt !== undefined) tags.push(['expiration', String(Math.floor(input.expiresAt))]);
  return { kind: Kind.Draft, created_at: Math.floor(input.createdAt), tags, content };
}

/**
 * The wrap that deletes a draft (NIP-37: blank content), for when it was published or thrown
 * away: the same `d` and `k`, dated after the last save so that it replaces it.
 */
export function draftDeletionTemplate(
  wrap: { identifier: string; kind: number; savedAt?: number },
  createdAt: number,
): EventTemplate {
  return {
    kind: Kind.Draft,
    created_at: Math.max(Math.floor(createdAt), (wrap.savedAt ?? 0) + 1),
    tags: [
      ['d', wrap.identifier],
      ['k', String(wrap.kind)],
    ],
    content: '',
  };
}

/** An opened wrap: a draft, or the mark of a deleted one. */
export type OpenedDraft =
  | {
      deleted: false;
      identifier: string;
      /** The draft's kind (its `k` tag). */
      kind: number;
      /** When it was last saved (the wrap's created_at). */
      savedAt: number;
      expiresAt?: number;
      draft: Draft;
    }
  | { deleted: true; identifier: string; kind: number; savedAt: number };

function isTags(v: unknown): v is string[][] {
  return (
    Array.isArray(v) && v.every((t) => Array.isArray(t) && t.every((x) => typeof x === 'string'))
  );
}

/** What a decrypted wrap holds, checked; a DraftWrapError('invalid') otherwise. */
function readDraft(plaintext: string, kind: number, author: string): Draft {
  let value: unknown;
  try {
    value = JSON.parse(plaintext);
  } catch (cause) {
    throw new DraftWrapError('invalid', 'the draft is not JSON', { cause });
  }
  if (typeof value !== 'object' || value === null)
    throw new DraftWrapError('invalid', 'the draft is not an event');
  const d = value as Record<string, unknown>;
  if (typeof d.kind !== 'number' || !Number.isInteger(d.kind) || d.kind !== kind)
    throw new DraftWrapError('invalid', 'the draft is not of the kind its wrap names');
  if (typeof d.content !== 'string' || !isTags(d.tags))
    throw new DraftWrapError('invalid', 'the draft has no content or tags');
  if (d.pubkey !== undefined && d.pubkey !== author)
    throw new DraftWrapError('invalid', 'the draft names another author');
  const draft: Draft = {
    kind: d.kind,
    created_at:
      typeof d.created_at === 'number' && Number.isFinite(d.created_at)
        ? Math.floor(d.created_at)
        : 0,
    tags: d.tags,
    content: d.content,
  };
  if (isHex64(d.pubkey)) draft.pubkey = d.pubkey;
  return draft;
}

/**
 * Opens a kind 31234 wrap with the author's NIP-44 decryption (`decrypt(peer, payload)`, the
 * peer being the author). Blank content is a deleted draft. Throws DraftWrapError: `decrypt`
 * when the signer cannot open it, `invalid` for anything that is not a draft of the `k` kind.
 */
export async function openDraftWrap(
  event: NostrEvent,
  decrypt: Nip44Decrypt,
): Promise<OpenedDraft> {
  if (event.kind !== Kind.Draft)
    throw new DraftWrapError('invalid', 'not a draft wrap (kind 31234)');
  const k = getTagValue(event, 'k') ?? '';
  if (!/^\d{1,10}$/.test(k)) throw new DraftWrapError('invalid', 'the wrap has no k tag');
  const kind = Number(k);
  const base = { identifier: getDTag(event), kind, savedAt: event.created_at };
  if (event.content.trim() === '') return { deleted: true, ...base };
  let plaintext: string;
  try {
    plaintext = await decrypt(event.pubkey, event.content);
  } catch (cause) {
    throw new DraftWrapError('decrypt', 'could not decrypt the draft', { cause });
  }
  const draft = readDraft(plaintext, kind, event.pubkey);
  const expiration = Number(getTagValue(event, 'expiration'));
  return {
    deleted: false,
    ...base,
    ...(Number.isInteger(expiration) && expiration > 0 ? { expiresAt: expiration } : {}),
    draft,
  };
}
