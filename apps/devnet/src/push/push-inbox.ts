import { randomBytes } from 'node:crypto';

/** One push as the devnet's push service received it (the body stays encrypted). */
export interface ReceivedPush {
  id: string;
  /** Unix milliseconds. */
  receivedAt: number;
  ttl: number;
  urgency: string;
  topic?: string;
  /** The VAPID key that signed it. */
  vapidKey: string;
  /** The encrypted body (RFC 8291 aes128gcm), base64url. */
  body: string;
}

/** An answer the push service gives instead of accepting (to see retries and back-off). */
export interface ForcedAnswer {
  status: number;
  retryAfter?: string;
  /** How many posts get it. */
  times: number;
}

interface Subscription {
  id: string;
  /** The key pushes must be signed with (the `applicationServerKey`), when one was given. */
  applicationServerKey?: string;
  removed: boolean;
  messages: ReceivedPush[];
  forced: ForcedAnswer[];
  /** Posts seen, accepted or not. */
  posts: number;
}

/** Subscriptions kept (the oldest go first), and messages kept per subscription. */
const MAX_SUBSCRIPTIONS = 1000;
const MAX_MESSAGES = 200;

/**
 * The state of the devnet's push service (RFC 8030): subscriptions by id, what was pushed to
 * each, and answers set up in advance. In memory: a restart forgets every subscription, as a
 * browser's push service may (the server then forgets them on the 404).
 */
export class PushInbox {
  private readonly subs = new Map<string, Subscription>();

  create(applicationServerKey?: string): string {
    const id = randomBytes(16).toString('base64url');
    this.subs.set(id, {
      id,
      ...(applicationServerKey ? { applicationServerKey } : {}),
      removed: false,
      messages: [],
      forced: [],
      posts: 0,
    });
    while (this.subs.size > MAX_SUBSCRIPTIONS) this.subs.delete(this.subs.keys().next().value!);
    return id;
  }

  get(id: string): Subscription | undefined {
    return this.subs.get(id);
  }

  /** The subscription is gone: pushes to it are answered 410 from now on. */
  remove(id: string): boolean {
    const sub = this.subs.get(id);
    if (!sub) return false;
    sub.removed = true;
    sub.messages = [];
    return true;
  }

  force(id: string, answer: ForcedAnswer): boolean {
    const sub = this.subs.get(id);
    if (!sub) return false;
    sub.forced.push(answer);
    return true;
  }

  /** The answer set up for the next post, if any (used up one at a time). */
  takeForced(sub: Subscription): ForcedAnswer | undefined {
    const next = sub.forced[0];
    if (!next) return undefined;
    if (--next.times <= 0) sub.forced.shift();
    return next;
  }

  /**
   * Stores a push; one with the topic of an earlier one still stored replaces it (RFC 8030
   * section 5.4: an undelivered message with the same topic is replaced).
   */
  store(sub: Subscription, push: Omit<ReceivedPush, 'id'>): ReceivedPush {
    const message = { id: randomBytes(12).toString('base64url'), ...push };
    if (push.topic) sub.messages = sub.messages.filter((m) => m.topic !== push.topic);
    sub.messages.push(message);
    if (sub.messages.length > MAX_MESSAGES) sub.messages.shift();
    return message;
  }
}
