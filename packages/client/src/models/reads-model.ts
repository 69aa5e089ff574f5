import { parseFeedSpec, type FeedDefinition } from '@swell/cache-protocol';
import { ValueStore } from '../store.ts';
import { feedModel, type FeedModel, type FeedSource } from './feed-model.ts';
import { defineModel, type Held, type Model, type ModelContext } from './model.ts';
import { watchFollows } from './watch-follows.ts';

/** Reads pages hold 20 articles (spec section 9). */
export const readsPageSize = 20;

/** The spec of a topic's reads feed (`/reads/:topic`). */
export function topicSpec(topic: string): string {
  return JSON.stringify({ kind: 'reads', topic: topic.trim().replace(/^#/, '').toLowerCase() });
}

/** A reads spec's articles, by published_at unless the range names another order. */
export function readsSource(spec: string, limit = readsPageSize): FeedSource {
  return { command: 'mega_feed_directive', payload: { spec, limit }, orderBy: 'published_at' };
}

export interface ReadsState {
  /** The feeds the user picks from: their own list, else the server's defaults. */
  feeds: FeedDefinition[];
  /** Spec string of what is shown (a feed of the list, or a topic feed). */
  selected: string | null;
  /** The topic shown (`/reads/:topic`), or null for a feed of the list. */
  topic: string | null;
  feed: FeedModel | null;
  /** The feed list could not be loaded (and none was kept from before). */
  error: string | null;
}

/**
 * Reads (spec section 4, "Reads feed"): the feed list (the one kept from the last visit at once,
 * then the user's own from the settings sync, else `get_reads_feeds`), the stored selection
 * (`selectedReadsFeed`), topic feeds, and the shown feed's articles (`feedModel`), which it
 * holds. Selecting a feed with a new spec stores it and shows it from the top; a topic is not
 * stored. The list follows Settings > Reads feeds; a follow or unfollow loads a feed of the
 * follows' articles again.
 */
export class ReadsModel implements Model<ReadsState> {
  private readonly ctx: ModelContext;
  private readonly state = new ValueStore<ReadsState>({
    feeds: [],
    selected: null,
    topic: null,
    feed: null,
    error: null,
  });
  private held: Held<FeedModel> | null = null;
  private started: Promise<void> | null = null;
  private readonly unwatch: Array<() => void> = [];

  constructor(ctx: ModelContext) {
    this.ctx = ctx;
    let shown = this.own();
    this.unwatch.push(
      ctx.settings.subscribe(() => {
        const list = this.own();
        if (list === shown) return;
        shown = list;
        if (list) this.setFeeds(list);
        else void this.start(this.state.getSnapshot().topic);
      }),
      watchFollows(ctx, () => {
        const s = this.state.getSnapshot();
        const spec = s.topic === null && s.selected ? parseFeedSpec(s.selected) : null;
        if (spec?.id !== 'reads-scope' || !s.feed) return;
        s.feed.reset();
        void s.feed.loadMore();
      }),
    );
  }

  getSnapshot = (): ReadsState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /**
   * What the address asks for (`/reads/:topic?`): a topic, or (null) the stored selection,
   * which is also where "back from a topic" lands. The feed list loads on the first call.
   */
  show(topic: string | null): void {
    if (!this.started) {
      this.started = this.start(topic);
      return;
    }
    if (topic) return this.showTopic(topic);
    const s = this.state.getSnapshot();
    if (s.topic === null) return;
    const stored = this.ctx.records.get(this.ctx.viewer).selectedReadsFeed;
    const spec = s.feeds.find((f) => f.spec === stored)?.spec ?? s.feeds[0]?.spec;
    if (spec) this.select(spec);
  }

  /**
   * Loads the feed list: the one kept from the last visit (record `readsFeeds`) at once, then the
   * user's own or the server's. Shows `topic` when given, else the stored selection or the first.
   */
  async start(topic?: string | null): Promise<void> {
    const { records, viewer } = this.ctx;
    const kept = records.get(viewer).readsFeeds;
    if (Array.isArray(kept) && kept.length > 0) this.list(usable(kept as FeedDefinition[]), topic);
    else if (topic) this.showTopic(topic);
    try {
      let feeds = this.own() ?? [];
      if (feeds.length === 0) feeds = await this.ctx.api.getReadsFeeds(viewer ?? undefined);
      records.update(viewer, { readsFeeds: feeds });
      this.list(usable(feeds), this.state.getSnapshot().topic ?? topic);
    } catch (e) {
      if (this.state.getSnapshot().feeds.length === 0)
        this.state.update({ error: (e as Error).message || String(e) });
    }
  }

  /** The feed list changed: the choice follows at once; the shown feed stays unless it left. */
  setFeeds(feeds: FeedDefinition[]): void {
    this.list(usable(feeds), this.state.getSnapshot().topic);
  }

  /** Shows a feed of the list; a new spec is stored as the selection and loads from the top. */
  select(spec: string): void {
    const s = this.state.getSnapshot();
    if (spec === s.selected && s.topic === null && s.feed) return;
    this.ctx.records.update(this.ctx.viewer, { selectedReadsFeed: spec });
    this.open(spec, null);
  }

  /** Shows a topic's feed (not stored as the selection). */
  showTopic(topic: string): void {
    const clean = topic.trim().replace(/^#/, '');
    if (!clean) return;
    const spec = topicSpec(clean);
    const s = this.state.getSnapshot();
    if (spec === s.selected && s.feed) return;
    this.open(spec, clean);
  }

  dispose(): void {
    for (const u of this.unwatch.splice(0)) u();
    this.held?.release();
    this.held = null;
  }

  private own(): FeedDefinition[] | null {
    const s = this.ctx.settings.getSnapshot();
    const list = s.pubkey === this.ctx.viewer ? s.feeds.reads : null;
    return list && list.length > 0 ? list : null;
  }

  private list(feeds: FeedDefinition[], topic?: string | null): void {
    this.state.update({ feeds, error: null });
    if (topic) return this.showTopic(topic);
    const cur = this.state.getSnapshot();
    const stored = this.ctx.records.get(this.ctx.viewer).selectedReadsFeed;
    const spec =
      feeds.find((f) => f.spec === cur.selected && cur.topic === null)?.spec ??
      feeds.find((f) => f.spec === stored)?.spec ??
      feeds[0]?.spec;
    if (spec && (spec !== cur.selected || cur.topic !== null || !cur.feed)) this.open(spec, null);
  }

  /** Shows a spec's articles from the top. */
  private open(spec: string, topic: string | null): void {
    const previous = this.held;
    this.held = this.ctx.models.acquire(feedModel, readsSource(spec));
    previous?.release();
    const feed = this.held.model;
    feed.reset();
    this.state.update({ selected: spec, topic, feed });
    void feed.loadMore();
  }
}

/** Enabled feeds with a spec. */
function usable(feeds: FeedDefinition[]): FeedDefinition[] {
  return feeds.filter((f) => f && f.enabled !== false && typeof f.spec === 'string');
}

/** Reads of the session (one per registry). */
export const readsModel = defineModel<void, ReadsModel>(
  'reads',
  (ctx) => new ReadsModel(ctx),
  () => '',
);
