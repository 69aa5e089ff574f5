import type { UploadOptions } from '@swell/client/uploads';
import { swell } from '@/data/client.ts';
import { membershipStore, refreshMembership, tierOfState } from '@/features/premium/membership.ts';
import { uploadRoute } from '@/features/uploads/upload-route.ts';

/**
 * What every upload of the signed-in user needs: who signs, where to (Blossom servers, or the
 * caching service's chunked upload when the user chose it), and the size limit's tier.
 */
export type UploadSetup = Pick<
  UploadOptions,
  'sign' | 'pubkey' | 'servers' | 'tier' | 'via' | 'cache'
>;

const TIER_TIMEOUT_MS = 6000;
const SERVERS_TIMEOUT_MS = 3000;

/** Our server (the one serving the cache socket): `ws(s)://host/v1` -> `http(s)://host`. */
export function ownUploadServer(cacheUrl: string): string {
  const u = new URL(cacheUrl);
  const scheme = u.protocol === 'wss:' ? 'https:' : u.protocol === 'ws:' ? 'http:' : u.protocol;
  return `${scheme}//${u.host}`;
}

const withTimeout = <T>(p: Promise<T>, ms: number, fallback: T): Promise<T> =>
  Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), ms))]);

const serverLists = new Map<string, Promise<string[]>>();

/**
 * The user's membership tier (spec section 5: 100 MB a file for regular users, 1 GB for
 * premium and legend members): the app's membership state (asked on login, asked again after a
 * purchase), so a file attached right after buying Premium gets the member's limit. When it
 * cannot be learnt the regular limit applies (and it is asked again next time).
 */
async function membershipTier(pubkey: string): Promise<string> {
  const known = membershipStore.get();
  let tier: string;
  if (known.pubkey === pubkey && known.loaded && !known.failed) {
    tier = tierOfState(known);
  } else {
    const asked = refreshMembership().then(
      (status) => status?.tier ?? 'none',
      () => 'none',
    );
    tier = await withTimeout(asked, TIER_TIMEOUT_MS, 'none');
  }
  return tier === 'none' ? 'regular' : tier;
}

/**
 * The user's Blossom servers (their kind 10063 list, read from their relays), else our server.
 */
function blossomServers(pubkey: string, own: string): Promise<string[]> {
  let p = serverLists.get(pubkey);
  if (!p) {
    p = (async () => {
      const { uploadServers, BLOSSOM_SERVER_LIST_KIND } = await import('@swell/client/uploads');
      // The user's relays applied first: a pool still on none answers "no list" at once, and
      // that answer is kept for the session.
      const [pool] = await Promise.all([
        swell().loadRelays(),
        swell()
          .connectRelays()
          .catch(() => undefined),
      ]);
      const events = await pool.query(
        [{ kinds: [BLOSSOM_SERVER_LIST_KIND], authors: [pubkey], limit: 1 }],
        { eoseTimeoutMs: SERVERS_TIMEOUT_MS },
      );
      const newest = events.sort((a, b) => b.created_at - a.created_at)[0];
      return uploadServers(newest, own);
    })();
    serverLists.set(pubkey, p);
    p.catch(() => serverLists.delete(pubkey));
  }
  return p.catch(() => [own]);
}

/**
 * Resolves the upload setup of the signed-in user; null when nobody can sign. `ownServerOnly`:
 * to this server whatever the user's Blossom list says (the media page manages this server's files).
 */
export async function uploadSetup({ ownServerOnly = false } = {}): Promise<UploadSetup | null> {
  const client = swell();
  const signer = client.session.signer;
  const pubkey = client.session.pubkey;
  if (!signer || !pubkey) return null;
  const own = ownUploadServer(client.cache.getSnapshot().url);
  const [tier, servers] = await Promise.all([
    membershipTier(pubkey),
    ownServerOnly ? [own] : blossomServers(pubkey, own),
  ]);
  const via = uploadRoute(pubkey);
  return {
    pubkey,
    tier,
    servers,
    via,
    ...(via === 'cache' ? { cache: client.cache } : {}),
    sign: (template) => signer.signEvent(template),
  };
}
