import { validateEvent, verifyEvent, type NostrEvent } from '@swell/nostr';

/** Kind of a Blossom authorization event (BUD-11). */
export const BLOSSOM_AUTH_KIND = 24242;

/** The action an endpoint needs (`t` tag). */
export type BlossomVerb = 'get' | 'upload' | 'list' | 'delete' | 'media';

/** Seconds a token's created_at may lie ahead of our clock (clients' clocks drift). */
export const CLOCK_SKEW_SECONDS = 60;

export type BlossomAuth =
  | { ok: true; pubkey: string; hashes: ReadonlySet<string>; event: NostrEvent }
  | { ok: false; reason: string };

const fail = (reason: string): BlossomAuth => ({ ok: false, reason });

function tagValues(event: NostrEvent, name: string): string[] {
  return event.tags.filter((t) => t[0] === name && typeof t[1] === 'string').map((t) => t[1]!);
}

/**
 * Reads and checks an `Authorization: Nostr <base64 event>` header (BUD-11): a kind 24242 event
 * with a valid signature, created in the past, an `expiration` in the future, a `t` tag of the
 * endpoint's verb, and (when it has `server` tags) this server's domain among them. Base64url
 * without padding and classic base64 are both read. The `x` tags are returned for the caller
 * to match against the blob the endpoint acts on.
 */
export function checkBlossomAuth(
  header: string | undefined,
  verb: BlossomVerb,
  opts: { now: number; host: string | undefined },
): BlossomAuth {
  if (!header) return fail('authorization required: a signed kind 24242 event');
  const m = /^Nostr\s+([A-Za-z0-9+/_=-]+)\s*$/.exec(header);
  if (!m) return fail('authorization must be "Nostr <base64 event>"');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(m[1]!, 'base64').toString('utf8'));
  } catch {
    return fail('authorization is not a base64 JSON event');
  }
  const checked = validateEvent(parsed);
  if (!checked.ok) return fail(`invalid authorization event: ${checked.reason}`);
  const event = checked.event;
  if (event.kind !== BLOSSOM_AUTH_KIND)
    return fail(`authorization must be kind ${BLOSSOM_AUTH_KIND}`);
  if (!verifyEvent(event)) return fail('authorization has a bad signature');
  if (event.created_at > opts.now + CLOCK_SKEW_SECONDS)
    return fail('authorization created in the future');
  const expiration = tagValues(event, 'expiration')[0];
  if (expiration === undefined || !/^\d+$/.test(expiration))
    return fail('authorization needs an expiration tag');
  if (Number(expiration) <= opts.now) return fail('authorization expired');
  const verbs = tagValues(event, 't');
  if (!verbs.includes(verb)) return fail(`authorization is not for "${verb}" (t tag)`);
  const servers = tagValues(event, 'server').map((s) => s.toLowerCase());
  if (servers.length > 0) {
    const host = (opts.host ?? '').toLowerCase();
    const domain = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    if (!servers.includes(domain) && !servers.includes(host))
      return fail('authorization is for another server');
  }
  const hashes = new Set(
    tagValues(event, 'x')
      .map((x) => x.toLowerCase())
      .filter((x) => /^[0-9a-f]{64}$/.test(x)),
  );
  return { ok: true, pubkey: event.pubkey, hashes, event };
}
