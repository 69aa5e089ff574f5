import type { Kysely, Transaction } from 'kysely';
import type {
  LegendCustomizationSettings,
  LegendStyle,
  MembershipCohort,
  MembershipTier,
} from '@swell/cache-protocol';
import type { MembershipDatabase, MembershipsTable } from './membership-tables.ts';

/** A member as stored (a lapsed premium member keeps their record and name). */
export interface MemberRecord {
  pubkey: string;
  tier: 'premium' | 'premium-legend';
  premiumSince: number | null;
  legendSince: number | null;
  /** Null for a legend. */
  expiresOn: number | null;
  cohort1: string;
  cohort2: string;
  donatedUsdCents: number;
  legend: LegendCustomizationSettings;
}

/** The tier a member has at `now`: legends forever, premium until it expires. */
export function activeTier(m: MemberRecord | undefined, now: number): MembershipTier {
  if (!m) return 'none';
  if (m.tier === 'premium-legend') return 'premium-legend';
  return m.expiresOn !== null && m.expiresOn > now ? 'premium' : 'none';
}

/** 10000169 entry of an active member. */
export function cohortOf(m: MemberRecord, now: number): MembershipCohort {
  return {
    tier: activeTier(m, now),
    cohort_1: m.cohort1,
    cohort_2: m.cohort2,
    expires_on: m.tier === 'premium-legend' ? null : m.expiresOn,
    premium_since: m.premiumSince,
    legend_since: m.legendSince,
  };
}

/** `t` plus `months` calendar months (UTC), in unix seconds. */
export function addMonths(t: number, months: number): number {
  const d = new Date(t * 1000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return Math.floor(d.getTime() / 1000);
}

const yearOf = (t: number) => String(new Date(t * 1000).getUTCFullYear());

function fromRow(r: MembershipsTable): MemberRecord {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    pubkey: r.pubkey,
    tier: r.tier === 'premium-legend' ? 'premium-legend' : 'premium',
    premiumSince: n(r.premium_since),
    legendSince: n(r.legend_since),
    expiresOn: n(r.expires_on),
    cohort1: r.cohort_1,
    cohort2: r.cohort_2,
    donatedUsdCents: Number(r.donated_usd_cents),
    legend: {
      style: r.legend_style as LegendStyle,
      custom_badge: Number(r.legend_custom_badge) === 1,
      avatar_glow: Number(r.legend_avatar_glow) === 1,
      in_leaderboard: Number(r.legend_in_leaderboard) === 1,
      current_shoutout: r.legend_shoutout,
    },
  };
}

/** A paid purchase, as it changes a membership. */
export interface PurchaseEffect {
  pubkey: string;
  tier: 'premium' | 'premium-legend';
  /** Premium months bought (0 for a legend donation). */
  months: number;
  usdCents: number;
  paidAt: number;
}

/** The members table. */
export class Members {
  private readonly db: Kysely<MembershipDatabase>;

  constructor(db: Kysely<MembershipDatabase>) {
    this.db = db;
  }

  async get(pubkey: string): Promise<MemberRecord | undefined> {
    const r = await this.db
      .selectFrom('memberships')
      .selectAll()
      .where('pubkey', '=', pubkey)
      .executeTakeFirst();
    return r ? fromRow(r) : undefined;
  }

  /** Members among `pubkeys` (any state). */
  async getMany(pubkeys: readonly string[]): Promise<Map<string, MemberRecord>> {
    const out = new Map<string, MemberRecord>();
    const wanted = [...new Set(pubkeys)];
    for (let i = 0; i < wanted.length; i += 500) {
      const rows = await this.db
        .selectFrom('memberships')
        .selectAll()
        .where('pubkey', 'in', wanted.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.pubkey, fromRow(r));
    }
    return out;
  }

  /**
   * Applies a paid purchase inside `tx`: premium months are added to what is left (or to the
   * payment time when lapsed); a legend donation makes a legend for good (a first-time legend
   * starts with the GOLD style, badge and glow on). A legend buying premium months stays legend.
   */
  async apply(tx: Transaction<MembershipDatabase>, p: PurchaseEffect): Promise<void> {
    const row = await tx
      .selectFrom('memberships')
      .selectAll()
      .where('pubkey', '=', p.pubkey)
      .executeTakeFirst();
    const cur = row ? fromRow(row) : undefined;
    const premiumSince = cur?.premiumSince ?? p.paidAt;
    let next: Omit<MembershipsTable, 'pubkey'>;
    if (p.tier === 'premium-legend' || cur?.tier === 'premium-legend') {
      const legendSince = cur?.legendSince ?? p.paidAt;
      const firstTime = cur?.tier !== 'premium-legend';
      next = {
        tier: 'premium-legend',
        premium_since: premiumSince,
        legend_since: legendSince,
        expires_on: null,
        cohort_1: 'Legend',
        cohort_2: yearOf(legendSince),
        donated_usd_cents:
          (cur?.donatedUsdCents ?? 0) + (p.tier === 'premium-legend' ? p.usdCents : 0),
        legend_style: firstTime ? 'GOLD' : cur!.legend.style,
        legend_custom_badge: firstTime || cur!.legend.custom_badge ? 1 : 0,
        legend_avatar_glow: firstTime || cur!.legend.avatar_glow ? 1 : 0,
        legend_in_leaderboard: cur && !firstTime && cur.legend.in_leaderboard === false ? 0 : 1,
        legend_shoutout: cur?.legend.current_shoutout ?? '',
        updated_at: p.paidAt,
      };
    } else {
      const from = Math.max(p.paidAt, cur?.expiresOn ?? 0);
      next = {
        tier: 'premium',
        premium_since: premiumSince,
        legend_since: null,
        expires_on: addMonths(from, p.months),
        cohort_1: 'Premium',
        cohort_2: yearOf(premiumSince),
        donated_usd_cents: cur?.donatedUsdCents ?? 0,
        legend_style: '',
        legend_custom_badge: 0,
        legend_avatar_glow: 0,
        legend_in_leaderboard: 1,
        legend_shoutout: '',
        updated_at: p.paidAt,
      };
    }
    await tx
      .insertInto('memberships')
      .values({ pubkey: p.pubkey, ...next })
      .onConflict((oc) => oc.column('pubkey').doUpdateSet(next))
      .execute();
  }

  /** Saves a legend's customization; false when `pubkey` is not a legend. */
  async setLegend(pubkey: string, s: LegendCustomizationSettings, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('memberships')
      .set({
        legend_style: s.style,
        legend_custom_badge: s.custom_badge ? 1 : 0,
        legend_avatar_glow: s.avatar_glow ? 1 : 0,
        ...(s.in_leaderboard !== undefined
          ? { legend_in_leaderboard: s.in_leaderboard ? 1 : 0 }
          : {}),
        ...(s.current_shoutout !== undefined ? { legend_shoutout: s.current_shoutout } : {}),
        updated_at: now,
      })
      .where('pubkey', '=', pubkey)
      .where('tier', '=', 'premium-legend')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
