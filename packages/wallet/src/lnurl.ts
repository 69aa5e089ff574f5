import { bech32 } from '@scure/base';

/** The LNURL-pay parameters a service answers with (LUD-06, LUD-12 comments, NIP-57 zaps). */
export interface LnurlPayParams {
  tag: 'payRequest';
  callback: string;
  minSendable: number;
  maxSendable: number;
  metadata: string;
  commentAllowed?: number;
  allowsNostr?: boolean;
  /** The hex key that signs zap receipts for this service (NIP-57). */
  nostrPubkey?: string;
}

const NAME = /^[a-z0-9._+-]+$/;
const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** Hosts reached over plain http: loopback, private `.local`/`.localhost` names and onion services. */
export function isPlainHttpHost(host: string): boolean {
  const hostname = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname.endsWith('.local') ||
    hostname.endsWith('.onion') ||
    hostname === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    /^10\.\d+\.\d+\.\d+$/.test(hostname) ||
    /^192\.168\.\d+\.\d+$/.test(hostname)
  );
}

/** Splits a lightning address (`name@domain`, LUD-16); undefined when it is not one. */
export function parseLightningAddress(
  address: string,
): { name: string; domain: string } | undefined {
  const at = address.trim().lastIndexOf('@');
  if (at <= 0) return undefined;
  const name = address.trim().slice(0, at).toLowerCase();
  const domain = address
    .trim()
    .slice(at + 1)
    .toLowerCase();
  if (!NAME.test(name) || !/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/.test(domain)) {
    return undefined;
  }
  return { name, domain };
}

/**
 * The LNURL-pay URL of a lightning address: `https://domain/.well-known/lnurlp/name`
 * (http for loopback, `.local` and onion hosts, where the devnet lives).
 */
export function lightningAddressUrl(address: string): string {
  const parsed = parseLightningAddress(address);
  if (!parsed) throw new Error(`not a lightning address: ${address}`);
  const scheme = isPlainHttpHost(parsed.domain) ? 'http' : 'https';
  return `${scheme}://${parsed.domain}/.well-known/lnurlp/${encodeURIComponent(parsed.name)}`;
}

/** Decodes a bech32 `lnurl1...` (LUD-01, lud06) into its URL. */
export function decodeLnurl(lnurl: string): string {
  const text = lnurl
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase();
  if (!text.startsWith('lnurl1')) throw new Error('not an LNURL');
  const { words } = bech32.decode(text as `lnurl1${string}`, false);
  return utf8Decoder.decode(bech32.fromWords(words));
}

/** Encodes a URL as a bech32 `LNURL1...` string (upper case, as LUD-01 suggests for QR codes). */
export function encodeLnurl(url: string): string {
  return bech32.encode('lnurl', bech32.toWords(utf8.encode(url)), false).toUpperCase();
}

/** The LNURL-pay URL behind a profile's lud16 or lud06, lud16 first; undefined when neither. */
export function lnurlPayUrl(profile: { lud16?: unknown; lud06?: unknown }): string | undefined {
  if (typeof profile.lud16 === 'string' && parseLightningAddress(profile.lud16)) {
    return lightningAddressUrl(profile.lud16);
  }
  if (typeof profile.lud06 === 'string') {
    try {
      return decodeLnurl(profile.lud06);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Checks an LNURL-pay response; throws with the service's reason or what is missing. */
export function parseLnurlPayParams(json: unknown): LnurlPayParams {
  if (typeof json !== 'object' || json === null) throw new Error('LNURL response is not an object');
  const r = json as Record<string, unknown>;
  if (r.status === 'ERROR')
    throw new Error(`LNURL service error: ${String(r.reason ?? 'unknown')}`);
  if (r.tag !== 'payRequest') throw new Error('LNURL response is not a payRequest');
  if (typeof r.callback !== 'string' || !/^https?:\/\//.test(r.callback)) {
    throw new Error('LNURL response has no valid callback');
  }
  const min = Number(r.minSendable);
  const max = Number(r.maxSendable);
  if (!Number.isFinite(min) || !Number.isFinite(max) || min <= 0 || max < min) {
    throw new Error('LNURL response has invalid sendable limits');
  }
  if (typeof r.metadata !== 'string') throw new Error('LNURL response has no metadata');
  const params: LnurlPayParams = {
    tag: 'payRequest',
    callback: r.callback,
    minSendable: min,
    maxSendable: max,
    metadata: r.metadata,
  };
  if (typeof r.commentAllowed === 'number') params.commentAllowed = r.commentAllowed;
  if (r.allowsNostr === true) params.allowsNostr = true;
  if (typeof r.nostrPubkey === 'string' && /^[0-9a-f]{64}$/.test(r.nostrPubkey)) {
    params.nostrPubkey = r.nostrPubkey;
  }
  return params;
}

/** Whether the service accepts zaps (NIP-57): `allowsNostr` and a valid `nostrPubkey`. */
export function supportsZaps(params: LnurlPayParams): boolean {
  return params.allowsNostr === true && params.nostrPubkey !== undefined;
}

/** The callback URL that asks for an invoice (`amount` in msat, optional zap request and comment). */
export function lnurlCallbackUrl(
  params: LnurlPayParams,
  request: { amountMsat: number; zapRequest?: unknown; comment?: string },
): string {
  if (!Number.isInteger(request.amountMsat)) throw new Error('amount must be whole millisats');
  if (request.amountMsat < params.minSendable || request.amountMsat > params.maxSendable) {
    throw new Error(
      `amount must be between ${params.minSendable} and ${params.maxSendable} millisats`,
    );
  }
  const url = new URL(params.callback);
  url.searchParams.set('amount', String(request.amountMsat));
  if (request.zapRequest !== undefined)
    url.searchParams.set('nostr', JSON.stringify(request.zapRequest));
  if (request.comment && (params.commentAllowed ?? 0) > 0) {
    url.searchParams.set('comment', request.comment.slice(0, params.commentAllowed));
  }
  return url.toString();
}

/** Reads the `pr` invoice out of a callback response; throws with the service's reason. */
export function parseLnurlInvoice(json: unknown): { pr: string } {
  if (typeof json !== 'object' || json === null)
    throw new Error('LNURL callback response is not an object');
  const r = json as Record<string, unknown>;
  if (r.status === 'ERROR')
    throw new Error(`LNURL service error: ${String(r.reason ?? 'unknown')}`);
  if (typeof r.pr !== 'string' || !/^ln/i.test(r.pr))
    throw new Error('LNURL callback returned no invoice');
  return { pr: r.pr };
}
