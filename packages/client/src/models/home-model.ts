import { parseFeedSpec, type FeedDefinition } from '@swell/cache-protocol';
import { ValueStore } from '../store.ts';
import { homeFeedModel, type HomeFeedModel } from './home-feed-model.ts';
import { watchFollows } from './watch-follows.ts';
import { defineModel, type Held, type Model, type ModelContext } from './model.ts';

export interface HomeState {
  /** The feeds the user picks from: their own list, else the server's defaults. */
  feeds: FeedDefinition[];
  /** Spec string of the selected feed. */
  selected: string | null;
  /** The selected feed's list. */
  feed: HomeFeedModel | null;
  /** The feed list could not be loaded (and none was there before). */
  error: string | null;
  /** Counts the lists opened: a feed opened again starts from the top, in a fresh view. */
  opened: number;
}

/**
 * Home (spec section 4, "Home feed"): the feed list (the user's own, from the settings sync,
 * else `get_home_feeds`), the stored selection (`selectedHomeFeed`), and the selected feed's
 * list (`homeFeedModel` of `mega_feed_directive`), which it holds. While Home is shown (held) the
 * list looks for newer notes (every 25-35 s, and at once when the context's `liveFeed` hears of
 * something). The feed
 * list follows Settings > Home feeds; a follow or unfollow loads a feed of the follows again.
 */
export class HomeModel implements Model<HomeState> {
  private readonly ctx: ModelContext;
  private readonly state = new ValueStore<HomeState>({
    feeds: [],
    selected: null,
    feed: null,
    error: null,
    opened: 0,
  });
  private held: Held<HomeFeedModel> | null = null;
  private defaults: FeedDefinition[] | null = null;
  /** The feed on screen was picked as the first of the list, not chosen (nor stored). */
  private autoPicked = false;
  private started = false;
  private active = false;
  private stopNew: (() => void) | null = null;
  private readonly unwatch: Array<() => void> = [];

  constructor(ctx: ModelContext) {
    this.ctx = ctx;
    const settings = ctx.settings;
    let shown = this.own();
    this.unwatch.push(
      settings.subscribe(() => {
        const list = this.own();
        if (list === shown) return;
        shown = list;
        this.refreshFeeds();
      }),
      watchFollows(ctx, () => this.followsChanged()),
    );
  }

  getSnapshot = (): HomeState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  activate(): void {
    this.active = true;
    if (!this.started) {
      this.started = true;
      void this.start();
    }
    this.watchNew();
  }

  deactivate(): void {
    this.active = false;
    this.stopNew?.();
    this.stopNew = null;
  }

  dispose(): void {
    this.deactivate();
    for (const u of this.unwatch.splice(0)) u();
    this.held?.release();
    this.held = null;
  }

  /**
   * Loads the feed list (the user's own, kept on this device, at once; else the server's
   * defaults) and opens the selected feed.
   */
  async start(): Promise<void> {
    const own = this.own();
    if (own) this.show(this.usable(own));
    try {
      const page = await this.ctx.fetchPage('get_home_feeds', this.personal());
      this.defaults = page.homeFeeds ?? [];
      this.refreshFeeds();
    } catch (e) {
      if (this.state.getSnapshot().feeds.length === 0)
        this.state.update({ error: (e as Error).message || String(e) });
    }
  }

  /** Selecting a feed stores the selection and shows it from the top. */
  select(spec: string): void {
    this.open(spec, false);
  }

  /** The user's list changed: the selector follows; the shown feed stays unless it went. */
  refreshFeeds(): void {
    const feeds = this.own() ?? this.defaults;
    if (feeds) this.show(this.usable(feeds));
  }

  /** The follows changed: a feed of the follows ("Latest") loads again from the top. */
  followsChanged(): void {
    const { selected } = this.state.getSnapshot();
    if (selected && parseFeedSpec(selected)?.id === 'latest') this.open(selected, this.autoPicked);
  }

  private own(): FeedDefinition[] | null {
    const s = this.ctx.settings.getSnapshot();
    const list = s.pubkey === this.ctx.viewer ? s.feeds.home : null;
    return list && list.length > 0 ? list : null;
  }

  private personal(): { user_pubkey?: string } {
    return this.ctx.viewer ? { user_pubkey: this.ctx.viewer } : {};
  }

  /** Only enabled feeds; feeds of "your follows" need a user, so guests get the others. */
  private usable(feeds: FeedDefinition[]): FeedDefinition[] {
    return feeds.filter(
      (f) =>
        f.enabled !== false &&
        typeof f.spec === 'string' &&
        (this.ctx.viewer !== null || parseFeedSpec(f.spec)?.id !== 'latest'),
    );
  }

  /**
   * Shows a feed list: the feed on screen stays if the list has it (unless it was only the
   * first of an earlier list, picked for the user), else the stored selection, else the first.
   */
  private show(feeds: FeedDefinition[]): void {
    const stored = this.ctx.records.get(this.ctx.viewer).selectedHomeFeed;
    const current = this.autoPicked ? null : this.state.getSnapshot().selected;
    const kept =
      feeds.find((f) => f.spec === current)?.spec ?? feeds.find((f) => f.spec === stored)?.spec;
    const selected = kept ?? feeds[0]?.spec ?? null;
    this.state.update({ feeds, error: null });
    if (selected && selected !== this.state.getSnapshot().selected) this.open(selected, !kept);
    else this.autoPicked = this.autoPicked && !kept;
  }

  /** Opens a feed from the top; one picked for the user (`auto`) is not stored. */
  private open(spec: string, auto: boolean): void {
    this.autoPicked = auto;
    if (!auto) this.ctx.records.update(this.ctx.viewer, { selectedHomeFeed: spec });
    const previous = this.held;
    this.held = this.ctx.models.acquire(homeFeedModel, { spec });
    previous?.release();
    const feed = this.held.model;
    feed.reset();
    const opened = this.state.getSnapshot().opened + 1;
    this.state.update({ selected: spec, feed, opened });
    void feed.loadMore();
    this.watchNew();
  }

  /** While Home is shown, its list looks for newer notes. */
  private watchNew(): void {
    this.stopNew?.();
    this.stopNew = null;
    const { feed, selected } = this.state.getSnapshot();
    if (!this.active || !feed || !selected) return;
    const live = this.ctx.liveFeed;
    this.stopNew = feed.watchNew(live ? (onNew) => live(selected, onNew) : undefined);
  }
}

/** Home of the session (one per registry). */
export const homeModel = defineModel<void, HomeModel>(
  'home',
  (ctx) => new HomeModel(ctx),
  () => '',
);
