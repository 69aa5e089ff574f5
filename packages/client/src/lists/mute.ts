import { isHex64, type NostrEvent } from '@swell/nostr';
import { ClientError, isClientError } from '../errors.ts';
import type { MuteRules } from '../moderation/mute-rules.ts';
import type { Signer } from '../signers/signer.ts';
import type { ListPlan, ListUpdate } from './list-update.ts';

/** What can be muted (NIP-51 mute list, kind 10000). */
export type MuteKind = 'user' | 'word' | 'hashtag' | 'thread';

/** One entry of the mute list; `private` entries live in the encrypted content. */
export interface MuteEntry {
  kind: MuteKind;
  value: string;
  private: boolean;
}

const tagNames: Record<MuteKind, string> = { user: 'p', word: 'word', hashtag: 't', thread: 'e' };
const kindOfTag: Record<string, MuteKind> = { p: 'user', word: 'word', t: 'hashtag', e: 'thread' };

/** The canonical value of an entry (hex ids, lower-case words, hashtags without `#`), or null. */
export function normalizeMuteValue(kind: MuteKind, value: string): string | null {
  const v = value.trim();
  switch (kind) {
    case 'user':
    case 'thread':
      return isHex64(v) ? v : null;
    case 'word':
      return v.length > 0 && v.length <= 200 ? v.toLowerCase() : null;
    case 'hashtag': {
      const h = v.replace(/^#+/, '').toLowerCase();
      return h.length > 0 && h.length <= 100 && !/\s/.test(h) ? h : null;
    }
  }
}

function entriesOf(tags: readonly string[][], isPrivate: boolean): MuteEntry[] {
  const out: MuteEntry[] = [];
  for (const t of tags) {
    const kind = kindOfTag[t[0] ?? ''];
    if (!kind || typeof t[1] !== 'string') continue;
    const value = normalizeMuteValue(kind, t[1]);
    if (value !== null) out.push({ kind, value, private: isPrivate });
  }
  return out;
}

/** State of the encrypted part of a list. */
export type PrivatePart =
  /** No encrypted content. */
  | { state: 'none' }
  | { state: 'ok'; tags: string[][]; scheme: 'nip44' | 'nip04' }
  /** There is encrypted content this signer cannot open: it is kept as is, never overwritten. */
  | { state: 'unreadable'; error: string };

/** A mute list read: public entries, private ones when readable. */
export interface MuteListView {
  event: NostrEvent | null;
  entries: MuteEntry[];
  private: PrivatePart;
}

/**
 * Private parts already opened or sealed, by their encrypted text: an extension or a remote
 * signer asks the user for every decryption, so each ciphertext is opened once.
 */
export class PrivateTagsMemo {
  private readonly map = new Map<string, string[][]>();

  get(content: string): string[][] | undefined {
    return this.map.get(content);
  }

  set(content: string, tags: string[][]): void {
    this.map.delete(content);
    this.map.set(content, tags);
    while (this.map.size > 16) this.map.delete(this.map.keys().next().value!);
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * Opens the private part of a NIP-51 list: NIP-44 to oneself, or NIP-04 as older clients wrote
 * it (the `?iv=` marker). An unreadable part is reported, not thrown.
 */
export async function readPrivateTags(
  event: Pick<NostrEvent, 'content'> | null,
  signer: Signer | null,
  me: string,
  memo?: PrivateTagsMemo,
): Promise<PrivatePart> {
  const content = event?.content ?? '';
  if (content.trim() === '') return { state: 'none' };
  // NIP-04 payloads carry the `?iv=` marker (spec section 3); everything else is NIP-44.
  const scheme = content.includes('?iv=') ? 'nip04' : 'nip44';
  const known = memo?.get(content);
  if (known) return { state: 'ok', scheme, tags: known };
  if (!signer) return { state: 'unreadable', error: 'not-signed-in' };
  try {
    const text = await signer[scheme].decrypt(me, content);
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return { state: 'unreadable', error: 'bad-cipher' };
    const tags = parsed.filter(
      (t): t is string[] => Array.isArray(t) && t.every((x) => typeof x === 'string'),
    );
    memo?.set(content, tags);
    return { state: 'ok', scheme, tags };
  } catch (e) {
    return { state: 'unreadable', error: isClientError(e) ? e.code : 'bad-cipher' };
  }
}

/** Encrypts private tags to oneself with NIP-44 (NIP-04 when the signer has no NIP-44). */
export async function sealPrivateTags(
  tags: string[][],
  signer: Signer,
  me: string,
  memo?: PrivateTagsMemo,
): Promise<string> {
  if (tags.length === 0) return '';
  const text = JSON.stringify(tags);
  let sealed: string;
  try {
    sealed = await signer.nip44.encrypt(me, text);
  } catch (e) {
    if (!isClientError(e, 'no_nostr_extension')) throw e;
    sealed = await signer.nip04.encrypt(me, text);
  }
  memo?.set(sealed, tags);
  return sealed;
}

export async function readMuteList(
  event: NostrEvent | null,
  signer: Signer | null,
  me: string,
  memo?: PrivateTagsMemo,
): Promise<MuteListView> {
  const priv = await readPrivateTags(event, signer, me, memo);
  const entries = entriesOf(event?.tags ?? [], false);
  if (priv.state === 'ok') {
    for (const e of entriesOf(priv.tags, true)) {
      if (!entries.some((x) => x.kind === e.kind && x.value === e.value)) entries.push(e);
    }
  }
  return { event, entries, private: priv };
}

/** The rules of a mute list (for the entity store). */
export function muteRulesOf(
  entries: readonly MuteEntry[],
  extraUsers: Iterable<string> = [],
): MuteRules {
  const pubkeys = new Set<string>(extraUsers);
  const words: string[] = [];
  const hashtags = new Set<string>();
  const threads = new Set<string>();
  for (const e of entries) {
    if (e.kind === 'user') pubkeys.add(e.value);
    else if (e.kind === 'word') words.push(e.value);
    else if (e.kind === 'hashtag') hashtags.add(e.value);
    else threads.add(e.value);
  }
  return { pubkeys, words, hashtags, threads };
}

const sameEntry = (kind: MuteKind, value: string) => (t: string[]) =>
  t[0] === tagNames[kind] && typeof t[1] === 'string' && normalizeMuteValue(kind, t[1]) === value;

export interface MuteLoader {
  latestMuteList(pubkey: string): Promise<NostrEvent | null>;
}

/**
 * Mute (`mute`) or unmute (`unmute`) one entry as a list update: on the latest list, in the
 * public tags or in the encrypted content, as the user chose. Muting an entry that is already
 * there with the same privacy changes nothing (spec: muting a pubkey only if not already muted);
 * with the other privacy it moves. An encrypted part this signer cannot open is kept untouched:
 * changing a private entry then fails with `private-list-unreadable` instead of losing it.
 */
export function muteUpdate(
  loader: MuteLoader,
  signer: Signer,
  me: string,
  action: 'mute' | 'unmute',
  kind: MuteKind,
  rawValue: string,
  isPrivate = false,
  memo?: PrivateTagsMemo,
): ListUpdate {
  const value = normalizeMuteValue(kind, rawValue);
  if (value === null) throw new ClientError('list update failed', `invalid ${kind}`);
  const match = sameEntry(kind, value);
  return {
    failure: 'list update failed',
    load: () => loader.latestMuteList(me),
    async plan(latest): Promise<ListPlan> {
      const publicTags = latest?.tags ?? [];
      const priv = await readPrivateTags(latest, signer, me, memo);
      const inPublic = publicTags.some(match);
      const inPrivate = priv.state === 'ok' && priv.tags.some(match);
      let nextPublic: string[][];
      let privateTags: string[][] | null = priv.state === 'ok' ? priv.tags : null;
      if (action === 'mute') {
        if (isPrivate ? inPrivate && !inPublic : inPublic) return { type: 'unchanged' };
        if (isPrivate) {
          if (priv.state === 'unreadable')
            throw new ClientError('private-list-unreadable', priv.error);
          privateTags = [...(privateTags ?? []), [tagNames[kind], value]];
          nextPublic = publicTags.filter((t) => !match(t));
        } else {
          nextPublic = [...publicTags, [tagNames[kind], value]];
          if (inPrivate) privateTags = privateTags!.filter((t) => !match(t));
        }
      } else {
        if (!inPublic && !inPrivate) {
          if (priv.state === 'unreadable')
            throw new ClientError('private-list-unreadable', priv.error);
          return { type: 'unchanged' };
        }
        nextPublic = publicTags.filter((t) => !match(t));
        if (inPrivate) privateTags = privateTags!.filter((t) => !match(t));
      }
      // Unchanged private part: the content stays byte for byte (no needless re-encryption).
      const privateChanged = privateTags !== (priv.state === 'ok' ? priv.tags : null);
      const content =
        privateChanged && privateTags !== null
          ? await sealPrivateTags(privateTags, signer, me, memo)
          : (latest?.content ?? '');
      return { type: 'publish', template: { kind: 10000, tags: nextPublic, content } };
    },
  };
}
