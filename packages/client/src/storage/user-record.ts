import { readJson, writeJson, type StorageLike } from './storage.ts';
import { ValueStore } from '../store.ts';

export type ThemeName = 'sunset' | 'sunrise' | 'midnight' | 'ice';

/** Per relay URL: read and write flags (spec section 3 "relaySettings"). */
export type RelaySettings = Record<string, { read: boolean; write: boolean }>;

/**
 * The per-user local record (spec section 3), one storage key per public key. Fields are kept
 * loose (`unknown` where the app owns the shape) so the app can grow them; the ones the client
 * library itself reads are typed.
 */
export interface UserRecord {
  theme: ThemeName;
  animated: boolean;
  relaySettings: RelaySettings;
  /**
   * The relay list (kind 10002) this device published last, kept until the cache answers with
   * the same list: it stands for the user's list meanwhile (user-relays.ts).
   */
  relayListPending?: RelaySettings;
  selectedHomeFeed?: unknown;
  selectedReadsFeed?: unknown;
  selectedFeed?: unknown;
  selectedBookmarksFeed?: unknown;
  homeSidebarSelection?: unknown;
  following?: string[];
  followingSince?: number;
  muted?: string[];
  mutedPrivate?: string;
  mutedSince?: number;
  likes?: string[];
  bookmarks?: string[];
  feeds?: unknown[];
  homeFeeds?: unknown[];
  readsFeeds?: unknown[];
  /** Settings parts changed on this device whose save has not succeeded yet. */
  settingsUnsaved?: string[];
  msgContacts?: unknown;
  dmConversations?: unknown;
  dmLastConversation?: string;
  dmLastRelation?: string;
  userProfile?: unknown;
  recomended?: unknown;
  emojiHistory?: unknown[];
  noteDraft?: Record<string, string>;
  noteDraftUserRefs?: Record<string, unknown>;
  uploadTime?: Record<string, number>;
  premiumReminder?: number;
  dvms?: unknown[];
  [field: string]: unknown;
}

export const defaultUserRecord = (): UserRecord => ({
  theme: 'sunrise',
  animated: true,
  relaySettings: {},
  noteDraft: {},
  noteDraftUserRefs: {},
  uploadTime: { small: 250, medium: 250, large: 250, huge: 250, final: 100 },
  emojiHistory: [],
});

/** The key guests' preferences (e.g. theme) live under. */
export const guestKey = 'guest';

/**
 * Reads and writes per-user records. Each record is observable (`observe(pubkey)`) so screens
 * re-render when, say, the theme changes.
 */
export class UserRecordStore {
  private readonly storage: StorageLike;
  private readonly stores = new Map<string, ValueStore<UserRecord>>();

  constructor(storage: StorageLike) {
    this.storage = storage;
  }

  get(pubkey: string | null | undefined): UserRecord {
    return this.observe(pubkey).getSnapshot();
  }

  /** Merges `patch` (or the result of `fn`) into the record and stores it. */
  update(
    pubkey: string | null | undefined,
    patch: Partial<UserRecord> | ((r: UserRecord) => Partial<UserRecord>),
  ): UserRecord {
    const store = this.observe(pubkey);
    const current = store.getSnapshot();
    const next = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
    writeJson(this.storage, pubkey || guestKey, next);
    store.set(next);
    return next;
  }

  remove(pubkey: string): void {
    this.storage.removeItem(pubkey);
    this.stores.get(pubkey)?.set(defaultUserRecord());
  }

  observe(pubkey: string | null | undefined): ValueStore<UserRecord> {
    const key = pubkey || guestKey;
    let store = this.stores.get(key);
    if (!store) {
      const stored = readJson<Partial<UserRecord> | null>(this.storage, key, null);
      const record =
        stored && typeof stored === 'object' && !Array.isArray(stored)
          ? { ...defaultUserRecord(), ...stored }
          : defaultUserRecord();
      store = new ValueStore(record);
      this.stores.set(key, store);
    }
    return store;
  }
}
