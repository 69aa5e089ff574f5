import {
  isPinEncrypted,
  isPubkey,
  keyStorageKeys,
  remoteSignerStorageKey,
} from '../keys/key-names.ts';
import type { SessionLoginState } from '../signers/resolve-login.ts';
import { readJson, writeJson, type StorageLike } from '../storage/storage.ts';

/**
 * Several accounts on one device (issue 34). The account in use keeps the one set of sign-in
 * slots it always had (`pubkey`, `sec`, `nip46`: the login sequence, the reference's formats and
 * a single-account device are unchanged); every other account is parked under `accounts` with
 * the values its slots held: its stored secret (an nsec, or sealed under its own PIN) or its
 * remote signer's session. Switching parks the account in use and moves the chosen one into the
 * slots. Light on purpose (no key code): the session reads it synchronously at startup.
 */
export const accountsStorageKey = 'accounts';

/** How an account signs. */
export type AccountSource = 'local-key' | 'extension' | 'remote-signer';

export interface StoredAccount {
  pubkey: string;
  source: AccountSource;
  /** Milliseconds; the most recent opens when the account in use signs out. */
  lastUsedAt: number;
  /** A parked account's `sec` slot (nsec, or sealed with its PIN). */
  sec?: string;
  /** A parked account's `nip46` slot (its remote signer's session). */
  nip46?: unknown;
}

/** What the app shows of an account (never its secret). */
export interface AccountSummary {
  pubkey: string;
  source: AccountSource;
  lastUsedAt: number;
  /** The account in use. */
  active: boolean;
  /** Its key is sealed under a PIN (asked when it is opened). */
  locked: boolean;
}

const sources: readonly string[] = ['local-key', 'extension', 'remote-signer'];

function isStoredAccount(v: unknown): v is StoredAccount {
  if (!v || typeof v !== 'object') return false;
  const a = v as Partial<StoredAccount>;
  return (
    isPubkey(a.pubkey) &&
    typeof a.source === 'string' &&
    sources.includes(a.source) &&
    typeof a.lastUsedAt === 'number' &&
    (a.sec === undefined || typeof a.sec === 'string')
  );
}

/** The stored accounts (malformed entries skipped, one per public key). */
export function readAccounts(storage: StorageLike): StoredAccount[] {
  const raw = readJson<unknown>(storage, accountsStorageKey, null);
  const list = Array.isArray(raw) ? raw.filter(isStoredAccount) : [];
  const seen = new Set<string>();
  return list.filter((a) => !seen.has(a.pubkey) && !!seen.add(a.pubkey));
}

export function writeAccounts(storage: StorageLike, list: StoredAccount[]): void {
  if (list.length === 0) storage.removeItem(accountsStorageKey);
  else writeJson(storage, accountsStorageKey, list);
}

/** The values of the sign-in slots now (the account in use). */
export interface Slots {
  pubkey: string | null;
  sec: string | null;
  nip46: unknown;
}

export function readSlots(storage: StorageLike): Slots {
  const pubkey = storage.getItem(keyStorageKeys.pubkey);
  return {
    pubkey: isPubkey(pubkey) ? pubkey : null,
    sec: storage.getItem(keyStorageKeys.secret),
    nip46: readJson<unknown>(storage, remoteSignerStorageKey, null),
  };
}

export function writeSlots(storage: StorageLike, slots: Slots): void {
  if (slots.pubkey) storage.setItem(keyStorageKeys.pubkey, slots.pubkey);
  else storage.removeItem(keyStorageKeys.pubkey);
  if (slots.sec) storage.setItem(keyStorageKeys.secret, slots.sec);
  else storage.removeItem(keyStorageKeys.secret);
  if (slots.nip46) writeJson(storage, remoteSignerStorageKey, slots.nip46);
  else storage.removeItem(remoteSignerStorageKey);
}

/** How slots that were never recorded sign: a remote signer, a stored key, else an extension. */
export function slotSource(slots: Slots): AccountSource {
  if (slots.nip46) return 'remote-signer';
  if (slots.sec) return 'local-key';
  return 'extension';
}

export function summaries(storage: StorageLike): AccountSummary[] {
  const active = readSlots(storage).pubkey;
  return readAccounts(storage)
    .map((a) => ({
      pubkey: a.pubkey,
      source: a.source,
      lastUsedAt: a.lastUsedAt,
      active: a.pubkey === active,
      locked:
        a.pubkey === active
          ? isPinEncrypted(storage.getItem(keyStorageKeys.secret))
          : isPinEncrypted(a.sec),
    }))
    .sort((a, b) => b.lastUsedAt - a.lastUsedAt);
}

/**
 * After a sign-in to `pubkey` with `source`: the account that was in use before (`before`, the
 * slots' values then) is parked when it is another one, the new one is recorded as in use, and
 * an extension account replaces any other (an extension holds one key at a time).
 */
export function recordSignIn(
  storage: StorageLike,
  before: Slots,
  pubkey: string,
  source: AccountSource,
  now = Date.now(),
): void {
  let list = readAccounts(storage);
  if (before.pubkey && before.pubkey !== pubkey) {
    const known = list.find((a) => a.pubkey === before.pubkey);
    const parked: StoredAccount = {
      pubkey: before.pubkey,
      source: known?.source ?? slotSource(before),
      lastUsedAt: known?.lastUsedAt ?? now - 1,
      ...(before.sec ? { sec: before.sec } : {}),
      ...(before.nip46 ? { nip46: before.nip46 } : {}),
    };
    list = [...list.filter((a) => a.pubkey !== before.pubkey), parked];
  }
  list = list.filter(
    (a) => a.pubkey !== pubkey && !(source === 'extension' && a.source === 'extension'),
  );
  writeAccounts(storage, [{ pubkey, source, lastUsedAt: now }, ...list]);
}

/**
 * Parks the account in use and moves `pubkey`'s values into the slots; returns the account now
 * in use (null when `pubkey` is not a parked account).
 */
export function swapIn(
  storage: StorageLike,
  pubkey: string,
  now = Date.now(),
): StoredAccount | null {
  const list = readAccounts(storage);
  const target = list.find((a) => a.pubkey === pubkey);
  if (!target) return null;
  const before = readSlots(storage);
  const rest = list.filter((a) => a.pubkey !== pubkey && a.pubkey !== before.pubkey);
  if (before.pubkey && before.pubkey !== pubkey) {
    const known = list.find((a) => a.pubkey === before.pubkey);
    rest.push({
      pubkey: before.pubkey,
      source: known?.source ?? slotSource(before),
      lastUsedAt: known?.lastUsedAt ?? now - 1,
      ...(before.sec ? { sec: before.sec } : {}),
      ...(before.nip46 ? { nip46: before.nip46 } : {}),
    });
  }
  writeSlots(storage, { pubkey, sec: target.sec ?? null, nip46: target.nip46 ?? null });
  const opened: StoredAccount = { pubkey, source: target.source, lastUsedAt: now };
  writeAccounts(storage, [opened, ...rest]);
  return opened;
}

/** Forgets an account's entry (its parked secret with it). */
export function dropAccount(storage: StorageLike, pubkey: string): void {
  writeAccounts(
    storage,
    readAccounts(storage).filter((a) => a.pubkey !== pubkey),
  );
}

/** The account the slots hold, as recorded (null: none recorded, a single-account device). */
export function activeAccount(storage: StorageLike): StoredAccount | null {
  const pk = readSlots(storage).pubkey;
  return (pk && readAccounts(storage).find((a) => a.pubkey === pk)) || null;
}

/** Opening an account: what signs, and what the app should say or do about it. */
export type AccountOpenState = SessionLoginState & {
  /** The extension now holds another key than this account's: it opens read-only. */
  notice?: 'extension-key-changed';
  /** The extension failed to give its key: the account is dropped (spec: key fetch error). */
  drop?: boolean;
};
