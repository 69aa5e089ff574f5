import type { NotificationTypeGroup } from '@swell/cache-protocol';
import {
  NotificationsFeed,
  type NotificationsSnapshot,
} from '../notifications/notifications-feed.ts';
import { ValueStore } from '../store.ts';
import type { ScrollMemory } from './feed-model.ts';
import { defineModel, type Model, type ModelContext } from './model.ts';

export interface NotificationsState extends NotificationsSnapshot {
  /** Counts the loads that finished (the view marks what it shows seen after each). */
  loads: number;
}

/**
 * One Notifications tab of the session's viewer (`NotificationsFeed`: the new ones above the
 * older, grouped). Loaded when first shown; while shown, what arrives (the unread count rises on
 * the `notification_counts` stream) is loaded at once, and shown again later, what arrived
 * meanwhile. The view marks them seen (`markSeen`) after each load it shows; it keeps its scroll
 * position here for back navigation.
 */
export class NotificationsModel implements Model<NotificationsState> {
  readonly feed: NotificationsFeed;
  private readonly ctx: ModelContext;
  private readonly state: ValueStore<NotificationsState>;
  private loads = 0;
  private loaded = false;
  private stopCounts: (() => void) | null = null;
  private readonly unwatch: () => void;
  /** Where the reader was (the view writes it; read on back navigation). */
  scroll: ScrollMemory = { y: 0, anchor: 0, measurements: [] };

  constructor(ctx: ModelContext, group: NotificationTypeGroup) {
    this.ctx = ctx;
    this.feed = new NotificationsFeed({
      api: ctx.api,
      me: ctx.viewer ?? '',
      group,
      signer: () => ctx.session.signer,
      onPage: (page) => ctx.store.ingestPage(page),
    });
    this.state = new ValueStore({ ...this.feed.getSnapshot(), loads: 0 });
    this.unwatch = this.feed.subscribe(() => this.publish());
  }

  getSnapshot = (): NotificationsState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  activate(): void {
    const me = this.ctx.viewer;
    if (!me) return;
    void this.run(this.loaded ? this.feed.refresh() : this.feed.load());
    this.loaded = true;
    let first = true;
    this.stopCounts = this.ctx.api.notificationCounts(me, (counts) => {
      // The first count is what was unread already (just loaded); a rise is what arrived.
      if (first) {
        first = false;
        return;
      }
      const sum = Object.values(counts).reduce((a, n) => a + (Number.isFinite(n) ? n : 0), 0);
      if (sum > 0) void this.run(this.feed.refresh());
    });
  }

  deactivate(): void {
    this.stopCounts?.();
    this.stopCounts = null;
  }

  /** Loads from the start again (the error state's Retry). */
  retry(): Promise<void> {
    return this.run(this.feed.load());
  }

  /** The next page of older notifications. */
  loadMore(): Promise<void> {
    return this.feed.loadMore();
  }

  /** The user saw them: `set_notifications_seen` (the server's counts reset). */
  markSeen(): Promise<void> {
    return this.feed.markSeen();
  }

  dispose(): void {
    this.deactivate();
    this.unwatch();
  }

  private async run(work: Promise<void>): Promise<void> {
    await work;
    this.loads++;
    this.publish();
  }

  private publish(): void {
    this.state.set({ ...this.feed.getSnapshot(), loads: this.loads });
  }
}

/** A Notifications tab of the session's viewer. */
export const notificationsModel = defineModel<NotificationTypeGroup, NotificationsModel>(
  'notifications',
  (ctx, group) => new NotificationsModel(ctx, group),
  (group) => group,
);
