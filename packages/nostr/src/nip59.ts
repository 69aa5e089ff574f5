import { generateSecretKey, finalizeEvent, getEventHash } from './event.ts';
import { isHex64 } from './hex.ts';
import { getConversationKey, nip44Encrypt } from './nip44.ts';
import type { EventTemplate, NostrEvent, UnsignedEvent } from './types.ts';
import { checkEvent } from './validate.ts';

/**
 * NIP-59 gift wraps and NIP-17 private direct messages, the pure parts. The user's key never
 * comes here: sealing and opening take the signer's NIP-44 functions (an extension, a remote
 * signer or a local key), only the one-time key of the outer wrap is made and used here.
 */

/** NIP-17 chat message (the rumor inside a seal). */
export const CHAT_MESSAGE_KIND = 14;
/** NIP-59 seal. */
export const SEAL_KIND = 13;
/** NIP-59 gift wrap. */
export const GIFT_WRAP_KIND = 1059;
/** NIP-17 list of the relays a user receives DMs on (`relay` tags). */
export const DM_RELAYS_KIND = 10050;

/** NIP-59: seals and wraps are dated up to two days in the past, at random. */
export const TWO_DAYS = 2 * 24 * 60 * 60;

/** An unsigned event with its id: what a seal carries. */
export interface Rumor extends UnsignedEvent {
  id: string;
}

/** `decrypt(peerPubkey, payload)` / `encrypt(peerPubkey, plaintext)` with NIP-44. */
export type Nip44Decrypt = (peerPubkey: string, payload: string) => Promise<string>;
export type Nip44Encrypt = (peerPubkey: string, plaintext: string) => Promise<string>;

/** Why a gift wrap could not be opened. */
export class GiftWrapError extends Error {
  /** `decrypt`: the signer failed or refused; `invalid`: what came out is not a valid seal/rumor. */
  readonly reason: 'decrypt' | 'invalid';
  constructor(reason: 'decrypt' | 'invalid', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GiftWrapError';
    this.reason = reason;
  }
}

/** A time `now - random(0..2 days)` (NIP-59), so relays cannot tell when a message was sent. */
export function randomPastTime(now: number, random: () => number = Math.random): number {
  return now - Math.floor(random() * TWO_DAYS);
}

/** A rumor (its id filled in) from the author's public key and a template. */
export function makeRumor(pubkey: string, template: EventTemplate): Rumor {
  const unsigned: UnsignedEvent = {
    pubkey,
    created_at: template.created_at,
    kind: template.kind,
    tags: template.tags,
    content: template.content,
  };
  return { ...unsigned, id: getEventHash(unsigned) };
}

/** A NIP-17 chat message (kind 14) to these recipients, as a rumor. */
export function chatMessageRumor(
  sender: string,
  recipients: readonly string[],
  text: string,
  createdAt: number,
  extraTags: string[][] = [],
): Rumor {
  return makeRumor(sender, {
    kind: CHAT_MESSAGE_KIND,
    created_at: createdAt,
    tags: [...recipients.map((p) => ['p', p]), ...extraTags],
    content: text,
  });
}

/**
 * The template of the seal (kind 13) of a rumor for one recipient: the caller signs it with the
 * sender's signer. `encrypt` is the sender's NIP-44 encryption.
 */
export async function sealTemplate(
  rumor: Rumor,
  recipient: string,
  encrypt: Nip44Encrypt,
  now: number,
  random?: () => number,
): Promise<EventTemplate> {
  return {
    kind: SEAL_KIND,
    created_at: randomPastTime(now, random),
    tags: [],
    content: await encrypt(recipient, JSON.stringify(rumor)),
  };
}

/** Wraps a signed seal for its recipient (kind 1059) with a fresh one-time key. */
export function wrapSeal(
  seal: NostrEvent,
  recipient: string,
  now: number,
  options: { oneTimeKey?: Uint8Array; random?: () => number; relayHint?: string } = {},
): NostrEvent {
  const key = options.oneTimeKey ?? generateSecretKey();
  const p = options.relayHint ? ['p', recipient, options.relayHint] : ['p', recipient];
  return finalizeEvent(
    {
      kind: GIFT_WRAP_KIND,
      created_at: randomPastTime(now, options.random),
      tags: [p],
      content: nip44Encrypt(JSON.stringify(seal), getConversationKey(key, recipient)),
    },
    key,
  );
}

/** The recipient of a gift wrap (its p tag). */
export function giftWrapRecipient(wrap: Pick<NostrEvent, 'tags'>): string | undefined {
  return wrap.tags.find((t) => t[0] === 'p' && isHex64(t[1]))?.[1];
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new GiftWrapError('invalid', `${what} is not JSON`);
  }
}

/** A rumor from untrusted JSON: shape and id checked. */
export function parseRumor(input: unknown): Rumor {
  const r = input as Partial<Rumor> | null;
  if (
    typeof r !== 'object' ||
    r === null ||
    !isHex64(r.pubkey) ||
    typeof r.created_at !== 'number' ||
    !Number.isSafeInteger(r.created_at) ||
    typeof r.kind !== 'number' ||
    !Number.isSafeInteger(r.kind) ||
    typeof r.content !== 'string' ||
    !Array.isArray(r.tags) ||
    !r.tags.every((t) => Array.isArray(t) && t.every((x) => typeof x === 'string'))
  ) {
    throw new GiftWrapError('invalid', 'the rumor is not an event');
  }
  const rumor: Rumor = {
    id: '',
    pubkey: r.pubkey,
    created_at: r.created_at,
    kind: r.kind,
    tags: r.tags,
    content: r.content,
  };
  rumor.id = getEventHash(rumor);
  if (r.id !== undefined && r.id !== rumor.id) {
    throw new GiftWrapError('invalid', 'the rumor id does not match its content');
  }
  return rumor;
}

/** What came out of a gift wrap. */
export interface OpenedGiftWrap {
  wrap: NostrEvent;
  seal: NostrEvent;
  rumor: Rumor;
}

async function decryptLayer(
  decrypt: Nip44Decrypt,
  peer: string,
  payload: string,
  what: string,
): Promise<string> {
  try {
    return await decrypt(peer, payload);
  } catch (e) {
    throw new GiftWrapError('decrypt', `could not decrypt the ${what}`, { cause: e });
  }
}

/**
 * Opens a gift wrap addressed to the user: the wrap with the one-time key's public key, then the
 * seal with its author's; the seal must be a valid signed kind 13 and the rumor's author must be
 * the seal's (else anyone could put words in someone's mouth). `decrypt` is the user's NIP-44
 * decryption (two calls per wrap). Throws GiftWrapError.
 */
export async function openGiftWrap(
  wrap: NostrEvent,
  decrypt: Nip44Decrypt,
): Promise<OpenedGiftWrap> {
  if (wrap.kind !== GIFT_WRAP_KIND) throw new GiftWrapError('invalid', 'not a gift wrap');
  const sealJson = await decryptLayer(decrypt, wrap.pubkey, wrap.content, 'gift wrap');
  const checked = checkEvent(parseJson(sealJson, 'the seal'));
  if (!checked.ok) throw new GiftWrapError('invalid', `bad seal: ${checked.reason}`);
  const seal = checked.event;
  if (seal.kind !== SEAL_KIND) throw new GiftWrapError('invalid', 'the seal is not kind 13');
  const rumorJson = await decryptLayer(decrypt, seal.pubkey, seal.content, 'seal');
  const rumor = parseRumor(parseJson(rumorJson, 'the rumor'));
  if (rumor.pubkey !== seal.pubkey) {
    throw new GiftWrapError('invalid', 'the rumor author is not the seal author');
  }
  return { wrap, seal, rumor };
}
