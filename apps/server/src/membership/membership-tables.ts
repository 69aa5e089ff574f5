import type { Generated, Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/store.ts';

/** One member (migration 0007-membership). Times are unix seconds, flags 0/1. */
export interface MembershipsTable {
  pubkey: string;
  /** 'premium' | 'premium-legend' (a lapsed premium keeps its row; see `expires_on`). */
  tier: string;
  premium_since: number | null;
  legend_since: number | null;
  /** End of the paid premium time; null for a legend (never expires). */
  expires_on: number | null;
  cohort_1: string;
  cohort_2: string;
  /** Legend donations, in US cents. */
  donated_usd_cents: number;
  legend_style: string;
  legend_custom_badge: number;
  legend_avatar_glow: number;
  legend_in_leaderboard: number;
  legend_shoutout: string;
  updated_at: number;
}

/** An invoice offered for a product; `completed_at` is set when it was paid. */
export interface MembershipQuotesTable {
  id: string;
  /** Who asked (signed the request). */
  payer: string;
  /** Who becomes a member (the p tag; usually the payer). */
  receiver: string;
  product_id: string;
  /** The name wanted ('' to keep the receiver's). */
  name: string;
  amount_usd_cents: number;
  amount_msat: number;
  bolt11: string;
  payment_hash: string;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
  /** 1 when it was paid after its name went to someone else: membership without the name. */
  name_unavailable: Generated<number>;
}

/** A name held for one open purchase (or a rename in progress) until `expires_at`. */
export interface MembershipNameHoldsTable {
  name: string;
  /** Who gets the name when the purchase is paid. */
  receiver: string;
  /** The quote holding it (or a rename's own id). */
  quote_id: string;
  expires_at: number;
}

/** Every version of every contact list (kind 3) the server has seen, newest 100 per user. */
export interface ContactListHistoryTable {
  id: string;
  pubkey: string;
  created_at: number;
  /** JSON array. */
  tags: string;
  content: string;
  sig: string;
}

export interface MembershipDatabase extends Database {
  memberships: MembershipsTable;
  membership_quotes: MembershipQuotesTable;
  membership_name_holds: MembershipNameHoldsTable;
  contact_list_history: ContactListHistoryTable;
}

/** The store's Kysely handle, typed with the membership tables. */
export function membershipDb(db: Store['db']): Kysely<MembershipDatabase> {
  return db as unknown as Kysely<MembershipDatabase>;
}
