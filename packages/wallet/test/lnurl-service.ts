import { sha256 } from '@noble/hashes/sha2.js';
import { encodeBolt11, encodeLnurl, type FetchLike } from '../src/index.ts';

const utf8 = new TextEncoder();
const nodeKey = new Uint8Array(32).fill(11);

export const SERVICE_PUBKEY = 'e'.repeat(64);

export interface ServiceBehaviour {
  /** Extra or replaced LNURL-pay fields. */
  params?: Record<string, unknown>;
  /** The invoice amount for a requested one (default: the same). */
  invoiceAmount?: (requestedMsat: number) => number;
  /** What the description hash commits to (default: the `nostr` parameter as received). */
  descriptionFor?: (nostr: string) => string;
  /** Invoice timestamp (default now) and expiry. */
  timestamp?: number;
  expirySeconds?: number;
  /** Answer the callback with this body instead. */
  callbackBody?: unknown;
}

/**
 * A third-party LNURL-pay service with NIP-57 (for `name@pay.example`), answering through an
 * injected `fetch`: it stands in for the services of other people, which tests cannot reach.
 * Records every URL asked for.
 */
export function lnurlService(behaviour: ServiceBehaviour = {}): FetchLike & { calls: string[] } {
  const calls: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetchLike = async (input: string) => {
    calls.push(input);
    const url = new URL(input);
    if (url.host !== 'pay.example') throw new TypeError('fetch failed');
    const name = /^\/\.well-known\/lnurlp\/([a-z0-9._-]+)$/.exec(url.pathname)?.[1];
    if (name) {
      return json({
        tag: 'payRequest',
        callback: `https://pay.example/callback/${name}`,
        minSendable: 1000,
        maxSendable: 1_000_000_000,
        metadata: JSON.stringify([['text/plain', `Zap ${name}`]]),
        commentAllowed: 100,
        allowsNostr: true,
        nostrPubkey: SERVICE_PUBKEY,
        ...behaviour.params,
      });
    }
    if (url.pathname.startsWith('/callback/')) {
      if (behaviour.callbackBody !== undefined) return json(behaviour.callbackBody, 400);
      const amount = Number(url.searchParams.get('amount'));
      const nostr = url.searchParams.get('nostr') ?? '';
      const description = behaviour.descriptionFor?.(nostr) ?? nostr;
      const pr = encodeBolt11(
        {
          amountMsat: behaviour.invoiceAmount?.(amount) ?? amount,
          timestamp: behaviour.timestamp ?? Math.floor(Date.now() / 1000),
          paymentHash: sha256(utf8.encode(`${amount}:${nostr}`)),
          descriptionHash: sha256(utf8.encode(description)),
          expirySeconds: behaviour.expirySeconds ?? 3600,
        },
        nodeKey,
      );
      return json({ pr, routes: [] });
    }
    return json({ status: 'ERROR', reason: 'Not found' }, 404);
  };
  return Object.assign(fetchLike, { calls });
}

/** bech32 LNURL of a name at the service (lud06). */
export const lud06Of = (name: string) =>
  encodeLnurl(`https://pay.example/.well-known/lnurlp/${name}`);
