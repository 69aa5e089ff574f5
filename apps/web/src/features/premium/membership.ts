import type { MembershipClient, MembershipStatus, MembershipTier } from '@swell/client/membership';
import { swell } from '@/data/client.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { createStore } from '@/lib/external-store.ts';
import { premiumReminderOpen } from '@/features/premium/reminder-store.ts';

/**
 * The signed-in user's membership (spec section 4): fetched on login, a missing status meaning
 * tier none. `loaded` is false until the first answer for this user; `failed` when it could not
 * be asked (no signer, the service did not answer).
 */
export interface MembershipState {
  pubkey: string | null;
  status: MembershipStatus | undefined;
  loaded: boolean;
  failed: boolean;
  /** The status is the one kept from an earlier ask (a page load does not sign a new one). */
  cached?: boolean;
}

/**
 * How long a status asked earlier stands in on a page load. Asking means signing a request (an
 * extension may prompt for it), so a reload does not ask again unless the kept answer is older,
 * or its membership has expired meanwhile; signing in, the Premium pages and every purchase or
 * rename ask afresh.
 */
const MEMBERSHIP_KEPT_MS = 6 * 60 * 60 * 1000;

interface KeptMembership {
  status: MembershipStatus | null;
  at: number;
}

/** The status kept for `pubkey` (null: not a member) while it is fresh, else undefined. */
function keptMembership(pubkey: string, now = Date.now()): MembershipStatus | null | undefined {
  const kept = swell().records.get(pubkey).membership as KeptMembership | undefined;
  if (!kept || typeof kept !== 'object' || typeof kept.at !== 'number') return undefined;
  if (kept.at > now || now - kept.at > MEMBERSHIP_KEPT_MS) return undefined;
  const status = kept.status;
  if (status === null) return null;
  if (typeof status !== 'object' || status.pubkey !== pubkey) return undefined;
  if (typeof status.expires_on === 'number' && status.expires_on * 1000 <= now) return undefined;
  return status;
}

const initial: MembershipState = { pubkey: null, status: undefined, loaded: false, failed: false };
export const membershipStore = createStore<MembershipState>(initial);

export const useMembership = () => useSnapshot(membershipStore);

/** The tier the app acts on: none until a status says otherwise (and when it expired). */
export function tierOfState(s: MembershipState): MembershipTier {
  return s.status?.tier ?? 'none';
}

let current: { key: string; client: MembershipClient; signer: unknown } | null = null;

/**
 * The membership socket's client for the signed-in user (loaded on first use; one per signer and
 * cache server). Rejects when nobody can sign.
 */
export async function membershipClient(): Promise<MembershipClient> {
  const c = swell();
  const signer = c.session.signer;
  const pubkey = c.session.getSnapshot().pubkey;
  if (!signer || !pubkey) throw new Error('sign-in needed');
  const m = await import('@swell/client/membership');
  const url = m.membershipSocketUrl(c.cache.getSnapshot().url);
  const key = `${url}|${pubkey}`;
  if (current && current.key === key && current.signer === signer) return current.client;
  current?.client.destroy();
  const client = new m.MembershipClient({ url, signer });
  current = { key, client, signer };
  return client;
}

let inFlight: { pubkey: string | null; promise: Promise<MembershipStatus | undefined> } | null =
  null;

/** Asks for the user's status again (after a purchase, a rename, on login); one ask at a time. */
export function refreshMembership(): Promise<MembershipStatus | undefined> {
  const pubkey = swell().session.getSnapshot().pubkey;
  if (inFlight?.pubkey === pubkey) return inFlight.promise;
  const promise = askStatus(pubkey).finally(() => {
    if (inFlight?.promise === promise) inFlight = null;
  });
  inFlight = { pubkey, promise };
  return promise;
}

async function askStatus(pubkey: string | null): Promise<MembershipStatus | undefined> {
  try {
    const status = await (await membershipClient()).status();
    if (swell().session.getSnapshot().pubkey === pubkey) {
      membershipStore.set({ pubkey, status, loaded: true, failed: false });
      if (pubkey)
        swell().records.update(pubkey, {
          membership: { status: status ?? null, at: Date.now() } satisfies KeptMembership,
        });
    }
    return status;
  } catch (err) {
    if (swell().session.getSnapshot().pubkey === pubkey)
      membershipStore.set({ ...membershipStore.get(), pubkey, loaded: true, failed: true });
    throw err;
  }
}

/** Forgets the membership (sign-out, another user). */
export function resetMembership(pubkey: string | null): void {
  current?.client.destroy();
  current = null;
  membershipStore.set({ ...initial, pubkey });
}

/**
 * On login: forget another user's membership, then ask for this one's (failures stay quiet). A
 * session restored on page load uses the status kept from a recent ask instead of signing a new
 * request (`MEMBERSHIP_KEPT_MS`).
 */
export function loadMembershipOnLogin(pubkey: string): void {
  const s = membershipStore.get();
  if (s.pubkey !== null && s.pubkey !== pubkey) resetMembership(pubkey);
  else if (s.pubkey === pubkey && s.loaded && !s.failed) return;
  const kept = swell().session.getSnapshot().signedInHere ? undefined : keptMembership(pubkey);
  if (kept !== undefined)
    membershipStore.set({
      pubkey,
      status: kept ?? undefined,
      loaded: true,
      failed: false,
      cached: true,
    });
  const known = kept !== undefined ? Promise.resolve(kept ?? undefined) : refreshMembership();
  known.then(
    async (status) => {
      if (swell().session.getSnapshot().pubkey !== pubkey) return;
      const { premiumReminderDue } = await import('@swell/client/membership');
      const record = swell().records.get(pubkey);
      // A first sign-in on this device starts the clock: nobody is reminded in their first session.
      if (record.premiumReminder === undefined && (status?.tier ?? 'none') === 'none') {
        swell().records.update(pubkey, { premiumReminder: Date.now() });
        return;
      }
      if (premiumReminderDue(status?.tier ?? 'none', record.premiumReminder))
        premiumReminderOpen.set(true);
    },
    () => {},
  );
}
