import {
  PushResultKind,
  type CacheEvent,
  type PushCommand,
  type PushConfig,
  type PushPreferences,
  type PushPresenceToken,
  type PushSubscriptionInfo,
  type WebPushSubscription,
} from '@swell/cache-protocol';
import { systemClock, type Clock } from '../clock.ts';
import type { CacheConnection } from '../cache/cache-connection.ts';
import { CacheError } from '../errors.ts';
import { signUserRequest } from '../settings/user-request.ts';
import type { Signer } from '../signers/signer.ts';

export interface PushClientOptions {
  /** The cache connection to this server (`/v1`). */
  connection: CacheConnection;
  /** Signs a fresh `event_from_user` for each call that acts for the user. */
  signer: Signer;
  clock?: Clock;
}

const contentOf = <T>(events: readonly CacheEvent[], kind: number): T[] =>
  events.filter((e) => e.kind === kind).map((e) => JSON.parse(e.content) as T);

/** A NOTICE saying the signed request was stale or used: sign a new one and ask again. */
const refusedRequest = (err: unknown) =>
  err instanceof CacheError &&
  /^invalid event_from_user: (not fresh|already used)/.test(err.notice);

/**
 * Web Push from this server, for the app's Settings > Notifications and its service worker
 * (cache-protocol.md section 8, "Web Push"); framework free. The browser side (permission,
 * `pushManager.subscribe` with `config().vapid_public_key`) stays with the app: this registers
 * what the browser gave, under a request signed for each call.
 */
export class PushClient {
  private readonly connection: CacheConnection;
  private readonly signer: Signer;
  readonly clock: Clock;

  constructor(options: PushClientOptions) {
    this.connection = options.connection;
    this.signer = options.signer;
    this.clock = options.clock ?? systemClock;
  }

  private async signed(command: PushCommand, content: object): Promise<CacheEvent[]> {
    for (let attempt = 0; ; attempt++) {
      const event_from_user = await signUserRequest(
        this.signer,
        content as Record<string, unknown>,
      );
      try {
        return (await this.connection.request(command, { event_from_user })).events;
      } catch (err) {
        // re-sent after a reconnect (used), or signed by a slept tab (stale): once more
        if (attempt === 0 && refusedRequest(err)) continue;
        throw err;
      }
    }
  }

  /** The server's VAPID public key (the `applicationServerKey`) and what can be asked for. */
  async config(): Promise<PushConfig> {
    const { events } = await this.connection.request('push_config', {});
    const [config] = contentOf<PushConfig>(events, PushResultKind.Config);
    if (!config) throw new Error('push_config: no answer');
    return config;
  }

  /**
   * Registers this device (the browser's `PushSubscription.toJSON()`) for the signed-in user,
   * or changes its preferences: fields left out keep what the device had (the defaults for a
   * new one).
   */
  async subscribe(
    subscription: WebPushSubscription,
    preferences?: Partial<PushPreferences>,
  ): Promise<PushSubscriptionInfo> {
    const events = await this.signed('push_subscribe', {
      subscription: { endpoint: subscription.endpoint, keys: subscription.keys },
      ...(preferences ? { preferences } : {}),
    });
    const [info] = contentOf<PushSubscriptionInfo>(events, PushResultKind.Subscription);
    if (!info) throw new Error('push_subscribe: no answer');
    return info;
  }

  /** Removes this device on the server; false when the user had no device there. */
  async unsubscribe(endpoint: string): Promise<boolean> {
    const events = await this.signed('push_unsubscribe', { endpoint });
    return contentOf<{ removed: boolean }>(events, PushResultKind.Removed)[0]?.removed === true;
  }

  /** The user's devices (this one is the one whose endpoint the browser reports). */
  async subscriptions(): Promise<PushSubscriptionInfo[]> {
    return contentOf<PushSubscriptionInfo>(
      await this.signed('push_subscriptions', {}),
      PushResultKind.Subscription,
    );
  }

  /** A token for this tab's focus reports (`PushPresence` asks for it when needed). */
  async presenceToken(): Promise<PushPresenceToken> {
    const [token] = contentOf<PushPresenceToken>(
      await this.signed('push_presence_token', {}),
      PushResultKind.PresenceToken,
    );
    if (!token) throw new Error('push_presence_token: no answer');
    return token;
  }

  /** Reports focus with a token; resolves until when it holds (0 when not focused). */
  async reportPresence(token: string, focused: boolean): Promise<number> {
    const { events } = await this.connection.request('push_presence', { token, focused });
    return (
      contentOf<{ focused_until: number }>(events, PushResultKind.Presence)[0]?.focused_until ?? 0
    );
  }
}

/**
 * "Quiet while Swell has focus": tells the server while this tab has focus, so it pushes
 * nothing to the user's devices meanwhile (those whose preferences ask for quiet). The app
 * calls `setFocused` on focus and blur (and `stop` on sign-out); this asks for a token once
 * (one signature), reports with it, renews the report at half its lifetime while focused, and
 * gets a new token when the server no longer knows it.
 */
export class PushPresence {
  private readonly client: PushClient;
  private token: PushPresenceToken | undefined;
  private focused = false;
  private timer: unknown;
  private stopped = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(client: PushClient) {
    this.client = client;
  }

  /** Reports focus (true) or its loss (false); resolves once the server has it. */
  setFocused(focused: boolean): Promise<void> {
    this.focused = focused;
    this.chain = this.chain.then(() => this.report()).catch(() => undefined);
    return this.chain;
  }

  stop(): void {
    this.stopped = true;
    this.client.clock.clearTimeout(this.timer);
  }

  private async report(): Promise<void> {
    const { clock } = this.client;
    clock.clearTimeout(this.timer);
    if (this.stopped) return;
    const focused = this.focused;
    const nowSeconds = Math.floor(clock.now() / 1000);
    if (!this.token || this.token.expires_at - 60 <= nowSeconds) {
      if (!focused) return; // nothing to take back without a token
      this.token = await this.client.presenceToken();
    }
    try {
      await this.client.reportPresence(this.token.token, focused);
    } catch (err) {
      if (!(err instanceof CacheError && /^invalid token/.test(err.notice))) throw err;
      this.token = undefined;
      if (!focused) return;
      this.token = await this.client.presenceToken();
      await this.client.reportPresence(this.token.token, focused);
    }
    if (focused && !this.stopped)
      this.timer = clock.setTimeout(
        () => void this.setFocused(this.focused),
        (this.token.focus_seconds * 1000) / 2,
      );
  }
}
