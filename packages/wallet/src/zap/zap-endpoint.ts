import {
  decodeLnurl,
  encodeLnurl,
  lightningAddressUrl,
  parseLightningAddress,
  parseLnurlPayParams,
  supportsZaps,
  type LnurlPayParams,
} from '../lnurl.ts';
import { fetchLnurlJson, type HttpOptions } from './fetch-json.ts';
import { ZAP_UNAVAILABLE, ZapError } from './zap-error.ts';

/** Where and how an author can be zapped: their LNURL-pay service, checked for NIP-57. */
export interface ZapEndpoint {
  /** The LNURL-pay URL the parameters came from. */
  url: string;
  /** That URL as a bech32 `lnurl1...` (the zap request's `lnurl` tag). */
  lnurl: string;
  /** The lightning address, when it came from lud16. */
  address?: string;
  params: LnurlPayParams;
  /** The key that signs this service's zap receipts (kind 9735). */
  nostrPubkey: string;
  minSendableMsat: number;
  maxSendableMsat: number;
  /** LUD-12 comment length for plain payments (0: none). Zap comments go in the request. */
  commentAllowed: number;
}

/** The profile fields a lookup reads (kind 0 content, or the parsed user). */
export interface LightningProfile {
  lud16?: unknown;
  lud06?: unknown;
}

function candidates(profile: LightningProfile): Array<{ url: string; address?: string }> {
  const out: Array<{ url: string; address?: string }> = [];
  if (typeof profile.lud16 === 'string' && parseLightningAddress(profile.lud16)) {
    out.push({ url: lightningAddressUrl(profile.lud16), address: profile.lud16.trim() });
  }
  if (typeof profile.lud06 === 'string' && profile.lud06.trim() !== '') {
    try {
      const url = decodeLnurl(profile.lud06);
      if (/^https?:\/\//i.test(url) && !out.some((c) => c.url === url)) out.push({ url });
    } catch {
      // not an LNURL: unusable
    }
  }
  return out;
}

/** Whether a profile names a lightning address or LNURL at all (before any lookup). */
export function hasLightningAddress(profile: LightningProfile): boolean {
  return candidates(profile).length > 0;
}

/**
 * Looks up where to zap an author: lud16 (LUD-16 lightning address) first, then lud06 (LUD-01
 * LNURL). The service must allow zaps (`allowsNostr` and a `nostrPubkey`, NIP-57).
 *
 * Throws `ZapError`: `zap_unavailable` (message: the spec's "zap unavailable for author") when
 * the profile has no usable lud or no service takes zaps; `lnurl_failed` when a service could
 * not be reached or answered with an error; `aborted`.
 */
export async function lookupZapEndpoint(
  profile: LightningProfile,
  options: HttpOptions = {},
): Promise<ZapEndpoint> {
  const found = candidates(profile);
  if (found.length === 0) throw new ZapError('zap_unavailable', ZAP_UNAVAILABLE);
  let failure: ZapError | undefined;
  for (const candidate of found) {
    let params: LnurlPayParams;
    try {
      params = parseLnurlPayParams(await fetchLnurlJson(candidate.url, options));
    } catch (err) {
      if (err instanceof ZapError && err.code === 'aborted') throw err;
      const message = err instanceof Error ? err.message : String(err);
      failure ??=
        err instanceof ZapError
          ? err
          : new ZapError('lnurl_failed', message, {
              cause: err,
              reason: message.replace(/^LNURL service error: /, ''),
            });
      continue;
    }
    if (!supportsZaps(params)) continue;
    const endpoint: ZapEndpoint = {
      url: candidate.url,
      lnurl: encodeLnurl(candidate.url).toLowerCase(),
      params,
      nostrPubkey: params.nostrPubkey!,
      minSendableMsat: params.minSendable,
      maxSendableMsat: params.maxSendable,
      commentAllowed: params.commentAllowed ?? 0,
    };
    if (candidate.address) endpoint.address = candidate.address;
    return endpoint;
  }
  throw failure ?? new ZapError('zap_unavailable', ZAP_UNAVAILABLE);
}
