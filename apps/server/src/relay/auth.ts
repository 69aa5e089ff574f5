import { randomBytes } from 'node:crypto';
import { getTagValue, validateEvent, verifyEvent, type NostrEvent } from '@swell/nostr';
import type { ReadAccess } from '../store/event-query.ts';

/** A fresh NIP-42 challenge. */
export function newChallenge(): string {
  return randomBytes(16).toString('hex');
}

/** Host (and port) of a relay URL, or undefined. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Checks a NIP-42 AUTH event: kind 22242, our challenge, a relay tag naming this host, fresh
 * (10 minutes), valid signature. Returns the pubkey or a reason.
 */
export function checkAuthEvent(
  input: unknown,
  challenge: string,
  host: string | undefined,
  now = Math.floor(Date.now() / 1000),
): { ok: true; pubkey: string; event: NostrEvent } | { ok: false; reason: string } {
  const shape = validateEvent(input);
  if (!shape.ok) return { ok: false, reason: `invalid: ${shape.reason}` };
  const e = shape.event;
  if (e.kind !== 22242) return { ok: false, reason: 'invalid: AUTH event must be kind 22242' };
  if (getTagValue(e, 'challenge') !== challenge) {
    return { ok: false, reason: 'invalid: challenge does not match' };
  }
  const relay = getTagValue(e, 'relay');
  if (!relay) return { ok: false, reason: 'invalid: missing relay tag' };
  if (host && hostOf(relay) !== host.toLowerCase()) {
    return { ok: false, reason: 'invalid: relay tag names another relay' };
  }
  if (Math.abs(now - e.created_at) > 600) {
    return { ok: false, reason: 'invalid: AUTH event is too old or too far in the future' };
  }
  if (!verifyEvent(e)) return { ok: false, reason: 'invalid: bad signature' };
  return { ok: true, pubkey: e.pubkey, event: e };
}

/** Kinds only their author or recipients may read (NIP-04 DMs, NIP-59 gift wraps). */
export const PROTECTED_KINDS = new Set([4, 1059]);

/** `mayRead` as a store condition (for COUNT). */
export function readAccess(authed: ReadonlySet<string>): ReadAccess {
  return { protectedKinds: [...PROTECTED_KINDS], authorKinds: [4], readers: [...authed] };
}

/** Whether an authenticated set of pubkeys may read this event. */
export function mayRead(e: NostrEvent, authed: ReadonlySet<string>): boolean {
  if (!PROTECTED_KINDS.has(e.kind)) return true;
  if (authed.size === 0) return false;
  if (e.kind === 4 && authed.has(e.pubkey)) return true;
  return e.tags.some((t) => t[0] === 'p' && t[1] !== undefined && authed.has(t[1]));
}
