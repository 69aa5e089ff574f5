import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  LEGEND_MIN_USD,
  MEMBERSHIP_PRODUCTS,
  membershipNameProblem,
  productPriceUsd,
  uploadLimitBytes,
  type LegendCustomization,
  type LegendCustomizationSettings,
  type MembershipCohort,
  type MembershipProductId,
  type MembershipStatus,
  type MembershipTier,
  type NameAvailability,
} from '@swell/cache-protocol';
import { NameError, normaliseName, type NameRegistry } from '../names/name-registry.ts';
import type { Store } from '../store/store.ts';
import { NO_UPLOADS, type MemberMediaLibrary } from './media-library.ts';
import { activeTier, cohortOf, Members, type MemberRecord } from './members.ts';
import { membershipDb } from './membership-tables.ts';
import {
  PAYMENTS_NOT_CONFIGURED,
  type PaidInvoice,
  type PaymentProvider,
} from './payment-provider.ts';
import { NameHolds } from './name-holds.ts';
import { Purchases, type GiveName, type Quote } from './purchases.ts';
import { isReservedName } from './reserved-names.ts';

/** How long a purchase invoice can be paid (and the name it wants is held). */
export const QUOTE_EXPIRY_SECONDS = 3600;
/** How long a rename holds its new name while it is being registered. */
const RENAME_HOLD_SECONDS = 60;
/** Quotes between two sweeps of ended holds. */
const HOLD_SWEEP_EVERY = 100;
/** Largest legend donation accepted in one invoice (US dollars). */
export const LEGEND_MAX_USD = 1_000_000;

/** A refusal the membership socket reports as NOTICE with this text. */
export class MembershipError extends Error {}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** "2026-11-28T14:05:00Z": a hold's end as a refusal says it. */
const isoTime = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The refusal of a name held by another buyer's purchase. */
export function nameHeldNotice(until: number): string {
  return `name unavailable (held for another purchase until ${isoTime(until)})`;
}

/**
 * Membership (spec sections 4, 6 and 9): members and their tiers, purchases paid over
 * lightning, names in the NIP-05 registry, legend customization, and what other parts of the
 * server read (enrichment's 10000168/10000169, the upload limit of a user). The socket
 * `/wallet/v1` (wallet/) and the backup download (http/content-backup.ts) use it.
 */
export class MembershipService {
  readonly members: Members;
  readonly purchases: Purchases;
  /** Names held for open purchases (one at a time). */
  readonly holds: NameHolds;
  private readonly names: NameRegistry;
  private readonly log: FastifyBaseLogger;
  private readonly clock: () => number;
  private payments: PaymentProvider | undefined;
  private media: MemberMediaLibrary = NO_UPLOADS;
  private readonly completed = new Set<(quote: Quote) => void>();
  private quotes = 0;

  constructor(deps: {
    store: Pick<Store, 'db' | 'dialect'>;
    names: NameRegistry;
    log: FastifyBaseLogger;
    clock?: () => number;
  }) {
    const db = membershipDb(deps.store.db);
    this.members = new Members(db);
    this.purchases = new Purchases(db, this.members);
    this.holds = new NameHolds(db, deps.store.dialect);
    this.names = deps.names;
    this.log = deps.log;
    this.clock = deps.clock ?? nowSeconds;
  }

  // ---- what plugs in -----------------------------------------------------------------------

  /** Lightning for purchases (the devnet's ledger, or a real node). */
  usePayments(provider: PaymentProvider): void {
    this.payments = provider;
    provider.onPaid((paid) => this.onPaid(paid));
  }

  get paymentProvider(): PaymentProvider | undefined {
    return this.payments;
  }

  /** The uploads of members (the uploads code provides it). */
  useMediaLibrary(library: MemberMediaLibrary): void {
    this.media = library;
  }

  get mediaLibrary(): MemberMediaLibrary {
    return this.media;
  }

  // ---- reads ---------------------------------------------------------------------------------

  async tierOf(pubkey: string, now = this.clock()): Promise<MembershipTier> {
    return activeTier(await this.members.get(pubkey), now);
  }

  /** The largest file `pubkey` may upload, in bytes (100 MB regular, 1 GB premium and legend). */
  async uploadLimitBytes(pubkey: string): Promise<number> {
    return uploadLimitBytes(await this.tierOf(pubkey));
  }

  /** `membership_status` of `pubkey`; undefined when they never were a member. */
  async status(
    pubkey: string,
    host: string,
    now = this.clock(),
  ): Promise<MembershipStatus | undefined> {
    const m = await this.members.get(pubkey);
    if (!m) return undefined;
    const [name, media] = await Promise.all([this.names.nameOf(pubkey), this.media.stats(pubkey)]);
    const address = name ? `${name}@${host}` : '';
    return {
      pubkey,
      tier: activeTier(m, now),
      name: name ?? '',
      nostr_address: address,
      lightning_address: this.payments?.servesLightningAddresses ? address : '',
      used_storage: media.image + media.video + media.other,
      expires_on: m.tier === 'premium-legend' ? null : m.expiresOn,
      cohort_1: m.cohort1,
      cohort_2: m.cohort2,
      premium_since: m.premiumSince,
      legend_since: m.legendSince,
      recurring: false,
      renews_on: null,
    };
  }

  /**
   * Enrichment for a page (cache-protocol.md section 3): tier and cohort (10000169) of each
   * active member among `pubkeys`, and the customization (10000168) of each legend.
   */
  async pageExtras(
    pubkeys: readonly string[],
    now = this.clock(),
  ): Promise<{
    cohorts: Record<string, MembershipCohort>;
    legends: Record<string, LegendCustomization>;
  }> {
    const cohorts: Record<string, MembershipCohort> = {};
    const legends: Record<string, LegendCustomization> = {};
    if (pubkeys.length === 0) return { cohorts, legends };
    for (const [pubkey, m] of await this.members.getMany(pubkeys)) {
      if (activeTier(m, now) === 'none') continue;
      cohorts[pubkey] = cohortOf(m, now);
      if (m.tier === 'premium-legend') legends[pubkey] = { ...m.legend };
    }
    return { cohorts, legends };
  }

  /**
   * Whether `name` can be had by `pubkey` (when given): at least 3 characters of a-z, 0-9,
   * '.', '_' or '-', not reserved, not held by someone else in the registry, not held for
   * someone else's open purchase (reason `held`, with `held_until`). A name `pubkey` holds
   * already is available to them.
   */
  async nameAvailability(
    name: string,
    pubkey?: string,
    now = this.clock(),
  ): Promise<NameAvailability> {
    const problem = membershipNameProblem(name);
    const n = normaliseName(name);
    if (problem || !n) return { available: false, reason: problem ?? 'invalid' };
    if (isReservedName(n)) return { available: false, reason: 'reserved', name: n };
    const holder = await this.names.lookup(n);
    if (holder && holder !== pubkey) return { available: false, reason: 'taken', name: n };
    const hold = await this.holds.current(n, now);
    if (hold && hold.receiver !== pubkey)
      return { available: false, reason: 'held', name: n, held_until: hold.expiresAt };
    return { available: true, name: n };
  }

  // ---- purchases -----------------------------------------------------------------------------

  /** US dollars per bitcoin, from the payment provider. */
  async usdPerBtc(): Promise<number> {
    const p = this.requirePayments();
    const rate = await p.usdPerBtc();
    if (!(Number.isFinite(rate) && rate > 0))
      throw new MembershipError('exchange rate unavailable');
    return rate;
  }

  /**
   * An invoice for `productId` bought by `payer` for `receiver`, priced at the provider's
   * exchange rate. `name` is the name the receiver gets on payment ('' keeps theirs); a
   * receiver without a name must choose one. The name is held for this quote until its invoice
   * expires (NameHolds: one open quote per name, decided by the database); a buyer who comes
   * second is refused with `nameHeldNotice`.
   */
  async quote(req: {
    payer: string;
    receiver: string;
    productId: MembershipProductId;
    name: string;
    legendUsd?: number;
  }): Promise<Quote> {
    const payments = this.requirePayments();
    const now = this.clock();
    const product = MEMBERSHIP_PRODUCTS[req.productId];
    let usd = productPriceUsd(req.productId);
    if (product.tier === 'premium-legend') {
      const wanted = req.legendUsd ?? LEGEND_MIN_USD;
      if (!Number.isFinite(wanted) || wanted < LEGEND_MIN_USD)
        throw new MembershipError(`a legend donation is at least $${LEGEND_MIN_USD}`);
      if (wanted > LEGEND_MAX_USD)
        throw new MembershipError(`a legend donation is at most $${LEGEND_MAX_USD} at once`);
      usd = wanted;
    }
    const current = await this.names.nameOf(req.receiver);
    let name = '';
    if (req.name.trim() !== '') {
      const check = await this.nameAvailability(req.name, req.receiver, now);
      if (check.reason === 'held') throw new MembershipError(nameHeldNotice(check.held_until!));
      if (!check.available) throw new MembershipError(`name unavailable (${check.reason})`);
      name = check.name!;
    } else if (!current) {
      throw new MembershipError('choose a name first');
    }
    const usdCents = Math.round(usd * 100);
    const rate = await this.usdPerBtc();
    const amountMsat = Math.max(1000, Math.round((usdCents / 100 / rate) * 1e11));
    const id = randomBytes(16).toString('hex');
    let expiresAt = now + QUOTE_EXPIRY_SECONDS;
    if (++this.quotes % HOLD_SWEEP_EVERY === 0) await this.holds.sweep(now);
    if (name) {
      const hold = await this.holds.take(name, req.receiver, id, expiresAt, now);
      if (!hold.held) throw new MembershipError(nameHeldNotice(hold.until));
      // registered meanwhile (a rename finishing as this quote took the hold)
      const holder = await this.names.lookup(name);
      if (holder && holder !== req.receiver) {
        await this.holds.release(name, id);
        throw new MembershipError('name unavailable (taken)');
      }
    }
    try {
      const invoice = await payments.createInvoice({
        amountMsat,
        description: `Swell ${MEMBERSHIP_PRODUCTS[req.productId].label}${name ? ` for ${name}` : ''}`,
        expirySeconds: QUOTE_EXPIRY_SECONDS,
      });
      if (invoice.expiresAt < expiresAt) {
        expiresAt = invoice.expiresAt;
        if (name) await this.holds.setExpiry(name, id, expiresAt);
      }
      return await this.purchases.create({
        id,
        payer: req.payer,
        receiver: req.receiver,
        productId: req.productId,
        name,
        amountUsdCents: usdCents,
        amountMsat,
        bolt11: invoice.bolt11,
        paymentHash: invoice.paymentHash,
        createdAt: now,
        expiresAt,
      });
    } catch (err) {
      if (name) await this.holds.release(name, id).catch(() => undefined);
      throw err;
    }
  }

  /** Tells `listener` about each purchase completed in this process; returns the unsubscribe. */
  onCompleted(listener: (quote: Quote) => void): () => void {
    this.completed.add(listener);
    return () => this.completed.delete(listener);
  }

  /**
   * Completes `quote` if its invoice was paid but the notice never arrived (a restart, another
   * instance): asks the provider. Returns the quote as it stands afterwards.
   */
  async catchUp(quote: Quote): Promise<Quote> {
    if (quote.completedAt !== null || !this.payments) return quote;
    const state = await this.payments.invoiceStatus(quote.paymentHash);
    if (state !== 'paid') return quote;
    await this.onPaid({
      paymentHash: quote.paymentHash,
      paidAt: this.clock(),
      amountMsat: quote.amountMsat,
    });
    return (await this.purchases.byId(quote.id)) ?? quote;
  }

  private async onPaid(paid: PaidInvoice): Promise<void> {
    let quote: Quote | undefined;
    try {
      quote = await this.purchases.complete(paid.paymentHash, paid.paidAt, this.giveName, (err) =>
        this.log.warn({ err, paymentHash: paid.paymentHash }, 'paid membership name not given'),
      );
      if (!quote) return; // not a membership invoice, or done already
      if (quote.nameUnavailable)
        this.log.warn(
          { receiver: quote.receiver, name: quote.name, quote: quote.id },
          'paid membership name was taken meanwhile: membership given without it (free rename)',
        );
    } catch (err) {
      this.log.error({ err, paymentHash: paid.paymentHash }, 'membership payment not applied');
      return;
    }
    for (const listener of this.completed) {
      try {
        listener(quote);
      } catch (err) {
        this.log.warn({ err }, 'membership completion listener failed');
      }
    }
  }

  /**
   * Inside the completing transaction: gives a paid quote's name to its receiver unless it went
   * to someone else meanwhile, i.e. another receiver's hold is running (this quote's expired and
   * another buyer took it) or the registry gives it to someone else. The hold is locked for the
   * transaction, then released: the registry has the name now.
   */
  private readonly giveName: GiveName = async (tx, q) => {
    const hold = await this.holds.lockIn(tx, q.name);
    if (hold && hold.receiver !== q.receiver && hold.expiresAt > this.clock()) return false;
    const given = await this.names.giveIn(tx as never, q.name, q.receiver);
    if (given) await this.holds.releaseIn(tx, q.name, q.receiver);
    return given;
  };

  // ---- member changes ------------------------------------------------------------------------

  /**
   * Renames an active member (free: also how a member whose paid name was taken meanwhile gets
   * another); the answer says whether the name was available. The new name is held while it is
   * registered, so a purchase cannot take it at the same moment.
   */
  async changeName(pubkey: string, name: string): Promise<NameAvailability> {
    await this.requireMember(pubkey);
    const now = this.clock();
    const check = await this.nameAvailability(name, pubkey, now);
    if (!check.available) return check;
    const n = check.name!;
    const holdId = `rename-${randomBytes(8).toString('hex')}`;
    const hold = await this.holds.take(n, pubkey, holdId, now + RENAME_HOLD_SECONDS, now);
    if (!hold.held) return { available: false, reason: 'held', name: n, held_until: hold.until };
    try {
      const current = await this.names.nameOf(pubkey);
      const rec = current
        ? await this.names.rename(pubkey, n)
        : await this.names.register(n, pubkey);
      return { available: true, name: rec.name };
    } catch (err) {
      if (err instanceof NameError && err.code === 'taken')
        return { available: false, reason: 'taken', name: n };
      throw err;
    } finally {
      await this.holds.release(n, holdId);
    }
  }

  async setLegendCustomization(pubkey: string, s: LegendCustomizationSettings): Promise<void> {
    const m = await this.requireMember(pubkey);
    if (m.tier !== 'premium-legend') throw new MembershipError('legend membership required');
    if (!(await this.members.setLegend(pubkey, s, this.clock())))
      throw new MembershipError('legend membership required');
  }

  /** The member record of an ACTIVE member; otherwise a MembershipError. */
  async requireMember(pubkey: string): Promise<MemberRecord> {
    const m = await this.members.get(pubkey);
    if (activeTier(m, this.clock()) === 'none') throw new MembershipError('membership required');
    return m!;
  }

  private requirePayments(): PaymentProvider {
    if (!this.payments) throw new MembershipError(PAYMENTS_NOT_CONFIGURED);
    return this.payments;
  }
}
