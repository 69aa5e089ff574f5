import type { SignedEvent } from '@swell/cache-protocol';
import type { EventTemplate } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import type { RequestOptions } from '../cache/cache-connection.ts';

/** NIP-88 kinds: a creator's tier (addressable), their tier list, a subscription, its end. */
export const tierKinds = { tier: 37001, tierList: 17000, subscribe: 7001, unsubscribe: 7002 };

/** One price of a tier: `amount` in `unit` (msats, sats or USD) per `cadence`. */
export interface TierCost {
  amount: string;
  unit: 'msats' | 'sats' | 'USD';
  cadence: string;
}

/** A paid tier as the reference client 2.0.11 reads a kind 37001. */
export interface AuthorTier {
  id: string;
  /** `37001:<pubkey>:<d>`. */
  address: string;
  title: string;
  description: string;
  perks: string[];
  /** The prices in a unit we can pay (others are left out). */
  costs: TierCost[];
  event: SignedEvent;
}

const units: Record<string, TierCost['unit']> = {
  msat: 'msats',
  msats: 'msats',
  '': 'msats',
  sat: 'sats',
  sats: 'sats',
  usd: 'USD',
  USD: 'USD',
};

/** Reads a kind 37001 (title tag, else the content; amount tags; perk tags). Null if unusable. */
export function parseTier(event: SignedEvent): AuthorTier | null {
  if (event.kind !== tierKinds.tier) return null;
  const costs: TierCost[] = [];
  for (const t of event.tags) {
    if (t[0] !== 'amount') continue;
    const unit = units[t[2] ?? ''];
    const amount = t[1] ?? '';
    if (!unit || !/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0) continue;
    costs.push({ amount, unit, cadence: t[3] || 'monthly' });
  }
  if (!costs.length) return null;
  const d = event.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  const title = event.tags.find((t) => t[0] === 'title')?.[1] || event.content;
  return {
    id: event.id,
    address: `${tierKinds.tier}:${event.pubkey}:${d}`,
    title: title.slice(0, 200),
    description: event.content,
    perks: event.tags.filter((t) => t[0] === 'perk' && t[1]).map((t) => t[1]!),
    costs,
    event,
  };
}

/**
 * What one period costs in msats; USD at `usdPerBtc` (rounded up to a whole sat). Null when a
 * dollar price has no rate to go by.
 */
export function tierCostMsat(cost: TierCost, usdPerBtc?: number): number | null {
  const n = Number(cost.amount);
  if (cost.unit === 'msats') return Math.ceil(n / 1000) * 1000;
  if (cost.unit === 'sats') return Math.round(n) * 1000;
  if (!usdPerBtc || !(usdPerBtc > 0)) return null;
  return Math.ceil((n / usdPerBtc) * 100_000_000) * 1000;
}

/**
 * The subscription (kind 7001) as the reference client writes it: the creator (`p`), the tier
 * (`e`), the chosen price (`amount`, value, unit, cadence), the tier itself (`event`, its JSON)
 * and the tier's zap splits.
 */
export function subscriptionTemplate(
  tier: AuthorTier,
  cost: TierCost,
): Omit<EventTemplate, 'created_at'> {
  return {
    kind: tierKinds.subscribe,
    content: '',
    tags: [
      ['p', tier.event.pubkey],
      ['e', tier.id],
      ['amount', cost.amount, cost.unit, cost.cadence],
      ['event', JSON.stringify(tier.event)],
      ...tier.event.tags.filter((t) => t[0] === 'zap'),
    ],
  };
}

/** The end of a subscription (kind 7002): the creator and the subscription event. */
export function unsubscribeTemplate(subscription: SignedEvent): Omit<EventTemplate, 'created_at'> {
  const creator = subscription.tags.find((t) => t[0] === 'p')?.[1] ?? '';
  return {
    kind: tierKinds.unsubscribe,
    content: '',
    tags: [
      ['p', creator],
      ['e', subscription.id],
    ],
  };
}

/** A creator's tiers (`creator_paid_tiers`: their list's order, else oldest first). */
export async function loadAuthorTiers(
  api: CacheApi,
  pubkey: string,
  options?: RequestOptions,
): Promise<AuthorTier[]> {
  const { events } = await api.connection.request('creator_paid_tiers', { pubkey }, options);
  const tiers: AuthorTier[] = [];
  for (const e of events) {
    const tier = parseTier(e as SignedEvent);
    if (tier && tier.event.pubkey === pubkey) tiers.push(tier);
  }
  return tiers;
}

/** The user's subscriptions to `creator` (kind 7001) that no kind 7002 ended, newest first. */
export async function loadAuthorSubscriptions(
  api: CacheApi,
  pubkey: string,
  creator: string,
  options?: RequestOptions,
): Promise<SignedEvent[]> {
  const { events } = await api.connection.request(
    'author_subscriptions',
    { pubkey, creator },
    options,
  );
  return (events as SignedEvent[])
    .filter((e) => e.kind === tierKinds.subscribe && e.pubkey === pubkey)
    .sort((a, b) => b.created_at - a.created_at);
}
