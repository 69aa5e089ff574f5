import type { FastifyRequest } from 'fastify';
import { lnurlPayUrl, parseLnurlInvoice, parseLnurlPayParams } from '@swell/wallet';
import type { ServerContext } from '../context.ts';
import { normaliseName } from '../names/name-registry.ts';
import { FetchRefused } from '../net/fetch-guard.ts';
import { guardedGet } from '../net/outbound.ts';

/**
 * The LNURL-pay answer for `name@host` of a name this server does not forward (the devnet's
 * ledger answers every name); undefined: the name is not served.
 */
export type LightningFallback = (
  name: string,
  req: FastifyRequest,
) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;

/** Where a member's `name@host` goes: their own address, or why not. */
export type MemberAddress =
  { kind: 'own'; pubkey: string; url: string; address: string } | { kind: 'none'; reason: string };

const LIMITS = { timeoutMs: 8000, maxBytes: 64 * 1024, maxRedirects: 3 };
const LNURLP_PATH = /^\/\.well-known\/lnurlp\/([^/?#]+)$/;

/** An LNURL error answer (LUD-06). */
export const lnurlError = (reason: string) => ({ status: 'ERROR', reason });

/** Why forwarding failed; `message` is safe to show. */
export class ForwardError extends Error {}

/**
 * Members' lightning addresses: `name@host` of an active member is answered by forwarding to the
 * address in the member's own profile (kind 0 `lud16`, else `lud06`), so payments and zap
 * receipts come from the member's own wallet and the server never holds money. Every other name
 * goes to the fallback an extension installs (the devnet's ledger), else gets an LNURL error.
 * A member's own address wins over the fallback.
 */
export class LightningAddresses {
  private fallback: LightningFallback | undefined;
  private readonly ctx: Pick<
    ServerContext,
    'names' | 'membership' | 'profiles' | 'store' | 'outbound'
  >;

  constructor(
    ctx: Pick<ServerContext, 'names' | 'membership' | 'profiles' | 'store' | 'outbound'>,
  ) {
    this.ctx = ctx;
  }

  /** Answers the names not forwarded (the devnet installs its ledger here). */
  useFallback(fallback: LightningFallback): void {
    this.fallback = fallback;
  }

  get hasFallback(): boolean {
    return this.fallback !== undefined;
  }

  /** The fallback's answer for `name`, if it serves it. */
  async fallbackAnswer(
    name: string,
    req: FastifyRequest,
  ): Promise<Record<string, unknown> | undefined> {
    return this.fallback ? await this.fallback(name, req) : undefined;
  }

  /**
   * Where `name@host` is forwarded: the registered name's holder must be an active member whose
   * profile names a lightning address that does not lead back to a name of this server.
   */
  async memberAddress(rawName: string): Promise<MemberAddress> {
    const name = normaliseName(rawName);
    const pubkey = name ? await this.ctx.names.lookup(name) : undefined;
    if (!name || !pubkey) return { kind: 'none', reason: `no such name on this server` };
    if ((await this.ctx.membership.tierOf(pubkey)) === 'none')
      return { kind: 'none', reason: `${name} is not a member of this server` };
    return this.ownAddress(pubkey, name);
  }

  /** The lightning address in `pubkey`'s own profile, unless it leads back to this server. */
  async ownAddress(pubkey: string, name = ''): Promise<MemberAddress> {
    const none = { kind: 'none', reason: `${name || 'this member'} has no lightning address` };
    const profile = (await this.ctx.profiles.get(this.ctx.store.db, [pubkey])).get(pubkey);
    let fields: { lud16?: unknown; lud06?: unknown };
    try {
      fields = JSON.parse(profile?.content ?? '{}') as typeof fields;
    } catch {
      return none as MemberAddress;
    }
    if (typeof fields !== 'object' || fields === null) return none as MemberAddress;
    let url: string | undefined;
    try {
      url = lnurlPayUrl(fields);
    } catch {
      url = undefined;
    }
    if (!url) return none as MemberAddress;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return none as MemberAddress;
    }
    // An address on this server that is one of its names (their `name@host` itself, say) would
    // come back here: only other paths of this server (the devnet's wallets) are followed.
    if (this.ctx.outbound.own.has(parsed)) {
      const m = LNURLP_PATH.exec(parsed.pathname);
      const target = m ? normaliseName(decodeURIComponent(m[1]!)) : undefined;
      if (!m || (target && (await this.ctx.names.lookup(target)))) return none as MemberAddress;
    }
    const address =
      typeof fields.lud16 === 'string' && fields.lud16.includes('@')
        ? fields.lud16.trim()
        : parsed.host;
    return { kind: 'own', pubkey, url, address };
  }

  /** The member's service's pay parameters (LUD-06), fetched through the outbound guard. */
  async payParams(target: { url: string; address: string }, privateOk: boolean) {
    const json = await this.getJson(target.url, privateOk, target.address);
    try {
      return { json: json as Record<string, unknown>, params: parseLnurlPayParams(json) };
    } catch (err) {
      throw new ForwardError(`${target.address} answered: ${(err as Error).message}`);
    }
  }

  /** An invoice of the member's service for `query` (amount, nostr, comment), unchanged. */
  async invoice(
    target: { url: string; address: string },
    query: { amount: string; nostr?: string; comment?: string },
    privateOk: boolean,
  ): Promise<Record<string, unknown>> {
    const { params } = await this.payParams(target, privateOk);
    const callback = new URL(params.callback);
    callback.searchParams.set('amount', query.amount);
    if (query.nostr !== undefined) callback.searchParams.set('nostr', query.nostr);
    if (query.comment !== undefined) callback.searchParams.set('comment', query.comment);
    const json = await this.getJson(callback.toString(), privateOk, target.address);
    try {
      parseLnurlInvoice(json);
    } catch (err) {
      throw new ForwardError(`${target.address} answered: ${(err as Error).message}`);
    }
    return json as Record<string, unknown>;
  }

  private async getJson(url: string, privateOk: boolean, address: string): Promise<unknown> {
    let body: Buffer;
    try {
      ({ body } = await guardedGet(this.ctx.outbound, url, LIMITS, 'application/json', {
        privateOk,
      }));
    } catch (err) {
      const why = err instanceof FetchRefused ? err.message : (err as Error).message;
      throw new ForwardError(`${address} could not be reached (${why})`);
    }
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new ForwardError(`${address} answered something that is not JSON`);
    }
  }
}
