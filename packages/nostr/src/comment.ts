import { contentReferences, withRelay } from './content-tags.ts';
import { isHex64 } from './hex.ts';
import { isAddressable, isReplaceable, Kind } from './kinds.ts';
import { eventCoordinate, parseCoordinate } from './tags.ts';
import type { EventTemplate, NostrEvent } from './types.ts';

/**
 * NIP-22 comments (kind 1111): a comment points at the root of its scope with uppercase tags
 * (`A`, `E` or `I`, `K`, `P`) and at the item it answers with lowercase ones (`a`, `e` or `i`,
 * `k`, `p`). Building and reading; pure, never signs.
 */

/** What a comment is about: an event by address, an event by id, or an external identity. */
export type CommentTarget =
  | {
      type: 'address';
      /** `kind:pubkey:d`. */
      coordinate: string;
      /** The version it was made on, when tagged (NIP-22: `e` beside the parent's `a`). */
      id?: string;
      relay?: string;
    }
  | { type: 'event'; id: string; relay?: string }
  /** NIP-73 identity (a URL, a hashtag, a podcast guid, ...). */
  | { type: 'external'; value: string; hint?: string };

/** The root scope and the parent item of a comment. */
export interface CommentRefs {
  root: CommentTarget;
  /** The root's kind as the `K` tag names it ('30023', '1063', 'web', ...; '' when missing). */
  rootKind: string;
  /** The root's author (`P`, or the pubkey in an `E` tag or `A` coordinate). */
  rootAuthor?: string;
  parent: CommentTarget;
  /** The parent's kind (`k`; '1111' for a reply to a comment). */
  parentKind: string;
  /** The parent's author (`p`, or the pubkey in an `e` tag or `a` coordinate). */
  parentAuthor?: string;
  /** True when the comment answers its root directly (a top-level comment). */
  topLevel: boolean;
}

type Tag = readonly string[];

function first(tags: readonly Tag[], name: string, ok: (v: string) => boolean): Tag | undefined {
  return tags.find((t) => t[0] === name && typeof t[1] === 'string' && ok(t[1]));
}

const isCoordinate = (v: string) => parseCoordinate(v) !== undefined;
const nonEmpty = (v: string) => v !== '';

function kindValue(tags: readonly Tag[], name: 'K' | 'k'): string {
  const t = first(tags, name, nonEmpty);
  return t ? t[1]! : '';
}

function hint(t: Tag): string | undefined {
  return typeof t[2] === 'string' && t[2] !== '' ? t[2] : undefined;
}

/** The scope named by one case of tags (`A`/`E`/`I` or `a`/`e`/`i`). */
function scope(
  tags: readonly Tag[],
  upper: boolean,
  kind: string,
): { target: CommentTarget; author?: string } | undefined {
  const [A, E, I] = upper ? ['A', 'E', 'I'] : ['a', 'e', 'i'];
  const a = first(tags, A!, isCoordinate);
  const e = first(tags, E!, isHex64);
  const k = Number(kind);
  const addressableKind =
    kind === '' || (Number.isInteger(k) && (isAddressable(k) || isReplaceable(k)));
  // A replaceable or addressable item is named by its address, with the version's id beside it;
  // a regular one (a reply to a comment: k 1111) by its id even when an address tag is present.
  if (a && (!e || addressableKind)) {
    const target: CommentTarget = { type: 'address', coordinate: a[1]! };
    if (e) target.id = e[1]!;
    const relay = hint(a);
    if (relay) target.relay = relay;
    return { target, author: parseCoordinate(a[1]!)!.pubkey };
  }
  if (e) {
    const target: CommentTarget = { type: 'event', id: e[1]! };
    const relay = hint(e);
    if (relay) target.relay = relay;
    return { target, author: isHex64(e[3]) ? e[3] : undefined };
  }
  const i = first(tags, I!, nonEmpty);
  if (i) {
    const target: CommentTarget = { type: 'external', value: i[1]! };
    const h = hint(i);
    if (h) target.hint = h;
    return { target };
  }
  return undefined;
}

/** The key a target is indexed by: its coordinate, its id or its external value. */
export function commentTargetKey(target: CommentTarget): string {
  return target.type === 'address'
    ? target.coordinate
    : target.type === 'event'
      ? target.id
      : target.value;
}

/**
 * Reads the root scope and parent of a kind 1111 comment. A comment without lowercase tags is
 * taken as answering its root. Undefined for other kinds and for a comment without a root scope.
 * Never throws.
 */
export function parseComment(event: Pick<NostrEvent, 'kind' | 'tags'>): CommentRefs | undefined {
  if (event.kind !== Kind.Comment || !Array.isArray(event.tags)) return undefined;
  const tags = event.tags.filter((t): t is string[] => Array.isArray(t));
  const rootKind = kindValue(tags, 'K');
  const root = scope(tags, true, rootKind);
  if (!root) return undefined;
  const parentKind = kindValue(tags, 'k');
  const parent = scope(tags, false, parentKind) ?? root;
  const P = first(tags, 'P', isHex64)?.[1];
  const p = first(tags, 'p', isHex64)?.[1];
  const refs: CommentRefs = {
    root: root.target,
    rootKind,
    parent: parent.target,
    parentKind: parentKind || (parent === root ? rootKind : ''),
    topLevel: commentTargetKey(parent.target) === commentTargetKey(root.target),
  };
  const rootAuthor = P ?? root.author;
  if (rootAuthor) refs.rootAuthor = rootAuthor;
  const parentAuthor = p ?? parent.author ?? (parent === root ? rootAuthor : undefined);
  if (parentAuthor) refs.parentAuthor = parentAuthor;
  return refs;
}

export interface CommentInput {
  /** Plain text (NIP-22: no HTML or Markdown); nostr: references get `p` and `q` tags. */
  content: string;
  /** What is answered: the root (an article, a file, ...) or another comment. */
  target: NostrEvent;
  /** Unix seconds. */
  createdAt: number;
  /** A relay where the target can be found, for the tags' hints. */
  relay?: string;
  /** The commenter: not p-tagged for a mention of themselves. */
  author?: string;
}

/** The root tags of a comment on `root`. */
function rootTags(root: NostrEvent, relay: string | undefined): string[][] {
  const kind = String(root.kind);
  if (isAddressable(root.kind) || isReplaceable(root.kind)) {
    return [
      withRelay('A', eventCoordinate(root), relay),
      ['K', kind],
      withRelay('P', root.pubkey, relay),
    ];
  }
  return [
    ['E', root.id, relay ?? '', root.pubkey],
    ['K', kind],
    withRelay('P', root.pubkey, relay),
  ];
}

/**
 * The kind 1111 template of a comment on `target`: on a root (an article by its address, with
 * the version's `e` beside the `a` as NIP-22 shows), or on a comment (the comment's root tags
 * copied, the comment as parent). Mentions in the content become `p` tags and cited events `q`
 * tags. Throws for a kind 1 target: NIP-22 comments must not answer notes (NIP-10 replies do).
 */
export function commentTemplate(input: CommentInput): EventTemplate {
  const { target, relay } = input;
  if (target.kind === Kind.Text) {
    throw new Error('NIP-22: a kind 1 note is answered with a NIP-10 reply, not a comment');
  }
  const tags: string[][] = [];
  if (target.kind === Kind.Comment) {
    for (const t of target.tags) if (['A', 'E', 'I', 'K', 'P'].includes(t[0]!)) tags.push([...t]);
    if (!tags.some((t) => ['A', 'E', 'I'].includes(t[0]!))) {
      throw new Error('NIP-22: the comment answered has no root scope');
    }
    tags.push(['e', target.id, relay ?? '', target.pubkey], ['k', String(Kind.Comment)]);
    tags.push(withRelay('p', target.pubkey, relay));
  } else {
    tags.push(...rootTags(target, relay));
    if (isAddressable(target.kind) || isReplaceable(target.kind)) {
      tags.push(withRelay('a', eventCoordinate(target), relay), withRelay('e', target.id, relay));
    } else {
      tags.push(['e', target.id, relay ?? '', target.pubkey]);
    }
    tags.push(['k', String(target.kind)], withRelay('p', target.pubkey, relay));
  }
  const has = (name: string, value: string) => tags.some((t) => t[0] === name && t[1] === value);
  for (const ref of contentReferences(input.content)) {
    if (ref.type === 'profile') {
      if (ref.pubkey !== input.author && !has('p', ref.pubkey))
        tags.push(withRelay('p', ref.pubkey, ref.relay));
    } else if (ref.type === 'event') {
      if (!has('q', ref.id))
        tags.push(
          ref.author
            ? ['q', ref.id, ref.relay ?? '', ref.author]
            : withRelay('q', ref.id, ref.relay),
        );
    } else if (!has('q', ref.coordinate)) {
      tags.push(withRelay('q', ref.coordinate, ref.relay));
    }
  }
  return {
    kind: Kind.Comment,
    created_at: Math.floor(input.createdAt),
    tags,
    content: input.content,
  };
}
