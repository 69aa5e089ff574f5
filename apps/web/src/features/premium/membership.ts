import type { MembershipClient, MembershipStatus, MembershipTier } from '@swell/client/membership';
import { swell } from '@/data/client.ts';
import { createStore, useStore } from '@/lib/external-store.ts';
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
}

const initial: MembershipState = { pubkey: null, status: undefined, loaded: false, failed: false };
export const membershipStore = createStore<MembershipState>(initial);

export const useMembership = () => useStore(membershipStore);

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
    if (swell().session.getSnapshot().pubkey === pubkey)
      membershipStore.set({ pubkey, status, loaded: true, failed: false });
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

/** On login: forget another user's membership, then ask for this one's (failures stay quiet). */
export function loadMembershipOnLogin(pubkey: string): void {
  const s = membershipStore.get();
  if (s.pubkey !== null && s.pubkey !== pubkey) resetMembership(pubkey);
  else if (s.pubkey === pubkey && s.loaded && !s.failed) return;
  refreshMembership().then(
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
