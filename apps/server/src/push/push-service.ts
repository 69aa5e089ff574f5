import { randomUUID } from 'node:crypto';
import type { PushActor } from '@swell/cache-protocol';
import type { PushSettings } from '../config.ts';
import type { ProfileCache } from '../cache/profile-cache.ts';
import type { LiveBus } from '../live/live-bus.ts';
import type { Outbound } from '../net/outbound.ts';
import type { ServerSettings } from '../settings/server-settings.ts';
import type { Store } from '../store/store.ts';
import { PushDispatch } from './push-dispatch.ts';
import { pushActor } from './push-message.ts';
import { PushPresence } from './push-presence.ts';
import { PushSender } from './push-sender.ts';
import { PushSubscriptions } from './push-subscriptions.ts';
import { pushDb } from './push-tables.ts';
import { PushWorker, type PushBudget } from './push-worker.ts';
import { loadVapidKeys } from './vapid-keys.ts';

export const DEFAULT_PUSH_BUDGET: PushBudget = { burst: 5, intervalSeconds: 180 };

export interface PushServiceDeps {
  store: Store;
  settings: ServerSettings;
  outbound: Outbound;
  profiles: ProfileCache;
  live: LiveBus;
  push: PushSettings;
  publicUrl: string | undefined;
  log: { warn: (obj: object, msg: string) => void };
  clock?: () => number;
}

/**
 * Web Push from this server (README, "Web Push"): devices registered per user under a signed
 * request, a push for each new notification and message they asked for, sent once over all
 * instances, within a budget per device (digests beyond it), with retries and back-off.
 */
export class PushService {
  /** The VAPID public key (base64url): what browsers subscribe with. */
  readonly vapidPublicKey: string;
  readonly subscriptions: PushSubscriptions;
  readonly presence: PushPresence;
  readonly budget: PushBudget;
  private readonly sender: PushSender;
  private readonly dispatch: PushDispatch;
  private readonly worker: PushWorker;
  private readonly stopListening: () => void;

  private constructor(
    deps: PushServiceDeps,
    vapid: Awaited<ReturnType<typeof loadVapidKeys>>,
    clock: () => number,
  ) {
    const db = pushDb(deps.store.db);
    const owner = randomUUID();
    this.vapidPublicKey = vapid.publicKey;
    this.budget = {
      burst: deps.push.burst ?? DEFAULT_PUSH_BUDGET.burst,
      intervalSeconds: deps.push.intervalSeconds ?? DEFAULT_PUSH_BUDGET.intervalSeconds,
    };
    this.subscriptions = new PushSubscriptions(db, () => this.budget.burst);
    this.presence = new PushPresence(db);
    this.sender = new PushSender({ vapid, outbound: deps.outbound });
    const actors = async (pubkeys: string[]) => {
      const profiles = await deps.profiles.get(deps.store.db, pubkeys);
      return new Map<string, PushActor>(pubkeys.map((p) => [p, pushActor(p, profiles.get(p))]));
    };
    this.worker = new PushWorker({
      db,
      owner,
      subscriptions: this.subscriptions,
      presence: this.presence,
      sender: this.sender,
      budget: this.budget,
      actors,
      clock,
      log: deps.log,
    });
    this.dispatch = new PushDispatch({
      db,
      owner,
      clock,
      onCreated: (jobs) => this.worker.enqueue(jobs),
      warn: (err) => deps.log.warn({ err: String(err) }, 'push: dispatch failed'),
    });
    this.stopListening = deps.live.subscribe((e) => this.dispatch.hear(e));
    this.worker.start();
  }

  static async start(deps: PushServiceDeps): Promise<PushService> {
    const vapid = await loadVapidKeys(deps.push, deps.settings, deps.publicUrl);
    return new PushService(deps, vapid, deps.clock ?? (() => Math.floor(Date.now() / 1000)));
  }

  /**
   * Lets this server push to a push service this deployment runs itself (the devnet's, on
   * loopback): endpoints under `prefix` are accepted without https and sent to over plain
   * HTTP without the outbound guard. Only code (an extension) says this; push services a client
   * names are public https services, reached through the guard.
   */
  allowLocalService(prefix: string): void {
    const url = new URL(prefix);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`${prefix} is not an http(s) URL`);
    this.sender.localServices.add(url.toString());
  }

  /** Whether an endpoint is on a push service of this server (`allowLocalService`). */
  isLocal(endpoint: string): boolean {
    return this.sender.isLocal(endpoint);
  }

  /** Resolves once the events heard so far became deliveries (tests). */
  settled(): Promise<void> {
    return this.dispatch.idle();
  }

  /** Runs one sweep now (tests; it also runs on its own timer). */
  sweep(): Promise<void> {
    return this.worker.sweep();
  }

  /** For /health. */
  report() {
    return {
      queued: this.worker.queued,
      sending: this.worker.inProgress,
      ...this.dispatch.counters,
      ...this.worker.counters,
    };
  }

  async close(): Promise<void> {
    this.stopListening();
    this.dispatch.close();
    await this.worker.close();
  }
}
