import { base64urlnopad } from '@scure/base';
import type { EventTemplate, NostrEvent } from '@swell/nostr';

/** Signs an event for the user (the app passes its signer's `signEvent`). */
export type SignEvent = (template: EventTemplate) => Promise<NostrEvent>;

export type BlossomVerb = 'get' | 'upload' | 'list' | 'delete';

export interface BlossomAuthOptions {
  verb: BlossomVerb;
  /** Blob hashes the token is for (`x` tags). */
  hashes?: readonly string[];
  /** The server's domain, to scope the token (`server` tag). */
  server?: string;
  /** Seconds until the token expires (default 600). */
  expiresIn?: number;
  /** Human-readable purpose shown by signers. */
  content?: string;
  /** Unix seconds (tests). */
  now?: number;
}

/**
 * A BUD-11 `Authorization` header: a signed kind 24242 event with the verb (`t`), an expiration,
 * the blob hashes (`x`) and the server's domain, as base64url without padding after `Nostr `.
 */
export async function blossomAuthorization(
  sign: SignEvent,
  opts: BlossomAuthOptions,
): Promise<string> {
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  const tags: string[][] = [
    ['t', opts.verb],
    ['expiration', String(now + (opts.expiresIn ?? 600))],
  ];
  for (const x of opts.hashes ?? []) tags.push(['x', x]);
  if (opts.server) tags.push(['server', opts.server]);
  const event = await sign({
    kind: 24242,
    created_at: now,
    tags,
    content: opts.content ?? `${opts.verb[0]!.toUpperCase()}${opts.verb.slice(1)} blob`,
  });
  return `Nostr ${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify(event)))}`;
}
