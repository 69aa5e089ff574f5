import type { SignedEvent } from '@swell/cache-protocol';
import type { EventTemplate } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import type { RequestOptions } from '../cache/cache-connection.ts';
import { parseTier, tierKinds, type AuthorTier } from './author-tiers.ts';

/** The cadences a creator prices in sats in the editor (the reference client reads both). */
export const tierCadences = ['monthly', 'yearly'] as const;
export type TierCadence = (typeof tierCadences)[number];

/** The highest price of one period the editor accepts, in sats (1 BTC). */
export const maxTierSats = 100_000_000;
/** The longest title the reference client shows (parseTier keeps 200 characters). */
export const maxTierTitle = 200;

/** A tier as the creator types it: sats per cadence as typed ('' = not offered). */
export interface TierDraft {
  title: string;
  description: string;
  prices: Record<TierCadence, string>;
  perks: string[];
}

export type TierPriceError = 'not-number' | 'not-positive' | 'not-whole' | 'too-large';

/** What is wrong with a draft, by field (empty: nothing). */
export interface TierDraftErrors {
  title?: 'empty' | 'too-long';
  prices?: Partial<Record<TierCadence, TierPriceError>>;
  /** No price at all (none typed and none kept from the tier being edited). */
  price?: 'missing';
}

/** A creator's tier list (kind 17000, null: none yet) and the tiers the server answers with. */
export interface CreatorTiers {
  list: SignedEvent | null;
  tiers: AuthorTier[];
}

export function emptyTierDraft(): TierDraft {
  return { title: '', description: '', prices: { monthly: '', yearly: '' }, perks: [] };
}

/** The sats of one typed price ("1,000" and "1 000" read as 1000), or what is wrong with it. */
export function parseTierSats(typed: string): number | TierPriceError {
  const s = typed.trim().replace(/[\s,_]/g, '');
  if (!/^[-+]?\d+(\.\d+)?$/.test(s)) return 'not-number';
  const n = Number(s);
  if (!(n > 0)) return 'not-positive';
  if (!Number.isInteger(n)) return 'not-whole';
  if (n > maxTierSats) return 'too-large';
  return n;
}

/**
 * Checks a draft: a title (at most `maxTierTitle` characters), each typed price a whole
 * positive number of sats up to `maxTierSats`, and at least one price (`keptPrices`: prices of
 * the edited tier that the editor does not show, such as dollar prices, which stay).
 */
export function validateTierDraft(draft: TierDraft, keptPrices = 0): TierDraftErrors {
  const errors: TierDraftErrors = {};
  const title = draft.title.trim();
  if (!title) errors.title = 'empty';
  else if (title.length > maxTierTitle) errors.title = 'too-long';
  let typed = 0;
  for (const cadence of tierCadences) {
    const value = draft.prices[cadence];
    if (!value.trim()) continue;
    typed++;
    const sats = parseTierSats(value);
    if (typeof sats !== 'number') errors.prices = { ...errors.prices, [cadence]: sats };
  }
  if (typed === 0 && keptPrices === 0) errors.price = 'missing';
  return errors;
}

export function hasTierErrors(errors: TierDraftErrors): boolean {
  return !!(errors.title || errors.price || Object.keys(errors.prices ?? {}).length);
}

/** An `amount` tag the editor owns: sats or msats per one of its cadences. */
function editable(tag: readonly string[]): boolean {
  return (
    tag[0] === 'amount' &&
    ['msat', 'msats', '', 'sat', 'sats'].includes(tag[2] ?? '') &&
    (tierCadences as readonly string[]).includes(tag[3] || 'monthly')
  );
}

/** The prices of a tier the editor leaves as they are (dollars, other cadences). */
export function keptTierCosts(tier: AuthorTier): AuthorTier['costs'] {
  return tier.costs.filter(
    (c) => c.unit === 'USD' || !(tierCadences as readonly string[]).includes(c.cadence),
  );
}

/** The draft of an existing tier: its sats prices per cadence, perks and texts. */
export function tierDraftOf(tier: AuthorTier): TierDraft {
  const prices = { monthly: '', yearly: '' };
  for (const t of tier.event.tags) {
    if (!editable(t)) continue;
    const cadence = (t[3] || 'monthly') as TierCadence;
    const n = Number(t[1]);
    if (!(n > 0) || prices[cadence]) continue;
    const sats = ['sat', 'sats'].includes(t[2] ?? '') ? n : Math.ceil(n / 1000);
    prices[cadence] = String(sats);
  }
  const title = tier.event.tags.find((t) => t[0] === 'title')?.[1] ?? tier.title;
  return { title, description: tier.description, prices, perks: [...tier.perks] };
}

/**
 * A new tier's `d`: its title as a slug plus a random suffix, so a tier made again after a
 * deletion (NIP-09 by `a` tag removes every version up to the deletion) never reuses an address.
 */
export function newTierIdentifier(title: string, random: () => number = Math.random): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return slug ? `${slug}-${suffix}` : `tier-${suffix}`;
}

/** A `created_at` after `previous` (unix seconds), so a quick edit still replaces it. */
function after(previous: SignedEvent | null | undefined, nowMs: number): number {
  return Math.max(Math.floor(nowMs / 1000), (previous?.created_at ?? 0) + 1);
}

/**
 * A tier (kind 37001) as the reference client 2.0.11 reads it: the description as content,
 * `d`, `title`, an `amount` tag `[msats, 'msats', cadence]` per typed price and a `perk` tag per
 * non-empty perk. Editing (`previous`), its `d` stays and the tags the editor does not own (zap
 * splits, dollar prices, other cadences, images) are kept; `created_at` comes after it. Call
 * with a draft `validateTierDraft` accepted.
 */
export function tierTemplate(
  draft: TierDraft,
  d: string,
  previous?: SignedEvent | null,
  nowMs = Date.now(),
): EventTemplate {
  const kept = (previous?.tags ?? []).filter(
    (t) => !['d', 'title', 'perk'].includes(t[0] ?? '') && !editable(t),
  );
  const amounts: string[][] = [];
  for (const cadence of tierCadences) {
    const sats = draft.prices[cadence].trim() ? parseTierSats(draft.prices[cadence]) : null;
    if (typeof sats === 'number') amounts.push(['amount', String(sats * 1000), 'msats', cadence]);
  }
  const keptAmounts = kept.filter((t) => t[0] === 'amount');
  return {
    kind: tierKinds.tier,
    created_at: after(previous, nowMs),
    content: draft.description.trim(),
    tags: [
      ['d', d],
      ['title', draft.title.trim()],
      ...amounts,
      ...keptAmounts,
      ...draft.perks
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => ['perk', p]),
      ...kept.filter((t) => t[0] !== 'amount'),
    ],
  };
}

/**
 * The creator's tier list (kind 17000) after a change: every tier it names, by `a` tag
 * (`37001:<pubkey>:<d>`, so the server always answers with a tier's newest version, where an `e`
 * tag would pin the version it names), in the list's order, then the shown tiers it did not name
 * (without a list the server shows them all), then `add`; `remove` left out. Tags it cannot map
 * to a shown tier are kept. Null when the list would not change.
 */
export function tierListTemplate(
  current: CreatorTiers,
  change: { add?: string; remove?: string },
  nowMs = Date.now(),
): EventTemplate | null {
  const byId = new Map(current.tiers.map((t) => [t.id, t.address]));
  const tags: string[][] = [];
  const named = new Set<string>();
  const name = (address: string) => {
    if (address === change.remove || named.has(address)) return;
    named.add(address);
    tags.push(['a', address]);
  };
  for (const t of current.list?.tags ?? []) {
    const address =
      t[0] === 'e'
        ? byId.get(t[1] ?? '')
        : t[0] === 'a' && (t[1] ?? '').startsWith(`${tierKinds.tier}:`)
          ? t[1]
          : undefined;
    if (address === undefined) tags.push([...t]);
    else name(address);
  }
  for (const tier of current.tiers) name(tier.address);
  if (change.add) name(change.add);
  const before = JSON.stringify(current.list?.tags ?? null);
  if (current.list && JSON.stringify(tags) === before) return null;
  return {
    kind: tierKinds.tierList,
    created_at: after(current.list, nowMs),
    content: current.list?.content ?? '',
    tags,
  };
}

/**
 * The creator's tier list and tiers as `creator_paid_tiers` answers (the list, then the tiers
 * it names in its order, each at its newest version when named by `a`).
 */
export async function loadCreatorTiers(
  api: CacheApi,
  pubkey: string,
  options?: RequestOptions,
): Promise<CreatorTiers> {
  const { events } = await api.connection.request('creator_paid_tiers', { pubkey }, options);
  let list: SignedEvent | null = null;
  const tiers: AuthorTier[] = [];
  for (const e of events as SignedEvent[]) {
    if (e.pubkey !== pubkey) continue;
    if (e.kind === tierKinds.tierList) list = e;
    const tier = parseTier(e);
    if (tier) tiers.push(tier);
  }
  return { list, tiers };
}
