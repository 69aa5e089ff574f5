import type { NostrEvent } from '@swell/nostr';
import { ClientError } from '../errors.ts';
import type { PublishAttempt } from '../publish/publisher.ts';
import type { Signer } from '../signers/signer.ts';
import { ValueStore, type Observable } from '../store.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import type { EntityStore } from '../store/entity-store.ts';
import {
  bookmarksOf,
  bookmarkUpdate,
  type BookmarkConfirmation,
  type BookmarkTarget,
  type Bookmarks,
} from './bookmarks.ts';
import {
  allowlistOf,
  allowlistUpdate,
  filterListsOf,
  filterListUpdate,
  type FilterListChange,
  type FilterListEntry,
} from './filter-lists.ts';
import { followsOf, followUpdate, type FollowConfirmation } from './follow.ts';
import type { ListLoaders } from './list-loaders.ts';
import { updateList, type ListOutcome, type ListUpdate } from './list-update.ts';
import {
  muteRulesOf,
  muteUpdate,
  PrivateTagsMemo,
  readMuteList,
  type MuteEntry,
  type MuteKind,
} from './mute.ts';
import { reportUser, type ReportInput, type ReportOutcome } from './report.ts';
import type { CacheApi } from '../cache/cache-api.ts';

export type ListName = 'contacts' | 'mutes' | 'filterLists' | 'allowlist' | 'bookmarks';

export interface AccountListsSnapshot {
  pubkey: string | null;
  /** idle (guest), loading, ready, or error (the cached copy is shown, actions still fetch). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: string;
  following: readonly string[];
  /** created_at of the contact list the follows come from. */
  followingSince: number | null;
  /** Spec section 4: the pubkey a follow/unfollow is running for (its button is disabled). */
  followInProgress: string | null;
  mutes: readonly MuteEntry[];
  /** The encrypted part of the mute list: none, read, or unreadable with this signer. */
  privateMutes: 'none' | 'ok' | 'unreadable';
  filterLists: readonly FilterListEntry[];
  allowlist: readonly string[];
  bookmarks: Bookmarks;
  /** Lists with an action in flight. */
  busy: Readonly<Partial<Record<ListName, boolean>>>;
}

/** What is kept in the per-user record so moderation applies before the network answers. */
interface CachedLists {
  following: string[];
  followingSince: number | null;
  mutes: MuteEntry[];
  /** The encrypted content of the mute list, and its tags once opened (no prompt next time). */
  mutedPrivate: string;
  privateTags: string[][] | null;
  filterLists: FilterListEntry[];
  allowlist: string[];
  bookmarks: Bookmarks;
  /** Public mutes of the subscribed filter lists (content scope), by owner. */
  filterMutes: Record<string, string[]>;
}

export interface AccountListsOptions {
  api: CacheApi;
  loaders: ListLoaders;
  store: EntityStore;
  records: UserRecordStore;
  session: {
    readonly pubkey: string | null;
    readonly signer: Signer | null;
    requireSigner(): Signer;
    subscribe(l: () => void): () => void;
  };
  /** Publishes a signed event (the write path's publisher). */
  publish(event: NostrEvent): Promise<PublishAttempt>;
  /** Whether subscribed filter lists apply (settings `applyContentModeration`). */
  applyFilterLists?: () => boolean;
}

const emptyBookmarks: Bookmarks = { notes: [], articles: [] };

const initial = (pubkey: string | null): AccountListsSnapshot => ({
  pubkey,
  status: pubkey ? 'loading' : 'idle',
  following: [],
  followingSince: null,
  followInProgress: null,
  mutes: [],
  privateMutes: 'none',
  filterLists: [],
  allowlist: [],
  bookmarks: emptyBookmarks,
  busy: {},
});

/**
 * The signed-in user's lists (follows, mutes, filter lists, allowlist, bookmarks): loaded at
 * login (the copy kept in the per-user record shows at once), observable for the app, and
 * changed only through list actions that fetch the latest list, modify, publish, and update this
 * state on success only (spec section 4). Actions on one list run one after another, so two
 * quick follows never build on the same old list. The user's moderation (own mutes, private
 * entries included, plus the public mutes of subscribed filter lists minus the allowlist) is
 * handed to the entity store, which hides matching notes in every feed at once.
 */
export class AccountLists implements Observable<AccountListsSnapshot> {
  private readonly o: AccountListsOptions;
  private readonly state: ValueStore<AccountListsSnapshot>;
  private filterMutes: Record<string, string[]> = {};
  private mutedPrivate = '';
  private readonly memo = new PrivateTagsMemo();
  private generation = 0;
  private readonly queues = new Map<ListName, Promise<unknown>>();
  private viewer: string | null;
  private signer: Signer | null;
  private loading: Promise<void> | null = null;

  constructor(options: AccountListsOptions) {
    this.o = options;
    this.viewer = options.session.pubkey;
    this.signer = options.session.signer;
    this.state = new ValueStore(initial(this.viewer));
    this.restoreCached();
    options.session.subscribe(() => this.followSession());
  }

  getSnapshot = (): AccountListsSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  private set(patch: Partial<AccountListsSnapshot>): void {
    this.state.set({ ...this.state.getSnapshot(), ...patch });
  }

  private followSession(): void {
    const pk = this.o.session.pubkey;
    const signer = this.o.session.signer;
    if (pk !== this.viewer) {
      this.viewer = pk;
      this.signer = signer;
      this.generation++;
      this.loading = null;
      this.filterMutes = {};
      this.mutedPrivate = '';
      this.memo.clear();
      this.state.set(initial(pk));
      this.restoreCached();
      if (pk) void this.load();
      return;
    }
    if (signer !== this.signer) {
      this.signer = signer;
      // A key just unlocked can read the private entries now.
      if (signer && pk && this.getSnapshot().privateMutes === 'unreadable') void this.reloadMutes();
    }
  }

  // ---- loading -----------------------------------------------------------------------------

  /** Loads every list of the signed-in user (once per sign-in; `force` loads again). */
  load(force = false): Promise<void> {
    const me = this.viewer;
    if (!me) return Promise.resolve();
    if (this.loading && !force) return this.loading;
    const gen = this.generation;
    this.set({ status: 'loading' });
    const l = this.o.loaders;
    this.loading = (async () => {
      try {
        const [contacts, mutes, filters, allow, bookmarks] = await Promise.all([
          l.latestContacts(me),
          l.latestMuteList(me),
          l.latestFilterLists(me),
          l.latestAllowlist(me),
          l.latestBookmarks(me),
        ]);
        if (gen !== this.generation) return;
        this.applyContacts(contacts);
        this.applyBookmarks(bookmarks);
        this.set({ allowlist: allowlistOf(allow) });
        await this.applyMutes(mutes, gen);
        await this.applyFilterLists(filters, gen);
        if (gen !== this.generation) return;
        const { error: _error, ...rest } = this.getSnapshot();
        this.state.set({ ...rest, status: 'ready' });
      } catch (e) {
        if (gen !== this.generation) return;
        console.warn('loading the lists failed:', (e as Error).message);
        this.set({ status: 'error', error: (e as Error).message });
        this.loading = null;
      }
    })();
    return this.loading;
  }

  private async reloadMutes(): Promise<void> {
    const me = this.viewer;
    if (!me) return;
    const gen = this.generation;
    try {
      await this.applyMutes(await this.o.loaders.latestMuteList(me), gen);
    } catch (e) {
      console.warn('loading the mute list failed:', (e as Error).message);
    }
  }

  private applyContacts(event: NostrEvent | null): void {
    this.set({ following: followsOf(event), followingSince: event?.created_at ?? null });
    this.saveCache();
  }

  private applyBookmarks(event: NostrEvent | null): void {
    this.set({ bookmarks: bookmarksOf(event) });
    this.saveCache();
  }

  private async applyMutes(event: NostrEvent | null, gen: number): Promise<void> {
    const me = this.viewer!;
    // The memo knows the encrypted part read last time (also from the record after a reload),
    // so an unchanged list needs no signer call.
    const view = await readMuteList(event, this.o.session.signer, me, this.memo);
    if (gen !== this.generation) return;
    this.mutedPrivate = event?.content ?? '';
    this.set({ mutes: view.entries, privateMutes: view.private.state });
    this.applyRules();
    this.saveCache();
  }

  private async applyFilterLists(event: NostrEvent | null, gen: number): Promise<void> {
    const me = this.viewer!;
    const entries = filterListsOf(event, me);
    const owners = entries.filter((e) => e.content && e.pubkey !== me).map((e) => e.pubkey);
    const lists = await Promise.all(
      owners.map((o) =>
        this.o.loaders.latestMuteList(o).catch((e: unknown) => {
          console.warn('a filter list could not be loaded:', (e as Error).message);
          return null;
        }),
      ),
    );
    if (gen !== this.generation) return;
    const filterMutes: Record<string, string[]> = {};
    owners.forEach((o, i) => {
      const list = lists[i];
      const previous = this.filterMutes[o];
      if (list) filterMutes[o] = followsOf(list);
      else if (previous) filterMutes[o] = previous;
    });
    this.filterMutes = filterMutes;
    this.set({ filterLists: entries });
    this.applyRules();
    this.saveCache();
  }

  /** Hands the moderation of now to the entity store. */
  applyRules(): void {
    const s = this.getSnapshot();
    const allowed = new Set(s.allowlist);
    const extra: string[] = [];
    if (this.o.applyFilterLists?.() ?? true) {
      for (const list of Object.values(this.filterMutes))
        for (const pk of list) if (!allowed.has(pk) && pk !== s.pubkey) extra.push(pk);
    }
    this.o.store.setMuteRules(muteRulesOf(s.mutes, extra));
  }

  private restoreCached(): void {
    const me = this.viewer;
    if (!me) {
      this.o.store.setMuteRules(muteRulesOf([]));
      return;
    }
    const c = this.o.records.get(me).lists as CachedLists | undefined;
    if (!c || typeof c !== 'object') {
      this.o.store.setMuteRules(muteRulesOf([]));
      return;
    }
    this.filterMutes = c.filterMutes ?? {};
    this.mutedPrivate = c.mutedPrivate ?? '';
    if (this.mutedPrivate && Array.isArray(c.privateTags))
      this.memo.set(this.mutedPrivate, c.privateTags);
    this.set({
      following: c.following ?? [],
      followingSince: c.followingSince ?? null,
      mutes: c.mutes ?? [],
      privateMutes: c.mutes?.some((m) => m.private) ? 'ok' : 'none',
      filterLists: c.filterLists ?? [],
      allowlist: c.allowlist ?? [],
      bookmarks: c.bookmarks ?? emptyBookmarks,
    });
    this.applyRules();
  }

  private saveCache(): void {
    const me = this.viewer;
    if (!me) return;
    const s = this.getSnapshot();
    const lists: CachedLists = {
      following: [...s.following],
      followingSince: s.followingSince,
      mutes: [...s.mutes],
      mutedPrivate: this.mutedPrivate,
      privateTags: this.mutedPrivate ? (this.memo.get(this.mutedPrivate) ?? null) : null,
      filterLists: [...s.filterLists],
      allowlist: [...s.allowlist],
      bookmarks: s.bookmarks,
      filterMutes: this.filterMutes,
    };
    this.o.records.update(me, {
      lists,
      following: lists.following,
      ...(s.followingSince !== null ? { followingSince: s.followingSince } : {}),
      bookmarks: s.bookmarks.notes,
    });
  }

  // ---- actions -----------------------------------------------------------------------------

  /** Runs list actions of one list one after another. */
  private queued<T>(list: ListName, run: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(list) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        this.set({ busy: { ...this.getSnapshot().busy, [list]: true } });
        try {
          return await run();
        } finally {
          this.set({ busy: { ...this.getSnapshot().busy, [list]: false } });
        }
      });
    this.queues.set(list, next);
    return next;
  }

  private me(): string {
    this.o.session.requireSigner();
    const me = this.o.session.pubkey;
    if (!me) throw new ClientError('not-signed-in');
    return me;
  }

  private run<C>(
    list: ListName,
    update: ListUpdate<C>,
    apply: (event: NostrEvent | null) => Promise<void> | void,
    confirmed = false,
  ): Promise<ListOutcome<C>> {
    const gen = this.generation;
    return this.queued(list, async () => {
      const outcome = await updateList(
        { session: this.o.session, publish: (e) => this.o.publish(e) },
        update,
        confirmed,
      );
      if (gen !== this.generation) return outcome;
      if (outcome.status === 'published') await apply(outcome.event);
      else if (outcome.status === 'unchanged') await apply(outcome.latest);
      else {
        // The user's answer comes later: confirming publishes through the same queue.
        return { ...outcome, confirm: () => this.run(list, update, apply, true) };
      }
      return outcome;
    });
  }

  /**
   * Follows `pubkey` (spec section 4). `already-following` when the lists show it; `not-signed-in`
   * for guests; `follow failed` when the publish fails (the list is left as it was). A result with
   * fewer than 2 follows comes back as `confirm` with the data.
   */
  follow(pubkey: string): Promise<ListOutcome<FollowConfirmation>> {
    return this.followAction('follow', pubkey);
  }

  /** Unfollows `pubkey`: `cannot-follow-self` for yourself, `not-following` when not followed. */
  unfollow(pubkey: string): Promise<ListOutcome<FollowConfirmation>> {
    return this.followAction('unfollow', pubkey);
  }

  private async followAction(
    action: 'follow' | 'unfollow',
    pubkey: string,
  ): Promise<ListOutcome<FollowConfirmation>> {
    const me = this.me();
    const following = this.getSnapshot().following.includes(pubkey);
    if (action === 'follow' && following) throw new ClientError('already-following');
    if (action === 'unfollow' && pubkey === me) throw new ClientError('cannot-follow-self');
    if (action === 'unfollow' && !following && this.getSnapshot().status === 'ready')
      throw new ClientError('not-following');
    const update = followUpdate(this.o.loaders, me, action, pubkey);
    const tracked = async <T>(p: () => Promise<T>): Promise<T> => {
      this.set({ followInProgress: pubkey });
      try {
        return await p();
      } finally {
        if (this.getSnapshot().followInProgress === pubkey) this.set({ followInProgress: null });
      }
    };
    const apply = (e: NostrEvent | null) => this.applyContacts(e);
    const wrap = (o: ListOutcome<FollowConfirmation>): ListOutcome<FollowConfirmation> =>
      o.status === 'confirm' ? { ...o, confirm: () => tracked(() => o.confirm()).then(wrap) } : o;
    return wrap(await tracked(() => this.run('contacts', update, apply)));
  }

  /** Mutes a user, word, hashtag or thread, publicly or in the encrypted part. */
  async mute(
    kind: MuteKind,
    value: string,
    options: { private?: boolean } = {},
  ): Promise<ListOutcome> {
    const me = this.me();
    const signer = this.o.session.requireSigner();
    const update = muteUpdate(
      this.o.loaders,
      signer,
      me,
      'mute',
      kind,
      value,
      options.private,
      this.memo,
    );
    return this.run('mutes', update, (e) => this.applyMutes(e, this.generation));
  }

  async unmute(kind: MuteKind, value: string): Promise<ListOutcome> {
    const me = this.me();
    const signer = this.o.session.requireSigner();
    const update = muteUpdate(this.o.loaders, signer, me, 'unmute', kind, value, false, this.memo);
    return this.run('mutes', update, (e) => this.applyMutes(e, this.generation));
  }

  /** Subscribes to, unsubscribes from, or re-scopes another user's mute list. */
  async changeFilterList(change: FilterListChange): Promise<ListOutcome> {
    const me = this.me();
    const update = filterListUpdate(this.o.loaders, me, change);
    return this.run('filterLists', update, (e) => this.applyFilterLists(e, this.generation));
  }

  async allow(pubkey: string): Promise<ListOutcome> {
    return this.allowAction('allow', pubkey);
  }

  async disallow(pubkey: string): Promise<ListOutcome> {
    return this.allowAction('disallow', pubkey);
  }

  private async allowAction(action: 'allow' | 'disallow', pubkey: string): Promise<ListOutcome> {
    const me = this.me();
    const update = allowlistUpdate(this.o.loaders, me, action, pubkey);
    return this.run('allowlist', update, (e) => {
      this.set({ allowlist: allowlistOf(e) });
      this.applyRules();
      this.saveCache();
    });
  }

  /** Bookmarks a note or an article; the first public bookmark asks first. */
  async bookmark(target: BookmarkTarget): Promise<ListOutcome<BookmarkConfirmation>> {
    return this.bookmarkAction('add', target);
  }

  /** Removes a bookmark; removing the last one asks first. */
  async unbookmark(target: BookmarkTarget): Promise<ListOutcome<BookmarkConfirmation>> {
    return this.bookmarkAction('remove', target);
  }

  private async bookmarkAction(
    action: 'add' | 'remove',
    target: BookmarkTarget,
  ): Promise<ListOutcome<BookmarkConfirmation>> {
    const me = this.me();
    const hint = this.o.store.relayHint(target.id) ?? '';
    const update = bookmarkUpdate(this.o.loaders, me, action, target, hint);
    return this.run('bookmarks', update, (e) => this.applyBookmarks(e));
  }

  /** Reports a user (NIP-56 and `report_user`). */
  async report(input: ReportInput): Promise<ReportOutcome> {
    this.me();
    return reportUser(
      {
        signer: this.o.session.requireSigner(),
        api: this.o.api,
        publish: (e) => this.o.publish(e),
      },
      input,
    );
  }
}
