import type { FeedDefinition, FeedPage } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';
import { PagedFeed } from '../feed/paged-feed.ts';
import { ValueStore, type Observable } from '../store.ts';
import type { UserRecordStore } from '../storage/user-record.ts';

/** Reads pages hold 20 articles (spec section 9). */
export const readsPageSize = 20;

/** The spec of a topic's reads feed (`/reads/:topic`). */
export function topicSpec(topic: string): string {
  return JSON.stringify({ kind: 'reads', topic: topic.trim().replace(/^#/, '').toLowerCase() });
}

export interface ReadsFeedState {
  /** The feeds the user picks from: their own list, else the server's defaults. */
  feeds: FeedDefinition[];
  /** Spec string of what is shown (a feed of the list, or a topic feed). */
  selected: string | null;
  /** The topic shown (`/reads/:topic`), or null for a feed of the list. */
  topic: string | null;
  feed: PagedFeed | null;
  /** The feed list could not be loaded (and none was kept from before). */
  error: string | null;
}

export interface ReadsFeedOptions {
  api: CacheApi;
  ingest(load: () => Promise<FeedPage>): Promise<FeedPage>;
  records: UserRecordStore;
  /** The signed-in user, or null for a guest. */
  pubkey: string | null;
  /** Whose key a guest's feeds are asked with (the default account); omitted when unknown. */
  defaultPubkey?: string | null;
  /** The user's own reads feed list (app subsettings `user-reads-feeds`), null when none. */
  userFeeds?(): Promise<FeedDefinition[] | null>;
}

/**
 * The reads feed (spec section 4, "Reads feed"): the feed list (the user's subsettings, else
 * `get_reads_feeds`), the stored selection (`selectedReadsFeed`), topic feeds, and the articles
 * paged by published_at (or the order the cache's range names). Selecting a feed with a new spec
 * saves the selection, clears the articles and fetches the first page; the next page is skipped
 * while one loads or when since is 0. Without a public key the feeds are asked with the default
 * account's key.
 */
export class ReadsFeed implements Observable<ReadsFeedState> {
  private readonly state = new ValueStore<ReadsFeedState>({
    feeds: [],
    selected: null,
    topic: null,
    feed: null,
    error: null,
  });
  private readonly opts: ReadsFeedOptions;

  constructor(options: ReadsFeedOptions) {
    this.opts = options;
  }

  getSnapshot = (): ReadsFeedState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** The key the feeds are asked with: the user's, else the default account's. */
  get userPubkey(): string | undefined {
    return this.opts.pubkey ?? this.opts.defaultPubkey ?? undefined;
  }

  /**
   * Loads the feed list: the one kept from the last visit (record `readsFeeds`) at once, then the
   * user's own or the server's. Shows `topic` when given, else the stored selection or the first.
   */
  async start(topic?: string | null): Promise<void> {
    const { records, pubkey } = this.opts;
    const kept = records.get(pubkey).readsFeeds;
    if (Array.isArray(kept) && kept.length > 0) this.show(usable(kept as FeedDefinition[]), topic);
    else if (topic) this.showTopic(topic);
    try {
      let feeds = (await this.opts.userFeeds?.().catch(() => null)) ?? [];
      if (feeds.length === 0) feeds = await this.opts.api.getReadsFeeds(this.userPubkey);
      records.update(pubkey, { readsFeeds: feeds });
      this.show(usable(feeds), this.state.getSnapshot().topic ?? topic);
    } catch (e) {
      if (this.state.getSnapshot().feeds.length === 0)
        this.state.update({ error: (e as Error).message || String(e) });
    }
  }

  /**
   * The feed list changed (the user edited it in Settings > Reads feeds, or it arrived from the
   * server): the choice follows at once; the shown feed stays unless it left the list.
   */
  setFeeds(feeds: FeedDefinition[]): void {
    this.show(usable(feeds), this.state.getSnapshot().topic);
  }

  /** Shows a feed of the list; a new spec is stored as the selection and loads from the top. */
  select(spec: string): void {
    const s = this.state.getSnapshot();
    if (spec === s.selected && s.topic === null && s.feed) return;
    this.opts.records.update(this.opts.pubkey, { selectedReadsFeed: spec });
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

  /** Loads the next page (skipped while loading or when there is none). */
  loadMore(): Promise<void> {
    return this.state.getSnapshot().feed?.loadMore() ?? Promise.resolve();
  }

  /** Loads the shown feed's first page again. */
  refetch(): Promise<void> {
    return this.state.getSnapshot().feed?.refetch() ?? Promise.resolve();
  }

  /** Clears the shown feed's articles; the next `loadMore` starts from the top. */
  reset(): void {
    this.state.getSnapshot().feed?.reset();
  }

  dispose(): void {
    this.state.getSnapshot().feed?.dispose();
  }

  private show(feeds: FeedDefinition[], topic?: string | null): void {
    this.state.update({ feeds, error: null });
    if (topic) return this.showTopic(topic);
    const cur = this.state.getSnapshot();
    const stored = this.opts.records.get(this.opts.pubkey).selectedReadsFeed;
    const spec =
      feeds.find((f) => f.spec === cur.selected && cur.topic === null)?.spec ??
      feeds.find((f) => f.spec === stored)?.spec ??
      feeds[0]?.spec;
    if (spec && (spec !== cur.selected || cur.topic !== null || !cur.feed)) this.open(spec, null);
  }

  private open(spec: string, topic: string | null): void {
    this.state.getSnapshot().feed?.dispose();
    const { api, ingest } = this.opts;
    const userPubkey = this.userPubkey;
    const feed = new PagedFeed(
      (paging, signal) =>
        ingest(() =>
          api.megaFeed(
            spec,
            { limit: readsPageSize, ...paging, ...(userPubkey ? { user_pubkey: userPubkey } : {}) },
            { signal },
          ),
        ),
      { defaultOrderBy: 'published_at' },
    );
    this.state.update({ selected: spec, topic, feed });
    void feed.loadMore();
  }
}

/** Enabled feeds with a spec. */
function usable(feeds: FeedDefinition[]): FeedDefinition[] {
  return feeds.filter((f) => f && f.enabled !== false && typeof f.spec === 'string');
}
