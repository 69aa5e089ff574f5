import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './address-class.ts';
import { inAddressList, parseAddress, type AddressList } from './address-list.ts';

/** Resolves a host name to all its addresses (the system resolver unless a test injects one). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** A fetch the guard refuses; `message` is safe to show to the client. */
export class FetchRefused extends Error {}

/** A checked destination: the URL and the one address the connection must go to. */
export interface FetchTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export interface FetchGuardOptions {
  /** SWELL_ALLOW_PRIVATE_FETCH: false (public addresses only), true, or these ranges too. */
  allowPrivate: boolean | AddressList;
  resolver?: Resolver;
}

/**
 * The one gate of every outbound connection made for a client (link previews, the media cache,
 * `broadcast_events`): the URL's scheme and form are checked, its host is resolved ONCE, every
 * address of the answer must be allowed (public unicast, see `isPublicAddress`, unless the
 * configuration allows private ones), and the connection is then made to that checked address
 * (`lookupFor`), so a second DNS answer (rebinding) is never consulted. Callers check each
 * redirect hop again.
 */
export class FetchGuard {
  private readonly allowPrivate: boolean | AddressList;
  private readonly resolver: Resolver;
  /** Targets refused (diagnostics and tests). */
  refused = 0;

  constructor(opts: FetchGuardOptions) {
    this.allowPrivate = opts.allowPrivate;
    this.resolver = opts.resolver ?? systemResolver;
  }

  /** Whether the configuration lets any non-public address through (for some clients). */
  get privateAllowed(): boolean {
    return this.allowPrivate !== false;
  }

  /**
   * Whether the connection may go to this address; `privateOk` false: public addresses only,
   * whatever the configuration (a client on a foreign browser origin, see `mayFetchPrivate`).
   */
  allows(address: string, privateOk = true): boolean {
    if (isPublicAddress(address)) return true;
    if (!privateOk || this.allowPrivate === false) return false;
    if (this.allowPrivate === true) return parseAddress(address) !== undefined;
    return inAddressList(this.allowPrivate, address);
  }

  private refuse(message: string): never {
    this.refused++;
    throw new FetchRefused(message);
  }

  /**
   * Parses and checks a URL, resolves its host once, and gives the address to connect to.
   * `privateOk` false refuses non-public addresses even where the configuration allows them.
   */
  async target(
    raw: string | URL,
    protocols: readonly string[],
    privateOk = true,
  ): Promise<FetchTarget> {
    let url: URL;
    try {
      url = typeof raw === 'string' ? new URL(raw) : raw;
    } catch {
      throw new FetchRefused('invalid url');
    }
    if (!protocols.includes(url.protocol)) throw new FetchRefused('unsupported url scheme');
    if (url.username || url.password) throw new FetchRefused('credentials in url are not allowed');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === '') throw new FetchRefused('invalid url');
    const literal = parseAddress(host);
    let answers: Array<{ address: string; family: number }>;
    if (literal) {
      answers = [{ address: host, family: literal.kind() === 'ipv4' ? 4 : 6 }];
    } else if (/(^|\.)localhost\.?$/i.test(host)) {
      // Names that are this machine by definition (RFC 6761) never reach the resolver.
      answers = [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    } else {
      try {
        answers = await this.resolver(host);
      } catch {
        throw new Error('host not found');
      }
    }
    if (answers.length === 0) throw new Error('host not found');
    // Every answer must pass: a mixed answer is how rebinding services hedge.
    for (const a of answers)
      if (!this.allows(a.address, privateOk)) this.refuse('private address refused');
    const first = answers[0]!;
    const parsed = parseAddress(first.address)!;
    return {
      url,
      address: parsed.toString(),
      family: parsed.kind() === 'ipv4' ? 4 : 6,
    };
  }

  /** A `lookup` for http/https/ws that answers only the checked address, whatever is asked. */
  static lookupFor(target: FetchTarget): LookupFunction {
    return ((_host: string, options: { all?: boolean }, callback: unknown) => {
      const cb = (typeof options === 'function' ? options : callback) as (
        err: Error | null,
        address: string | Array<{ address: string; family: number }>,
        family?: number,
      ) => void;
      const all = typeof options === 'object' && options !== null && options.all === true;
      if (all) cb(null, [{ address: target.address, family: target.family }]);
      else cb(null, target.address, target.family);
    }) as LookupFunction;
  }
}
