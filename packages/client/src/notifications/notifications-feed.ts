import {
  nextPage,
  type FeedPage,
  type FeedRange,
  type Notification,
  type NotificationTypeGroup,
} from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';
import { signUserRequest } from '../settings/user-request.ts';
import type { Signer } from '../signers/signer.ts';
import { ValueStore, type Observable } from '../store.ts';
import { groupNotifications, type NotificationGroup } from './notification-groups.ts';

/** Spec section 9: new notifications (since the last seen) 100, older ones in pages of 20. */
export const NEW_NOTIFICATIONS_LIMIT = 100;
export const OLD_NOTIFICATIONS_PAGE = 20;

export interface NotificationsSnapshot {
  /** Since the user last viewed them, grouped, newest first. */
  fresh: NotificationGroup[];
  /** Seen before, grouped, newest first (pages of 20). */
  older: NotificationGroup[];
  loading: boolean;
  hasMore: boolean;
  error?: string;
  /** When the user last viewed notifications (unix seconds, 0 never); null until known. */
  seenUntil: number | null;
}

export interface NotificationsFeedOptions {
  api: CacheApi;
  me: string;
  group: NotificationTypeGroup;
  signer: () => Signer | null;
  /** Every page as it arrives (actors' profiles and the notes involved, for the app's store). */
  onPage?: (page: FeedPage) => void;
}

/**
 * One Notifications tab (spec section 4, "Notifications"): `get_notifications_seen`, then the
 * new ones (`since` the last seen, limit 100) above the older ones (`until` it, pages of 20),
 * each list grouped. `markSeen` sends `set_notifications_seen` (signed, now); `refresh` loads
 * what arrived since (the count rose while the view is open) without moving the seen line.
 */
export class NotificationsFeed implements Observable<NotificationsSnapshot> {
  private readonly opts: NotificationsFeedOptions;
  private readonly state = new ValueStore<NotificationsSnapshot>({
    fresh: [],
    older: [],
    loading: true,
    hasMore: false,
    seenUntil: null,
  });
  private fresh = new Map<string, Notification>();
  private older = new Map<string, Notification>();
  private olderRange: FeedRange | undefined;
  private freshRange: FeedRange | undefined;
  private seen: number | null = null;
  private more = false;
  private loading = false;
  private error: string | undefined;
  private readonly authors = new Map<string, string>();
  private readonly authorOf = (id: string) => this.authors.get(id);

  constructor(options: NotificationsFeedOptions) {
    this.opts = options;
  }

  getSnapshot = (): NotificationsSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Reads the seen line, the new notifications and the first older page. */
  async load(): Promise<void> {
    await this.run(async () => {
      const seenPage = await this.opts.api.page('get_notifications_seen', { pubkey: this.opts.me });
      this.seen = seenPage.notificationsSeen ?? 0;
      this.fresh.clear();
      this.older.clear();
      this.olderRange = undefined;
      const page = await this.page({ since: this.seen + 1, limit: NEW_NOTIFICATIONS_LIMIT });
      for (const n of page.notifications) this.fresh.set(n.id, n);
      this.freshRange = page.range;
      this.more = true;
      await this.loadOlderPage();
    });
  }

  /** The next page of older notifications. */
  async loadMore(): Promise<void> {
    if (this.loading || !this.more) return;
    await this.run(() => this.loadOlderPage());
  }

  /** Notifications that arrived since the newest shown (they join the new ones). */
  async refresh(): Promise<void> {
    if (this.seen === null) return this.load();
    const newest = Math.max(
      this.seen,
      ...[...this.fresh.values(), ...this.older.values()].map((n) => n.created_at),
    );
    await this.run(async () => {
      const page = await this.page({ since: newest, limit: NEW_NOTIFICATIONS_LIMIT });
      for (const n of page.notifications) if (!this.older.has(n.id)) this.fresh.set(n.id, n);
    });
  }

  /** The user viewed the notifications: `set_notifications_seen` (the server's counts reset). */
  async markSeen(): Promise<void> {
    const signer = this.opts.signer();
    if (!signer) throw new Error('sign in to mark notifications seen');
    await this.opts.api.page('set_notifications_seen', {
      event_from_user: await signUserRequest(signer, {}),
    });
  }

  private async loadOlderPage(): Promise<void> {
    let paging: { until: number; offset?: number } | null;
    if (this.olderRange) {
      paging = nextPage(
        this.olderRange,
        [...this.older.values()].map((n) => n.created_at),
      );
    } else if (this.fresh.size >= NEW_NOTIFICATIONS_LIMIT) {
      // More new ones than the first list holds: the older list continues below them.
      paging = nextPage(
        this.freshRange,
        [...this.fresh.values()].map((n) => n.created_at),
      );
    } else {
      paging = this.seen ? { until: this.seen } : null;
    }
    if (!paging) {
      this.more = false;
      return;
    }
    const page = await this.page({ ...paging, limit: OLD_NOTIFICATIONS_PAGE });
    let added = 0;
    for (const n of page.notifications) {
      if (this.fresh.has(n.id) || this.older.has(n.id)) continue;
      this.older.set(n.id, n);
      added++;
    }
    this.olderRange = page.range;
    if (page.notifications.length < OLD_NOTIFICATIONS_PAGE || added === 0) this.more = false;
  }

  private async page(paging: {
    since?: number;
    until?: number;
    offset?: number;
    limit: number;
  }): Promise<FeedPage> {
    const page = await this.opts.api.page('get_notifications', {
      pubkey: this.opts.me,
      user_pubkey: this.opts.me,
      type_group: this.opts.group,
      ...paging,
    });
    for (const e of [...page.notes, ...page.others, ...Object.values(page.mentions)]) {
      this.authors.set(e.id, e.pubkey);
    }
    this.opts.onPage?.(page);
    return page;
  }

  private async run(work: () => Promise<void>): Promise<void> {
    this.loading = true;
    this.publish();
    try {
      await work();
      this.error = undefined;
    } catch (e) {
      this.error = (e as Error).message;
    } finally {
      this.loading = false;
      this.publish();
    }
  }

  private publish(): void {
    this.state.set({
      fresh: groupNotifications([...this.fresh.values()], this.authorOf),
      older: groupNotifications([...this.older.values()], this.authorOf),
      loading: this.loading,
      hasMore: this.more,
      ...(this.error ? { error: this.error } : {}),
      seenUntil: this.seen,
    });
  }
}
