import type { SignedEvent } from './event.ts';
import type { PageParams } from './commands.ts';

/**
 * The membership and wallet socket (`/wallet/v1`, cache-protocol.md section 8): commands,
 * products, answer shapes and result kinds, shared by the server and the client. The socket has
 * the cache's message shape (REQ/CLOSE, EVENT/EVENTS/EOSE/NOTICE, zlib option).
 */

/** Membership tiers (spec section 6); `none` is also what a missing status means. */
export type MembershipTier = 'none' | 'premium' | 'premium-legend';

export const MEMBERSHIP_TIERS: readonly MembershipTier[] = ['none', 'premium', 'premium-legend'];

/** Products for sale (spec section 9): 3 and 12 months at $7 and $6 a month, legend >= $1000. */
export const MEMBERSHIP_PRODUCTS = {
  '3-months-premium': {
    tier: 'premium',
    months: 3,
    usdPerMonth: 7,
    label: '3 Months of Premium',
  },
  '12-months-premium': {
    tier: 'premium',
    months: 12,
    usdPerMonth: 6,
    label: '12 Months of Premium',
  },
  'legend-premium': {
    tier: 'premium-legend',
    months: null,
    minUsd: 1000,
    label: 'Legend',
  },
} as const;

export type MembershipProductId = keyof typeof MEMBERSHIP_PRODUCTS;

export const LEGEND_MIN_USD = MEMBERSHIP_PRODUCTS['legend-premium'].minUsd;

export function isMembershipProductId(id: unknown): id is MembershipProductId {
  return typeof id === 'string' && Object.hasOwn(MEMBERSHIP_PRODUCTS, id);
}

/** Price in US dollars of a premium product (legend: the amount the buyer chose). */
export function productPriceUsd(id: MembershipProductId, legendUsd?: number): number {
  const p = MEMBERSHIP_PRODUCTS[id];
  if (p.tier === 'premium-legend') return legendUsd ?? p.minUsd;
  return p.months * p.usdPerMonth;
}

/** Legend styles (spec section 3); '' is no style. */
export const LEGEND_STYLES = [
  'GOLD',
  'AQUA',
  'SILVER',
  'PURPLE',
  'PURPLEHAZE',
  'TEAL',
  'BROWN',
  'BLUE',
  'SUNFIRE',
] as const;

export type LegendStyle = (typeof LEGEND_STYLES)[number] | '';

export function isLegendStyle(s: unknown): s is LegendStyle {
  return s === '' || (LEGEND_STYLES as readonly unknown[]).includes(s);
}

/** Premium reminder interval (cache-protocol.md section 11): 7 days, in milliseconds. */
export const PREMIUM_REMINDER_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

/** Shortest premium name (spec section 5). */
export const MEMBERSHIP_NAME_MIN = 3;
/** Longest premium name (the NIP-05 registry's limit). */
export const MEMBERSHIP_NAME_MAX = 64;
const NAME_CHARS = /^[a-z0-9._-]+$/;

/** Why a wanted premium name cannot be asked for, checked before any request; undefined if fine. */
export function membershipNameProblem(
  name: string,
): 'too-short' | 'too-long' | 'invalid' | undefined {
  const n = name.trim().toLowerCase();
  if (n.length < MEMBERSHIP_NAME_MIN) return 'too-short';
  if (n.length > MEMBERSHIP_NAME_MAX) return 'too-long';
  if (!NAME_CHARS.test(n) || /^[._-]|[._-]$/.test(n)) return 'invalid';
  return undefined;
}

/** The kind every `event_from_user` of the membership socket has (app data, NIP-78). */
export const MEMBERSHIP_REQUEST_KIND = 30078;
/** The kind of a `wallet {operation_event}` (10000300). */
export const WALLET_OPERATION_KIND = 10000300;

/** Result kinds of the membership socket (numbers of the reference apps). */
export const MembershipResultKind = {
  NameAvailable: 10000600,
  PurchaseQuote: 10000601,
  PurchaseMonitor: 10000602,
  Status: 10000603,
  PurchaseHistory: 10000605,
  MediaStats: 10000163,
  MediaList: 10000164,
  ContentStats: 10000166,
  BroadcastStatus: 10000167,
  LegendCustomization: 10000168,
  ExchangeRate: 10000305,
} as const;

/** `membership_status` answer (kind 10000603). */
export interface MembershipStatus {
  pubkey: string;
  tier: MembershipTier;
  /** The member's name on this server ('' when none). */
  name: string;
  /** `name@host` ('' when no name). */
  nostr_address: string;
  /** `name@host` when this server runs lightning addresses, else ''. */
  lightning_address: string;
  /** Bytes of the member's uploads. */
  used_storage: number;
  /** Unix seconds; null for a legend (never expires). */
  expires_on: number | null;
  cohort_1: string;
  cohort_2: string;
  premium_since: number | null;
  legend_since: number | null;
  /** No renewing subscriptions: every purchase is one payment. */
  recurring: false;
  renews_on: null;
}

/** `membership_name_available` / `membership_change_name` answer (kind 10000600). */
export interface NameAvailability {
  available: boolean;
  /** Why not: too-short, too-long, invalid, reserved, taken, held (by an open purchase). */
  reason?: string;
  name?: string;
  /** With reason `held`: until when (unix seconds) another buyer's purchase holds it. */
  held_until?: number;
}

/** `membership_purchase_product` answer (kind 10000601). Amounts are decimal strings. */
export interface PurchaseQuote {
  /** The bolt11 invoice to pay (shown as a QR code). */
  qr_code: string;
  membership_quote_id: string;
  amount_usd: string;
  amount_btc: string;
  product_id: MembershipProductId;
  /** Unix seconds after which the invoice cannot be paid. */
  expires_at: number;
  /** The name bought, when one is: it is held for this buyer until `name_held_until`. */
  name?: string;
  /** Unix seconds (the invoice's expiry): no one else can buy the name until then. */
  name_held_until?: number;
}

/** `membership_purchase_monitor` pushes (kind 10000602). */
export interface PurchaseMonitorUpdate {
  membership_quote_id: string;
  completed_at: number | null;
  /** Set when the invoice expired unpaid. */
  expired?: boolean;
  /**
   * Set when it was paid after its name went to someone else (the hold had expired): the
   * membership is given without the name, and renaming is free for members.
   */
  name_unavailable?: boolean;
}

/** One completed purchase (kind 10000605 carries an array of them). */
export interface PurchaseHistoryItem {
  membership_quote_id: string;
  purchased_at: number;
  product_id: MembershipProductId;
  product_label: string;
  amount_btc: string;
  amount_usd: string;
  currency: 'btc';
  receiver_pubkey: string;
  /** The name bought with it, when one was. */
  name?: string;
  /** The name could not be given (taken before the payment arrived): membership without it. */
  name_unavailable?: boolean;
}

/** One upload of a member (kind 10000164 carries an array of them). */
export interface MediaListItem {
  url: string;
  /** Bytes. */
  size: number;
  mimetype: string;
  created_at: number;
}

/** Bytes of a member's uploads by type (kind 10000163). */
export interface MemberMediaStats {
  image: number;
  video: number;
  other: number;
}

/** Events of a member per kind (kind 10000166 carries an array of them). */
export interface ContentStat {
  kind: number;
  cnt: number;
}

/** What a legend sets (`membership_legend_customization`, and each entry of 10000168). */
export interface LegendCustomizationSettings {
  style: LegendStyle;
  custom_badge: boolean;
  avatar_glow: boolean;
  in_leaderboard?: boolean;
  /** A short line shown on the legend's card (kept to 140 characters). */
  current_shoutout?: string;
}

/** Payloads of the membership socket's commands. */
export interface MembershipPayloads {
  set_primal_protocol: { compression?: 'zlib' | string };
  /** Event content `{}` (kind 30078, optional p tag of the member asked about). */
  membership_status: { event_from_user: SignedEvent };
  membership_name_available: { name: string; pubkey?: string };
  /** Event content `{name, product_id, receiver_pubkey, amount_usd?}` (p tag = receiver). */
  membership_purchase_product: { event_from_user: SignedEvent };
  membership_purchase_monitor: { membership_quote_id: string };
  /** Event content `{name}`. */
  membership_change_name: { event_from_user: SignedEvent };
  /** Event content: `LegendCustomizationSettings`. */
  membership_legend_customization: { event_from_user: SignedEvent };
  membership_media_management_stats: { event_from_user: SignedEvent };
  membership_media_management_uploads: PageParams & { event_from_user: SignedEvent };
  /** Event content `{url}`. */
  membership_media_management_delete: { event_from_user: SignedEvent };
  membership_recovery_contact_lists: PageParams & { event_from_user: SignedEvent };
  membership_content_stats: { event_from_user: SignedEvent };
  membership_content_backup: { event_from_user: SignedEvent; kinds?: number[] };
  /** Paging may also be in the event content `{limit, until, offset}` (reference client). */
  membership_purchase_history: PageParams & { event_from_user: SignedEvent };
  membership_exchange_rate: { target_currency?: string };
  /** A signed kind 10000300 whose content is `["exchange_rate", {target_currency}]`. */
  wallet: { operation_event: SignedEvent };
  /** `relays`: where to; default the write relays of the member's kind 10002. */
  membership_content_rebroadcast_start: {
    event_from_user: SignedEvent;
    kinds?: number[];
    relays?: string[];
  };
  membership_content_rebroadcast_cancel: { event_from_user: SignedEvent };
  /** Streaming: 10000167 now and at each change. */
  rebroadcasting_status: { event_from_user: SignedEvent };
}

export type MembershipCommand = keyof MembershipPayloads;

export const MEMBERSHIP_COMMANDS = [
  'membership_status',
  'membership_name_available',
  'membership_purchase_product',
  'membership_purchase_monitor',
  'membership_change_name',
  'membership_legend_customization',
  'membership_media_management_stats',
  'membership_media_management_uploads',
  'membership_media_management_delete',
  'membership_recovery_contact_lists',
  'membership_content_stats',
  'membership_content_backup',
  'membership_purchase_history',
  'membership_exchange_rate',
  'wallet',
  'membership_content_rebroadcast_start',
  'membership_content_rebroadcast_cancel',
  'rebroadcasting_status',
] as const satisfies readonly MembershipCommand[];

/**
 * The premium commands the stock reference client sends on the cache socket (`/v1`) rather than
 * the membership socket; our server answers them on both, with the same answers.
 */
export const PREMIUM_CACHE_COMMANDS = [
  'membership_media_management_stats',
  'membership_media_management_uploads',
  'membership_media_management_delete',
  'membership_recovery_contact_lists',
  'membership_content_stats',
  'membership_content_backup',
  'membership_content_rebroadcast_start',
  'membership_content_rebroadcast_cancel',
  'rebroadcasting_status',
] as const satisfies readonly MembershipCommand[];

/** A member's content rebroadcast (10000167), as the reference client reads it, with counts. */
export interface RebroadcastStatus {
  running: boolean;
  /** 'running', 'finished fine' (the reference's words), 'cancelled', 'failed: <why>', or ''. */
  status: string;
  /** 0 to 1. */
  progress: number;
  /** The kinds rebroadcast; null: every kind. */
  kinds: number[] | null;
  total: number;
  done: number;
  /** Events at least one relay accepted. */
  accepted: number;
  relays: string[];
}

/** Path of the content backup download on the server (NIP-98 signed GET; `?kinds=1,3`). */
export const CONTENT_BACKUP_PATH = '/membership/content-backup';
