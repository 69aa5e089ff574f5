import webpush from 'web-push';
import type { PushMessage } from '@swell/cache-protocol';
import { FetchRefused, type FetchTarget } from '../net/fetch-guard.ts';
import { parseAddress } from '../net/address-list.ts';
import type { Outbound } from '../net/outbound.ts';
import { pinnedPost } from '../net/pinned-post.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** Where and to whom one push goes: a device's endpoint and keys (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** RFC 8030 section 5.3: how soon the device should be woken. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  /** How long the push service keeps it for an offline device (seconds). */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** A newer push with the same topic replaces an undelivered older one (RFC 8030 5.4). */
  topic?: string;
}

/** What the push service said, as the worker acts on it. */
export type SendOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the subscription is gone; forget the device. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx, a time-out or a dropped connection: try again later (Retry-After in seconds). */
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number }
  /** Anything else (400, 403, 413, a refused address): this push will never go. */
  | { kind: 'refused'; reason: string };

/** Seconds a Retry-After header asks for (delta seconds or an HTTP date), if it says. */
export function retryAfterSeconds(value: string | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - nowMs) / 1000)) : undefined;
}

/** The origin of an endpoint, for logs and per-service limits (the path is a secret). */
export function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Encrypts a message for one device (RFC 8291, aes128gcm; the `web-push` library does the
 * cryptography and the VAPID token) and POSTs it to its push service (RFC 8030): through the
 * outbound guard to a public https address, or to a push service this server runs itself (the
 * devnet's, on loopback) when its endpoint starts with one of `localServices`.
 */
export class PushSender {
  private readonly vapid: VapidKeys;
  private readonly outbound: Outbound;
  private readonly timeoutMs: number;
  /** URL prefixes of push services on this server (registered by the devnet). */
  readonly localServices = new Set<string>();

  constructor(deps: { vapid: VapidKeys; outbound: Outbound; timeoutMs?: number }) {
    this.vapid = deps.vapid;
    this.outbound = deps.outbound;
    this.timeoutMs = deps.timeoutMs ?? 10_000;
  }

  /** Whether an endpoint belongs to a push service of this server (no guard, loopback). */
  isLocal(endpoint: string): boolean {
    for (const prefix of this.localServices) if (endpoint.startsWith(prefix)) return true;
    return false;
  }

  private async target(endpoint: string): Promise<FetchTarget> {
    const url = new URL(endpoint);
    if (this.isLocal(endpoint)) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const literal = parseAddress(host);
      if (literal)
        return { url, address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 };
      return { url, address: '127.0.0.1', family: 4 };
    }
    // Push services are public https services; a private address is never one, whatever
    // SWELL_ALLOW_PRIVATE_FETCH allows for link previews.
    return this.outbound.guard.target(url, ['https:'], false);
  }

  async send(to: PushTarget, message: PushMessage, opts: PushOptions): Promise<SendOutcome> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
        JSON.stringify(message),
        {
          vapidDetails: {
            subject: this.vapid.subject,
            publicKey: this.vapid.publicKey,
            privateKey: this.vapid.privateKey,
          },
          contentEncoding: 'aes128gcm',
          TTL: opts.ttlSeconds,
          urgency: opts.urgency,
          ...(opts.topic ? { topic: opts.topic } : {}),
        },
      );
    } catch (err) {
      return { kind: 'refused', reason: `cannot encrypt: ${(err as Error).message}` };
    }
    let target: FetchTarget;
    try {
      target = await this.target(to.endpoint);
    } catch (err) {
      if (err instanceof FetchRefused) return { kind: 'refused', reason: err.message };
      return { kind: 'retry', reason: (err as Error).message };
    }
    const headers: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k.toLowerCase()] = v;
    try {
      const answer = await pinnedPost(target, {
        headers,
        body: details.body as Buffer,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const { status } = answer;
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) {
        const after = retryAfterSeconds(answer.retryAfter, Date.now());
        return {
          kind: 'retry',
          reason: `answered ${status}`,
          ...(after !== undefined ? { retryAfterSeconds: after } : {}),
        };
      }
      return { kind: 'refused', reason: `answered ${status}` };
    } catch (err) {
      const name = (err as Error).name;
      return {
        kind: 'retry',
        reason:
          name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : 'connection failed',
      };
    }
  }
}
