import type { FeedDefinition } from '@swell/cache-protocol';
import type { CacheApi } from '../cache/cache-api.ts';
import type { Signer } from '../signers/signer.ts';
import { ValueStore, type Observable } from '../store.ts';
import type { UserRecordStore } from '../storage/user-record.ts';
import { parseAppSettings, type AppSettings } from './app-settings.ts';
import { parseFeedList } from './feed-list.ts';
import { settingsClientName, settingsKind, signUserRequest } from './user-request.ts';

export type FeedListName = 'home' | 'reads';

/** The app subsettings keys of the two feed lists (cache-protocol.md section 8). */
export const feedSubkeys: Record<FeedListName, string> = {
  home: 'user-home-feeds',
  reads: 'user-reads-feeds',
};

/** The spec's two settings messages (section 8), for the app to show. */
export const settingsNotices = {
  loadFailed: 'Failed to load settings. Will be using local settings.',
  saveFailed: 'Failed to save settings',
} as const;

export type SettingsNotice = (typeof settingsNotices)[keyof typeof settingsNotices];

export interface SettingsSnapshot {
  pubkey: string | null;
  /**
   * defaults (guest), loading, synced (from the server), local (the server could not be asked or
   * failed: the copy kept on this device is used).
   */
  status: 'defaults' | 'loading' | 'synced' | 'local';
  settings: AppSettings;
  /** The user's feed lists; null: none known yet (the app shows the server's defaults). */
  feeds: Record<FeedListName, FeedDefinition[] | null>;
  /** The last message for the user; `seq` grows with each, so each is shown once. */
  notice: { message: SettingsNotice; seq: number } | null;
  /** A change is waiting to be saved or being saved. */
  saving: boolean;
}

export interface SettingsSyncOptions {
  api: CacheApi;
  session: {
    readonly pubkey: string | null;
    readonly signer: Signer | null;
    getSnapshot(): { pubkey: string | null; signedInHere: boolean; resolved: boolean };
    subscribe(l: () => void): () => void;
  };
  records: UserRecordStore;
  /** Changes within this time are saved together (one signature). Default 400 ms. */
  saveDelayMs?: number;
  now?: () => number;
}

interface Pending {
  settings: boolean;
  home: boolean;
  reads: boolean;
}

/**
 * Settings on every device (spec section 4 "Settings"): loaded for a signed-in user, defaults
 * for guests, each change saved to the server.
 *
 * Signing policy (an extension or a remote signer asks the user for every signature):
 * - A local key signs a fresh request for every load and every save: nothing to ask.
 * - An extension or remote signer signs on a sign-in made in this tab (the user is there and
 *   expects it) and when something changes (one signature per change, changes within
 *   `saveDelayMs` together). A page load restores without any signature: the settings come from
 *   their public settings event (`set_app_settings` stores a signed kind 30078 event, which any
 *   client can read by its address) and the feed lists from the copy on this device.
 * Signed requests are never reused: the hardened server wants them fresh (created_at within 5
 * minutes) and refuses replays of state-changing ones; saves get a created_at after the last
 * one, so a quick second change is never older than the first.
 */
export class SettingsSync implements Observable<SettingsSnapshot> {
  private readonly o: SettingsSyncOptions;
  private readonly state: ValueStore<SettingsSnapshot>;
  private loadedFor: string | null = null;
  private generation = 0;
  private pending: Pending = { settings: false, home: false, reads: false };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> = Promise.resolve();
  private lastCreatedAt = 0;
  private seq = 0;
  /**
   * Local changes so far, per part, and how many of them a finished save holds: a load keeps
   * the local copy of a part changed while it ran or not yet saved when it started (the
   * server's answer may predate the change).
   */
  private changes = { settings: 0, home: 0, reads: 0 };
  private saved = { settings: 0, home: 0, reads: 0 };
  private waitingForSigner = false;

  constructor(options: SettingsSyncOptions) {
    this.o = options;
    const pk = options.session.pubkey;
    this.state = new ValueStore(this.localSnapshot(pk));
    this.resumeUnsaved(pk);
    options.session.subscribe(() => this.followSession());
    this.followSession();
  }

  getSnapshot = (): SettingsSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  get settings(): AppSettings {
    return this.getSnapshot().settings;
  }

  private set(patch: Partial<SettingsSnapshot>): void {
    this.state.set({ ...this.state.getSnapshot(), ...patch });
  }

  private nowSeconds(): number {
    return Math.floor((this.o.now ?? Date.now)() / 1000);
  }

  private notify(message: SettingsNotice): void {
    this.set({ notice: { message, seq: ++this.seq } });
  }

  /** The copy kept on this device (defaults for guests). */
  private localSnapshot(pk: string | null): SettingsSnapshot {
    const r = this.o.records.get(pk);
    const settings = parseAppSettings(r.appSettings ?? { theme: r.theme, animated: r.animated });
    return {
      pubkey: pk,
      status: pk ? 'loading' : 'defaults',
      settings,
      feeds: { home: parseFeedList(r.homeFeeds), reads: parseFeedList(r.readsFeeds) },
      notice: null,
      saving: false,
    };
  }

  private followSession(): void {
    const snap = this.o.session.getSnapshot();
    const pk = snap.pubkey;
    if (pk !== this.getSnapshot().pubkey) {
      this.generation++;
      this.loadedFor = null;
      this.cancelPending();
      this.changes = { settings: 0, home: 0, reads: 0 };
      this.saved = { settings: 0, home: 0, reads: 0 };
      this.state.set({ ...this.localSnapshot(pk), notice: this.getSnapshot().notice });
      this.resumeUnsaved(pk);
    }
    if (!pk) return;
    const signer = this.o.session.signer;
    if (this.waitingForSigner && snap.resolved) {
      this.waitingForSigner = false;
      void this.flush();
    }
    const mode = this.modeFor(signer, snap.signedInHere);
    // Load once per way of loading: a key unlocked later (a PIN) loads again, signed.
    const key = `${pk}:${mode}`;
    if (mode === 'wait' || this.loadedFor === key) return;
    if (mode === 'public' && this.loadedFor?.startsWith(`${pk}:signed`)) return;
    this.loadedFor = key;
    void this.load(mode);
  }

  private modeFor(signer: Signer | null, signedInHere: boolean): 'signed' | 'public' | 'wait' {
    if (signer && (signer.type === 'local' || signedInHere)) return 'signed';
    // Restored remote or extension session, or a key still locked: no prompt on a page load.
    if (signer || this.o.session.getSnapshot().resolved) return 'public';
    return 'wait';
  }

  /** Loads again (e.g. after the user asked to retry). */
  reload(): Promise<void> {
    const signer = this.o.session.signer;
    return this.load(signer ? 'signed' : 'public');
  }

  private async load(mode: 'signed' | 'public'): Promise<void> {
    const pk = this.o.session.pubkey;
    if (!pk) return;
    const gen = this.generation;
    const changesAtStart = { ...this.changes };
    const savedAtStart = { ...this.saved };
    this.set({ status: 'loading' });
    try {
      const loaded =
        mode === 'signed' && this.o.session.signer
          ? await this.loadSigned(this.o.session.signer)
          : await this.loadPublic(pk);
      if (gen !== this.generation) return;
      // A change made while loading wins over what the server had, whether its save is still
      // waiting or already done (the answer may predate it).
      const s = this.getSnapshot();
      const changed = (part: 'settings' | FeedListName) =>
        this.pending[part] ||
        this.changes[part] !== changesAtStart[part] ||
        changesAtStart[part] !== savedAtStart[part];
      const settings = changed('settings') ? s.settings : (loaded.settings ?? s.settings);
      const feeds = { ...s.feeds };
      for (const which of ['home', 'reads'] as const) {
        const list = loaded.feeds[which];
        if (list && !changed(which)) feeds[which] = list;
      }
      this.set({ status: 'synced', settings, feeds });
      this.keepLocal();
    } catch (e) {
      if (gen !== this.generation) return;
      console.warn('loading settings failed:', (e as Error).message);
      this.set({ status: 'local' });
      this.notify(settingsNotices.loadFailed);
    }
  }

  private async loadSigned(signer: Signer) {
    const [settingsReq, homeReq, readsReq] = await Promise.all([
      signUserRequest(signer, { description: 'Sync app settings' }),
      signUserRequest(signer, { subkey: feedSubkeys.home }),
      signUserRequest(signer, { subkey: feedSubkeys.reads }),
    ]);
    const [page, home, reads] = await Promise.all([
      this.o.api.getAppSettings(settingsReq),
      this.o.api.getAppSubsettings(homeReq),
      this.o.api.getAppSubsettings(readsReq),
    ]);
    const stored = page.others.find(
      (e) => e.kind === settingsKind && e.pubkey === settingsReq.pubkey,
    );
    if (stored) this.lastCreatedAt = Math.max(this.lastCreatedAt, stored.created_at);
    // Nothing stored yet: the copy on this device stands (it is the defaults unless the user
    // changed something here whose save has not reached the server, e.g. a reload right after).
    const settings = stored ? parseJson(stored.content) : undefined;
    return {
      settings: settings === undefined ? null : parseAppSettings(settings),
      feeds: {
        home: parseFeedList(home.appSubsettings?.settings),
        reads: parseFeedList(reads.appSubsettings?.settings),
      },
    };
  }

  private async loadPublic(pk: string) {
    const page = await this.o.api.page('parametrized_replaceable_event', {
      pubkey: pk,
      kind: settingsKind,
      identifier: settingsClientName,
      extended_response: false,
    });
    const stored = page.others.find((e) => e.kind === settingsKind && e.pubkey === pk);
    if (stored) this.lastCreatedAt = Math.max(this.lastCreatedAt, stored.created_at);
    return {
      settings: stored ? parseAppSettings(parseJson(stored.content)) : null,
      feeds: { home: null, reads: null },
    };
  }

  private keepLocal(): void {
    const s = this.getSnapshot();
    this.o.records.update(s.pubkey, {
      appSettings: s.settings,
      theme: s.settings.theme,
      animated: s.settings.animated,
      ...(s.feeds.home ? { homeFeeds: s.feeds.home } : {}),
      ...(s.feeds.reads ? { readsFeeds: s.feeds.reads } : {}),
    });
  }

  // ---- changes -----------------------------------------------------------------------------

  /**
   * Parts changed on this device whose save had not succeeded when the page went away (a reload
   * right after a change, a failed save): they count as changed, so the server's older copy
   * does not replace them, and they are saved again.
   */
  private resumeUnsaved(pk: string | null): void {
    if (!pk) return;
    for (const part of unsavedParts(this.o.records.get(pk).settingsUnsaved)) {
      this.changes[part] += 1;
      this.schedule(part);
    }
  }

  /** Marks (or clears) a part as changed here and not yet saved, in the record on this device. */
  private markUnsaved(part: keyof Pending, unsaved: boolean): void {
    const pk = this.getSnapshot().pubkey;
    if (!pk) return;
    this.o.records.update(pk, (r) => {
      const parts = new Set(unsavedParts(r.settingsUnsaved));
      if (unsaved) parts.add(part);
      else parts.delete(part);
      return { settingsUnsaved: [...parts] };
    });
  }

  /** Changes settings at once (and on this device); saved to the server shortly after. */
  update(patch: Partial<AppSettings>): void {
    const s = this.getSnapshot();
    this.set({ settings: { ...s.settings, ...patch } });
    this.changes.settings += 1;
    this.keepLocal();
    this.markUnsaved('settings', true);
    this.schedule('settings');
  }

  /** Replaces a feed list (the editing rules are in `feed-list.ts`); saved shortly after. */
  setFeeds(which: FeedListName, list: FeedDefinition[]): void {
    const s = this.getSnapshot();
    this.set({ feeds: { ...s.feeds, [which]: list } });
    this.changes[which] += 1;
    this.keepLocal();
    this.markUnsaved(which, true);
    this.schedule(which);
  }

  /** The server's default list (`get_home_feeds` / `get_reads_feeds`). */
  defaultFeeds(which: FeedListName): Promise<FeedDefinition[]> {
    return which === 'home' ? this.o.api.getHomeFeeds() : this.o.api.getReadsFeeds();
  }

  /** Restore defaults: the server's default list replaces the user's. */
  async restoreDefaultFeeds(which: FeedListName): Promise<void> {
    this.setFeeds(which, await this.defaultFeeds(which));
  }

  private schedule(part: keyof Pending): void {
    if (!this.getSnapshot().pubkey) return; // guests keep settings on this device only
    this.pending[part] = true;
    this.set({ saving: true });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.o.saveDelayMs ?? 400);
  }

  private cancelPending(): void {
    this.waitingForSigner = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = { settings: false, home: false, reads: false };
  }

  /** Saves what is waiting now; resolves when saved (or failed: the notice is set). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const gen = this.generation;
    this.saving = this.saving.then(() => this.save(gen));
    return this.saving;
  }

  private async save(gen: number): Promise<void> {
    const parts = this.pending;
    if (!parts.settings && !parts.home && !parts.reads) return;
    const signer = this.o.session.signer;
    if (!signer && !this.o.session.getSnapshot().resolved) {
      // A change made while the page still signs in (the key not read yet): it is saved once
      // the signer is there (`followSession`), not failed.
      this.waitingForSigner = true;
      return;
    }
    this.pending = { settings: false, home: false, reads: false };
    const covering = { ...this.changes };
    const s = this.getSnapshot();
    try {
      if (!signer || !s.pubkey) throw new Error('not-signed-in');
      const jobs: Array<Promise<unknown>> = [];
      if (parts.settings) {
        const created_at = this.nextCreatedAt();
        const event = await signer.signEvent({
          kind: settingsKind,
          tags: [['d', settingsClientName]],
          content: JSON.stringify(s.settings),
          created_at,
        });
        jobs.push(this.o.api.page('set_app_settings', { settings_event: event }));
      }
      for (const which of ['home', 'reads'] as const) {
        const list = s.feeds[which];
        if (!parts[which] || !list) continue;
        const event = await signUserRequest(
          signer,
          { subkey: feedSubkeys[which], settings: list },
          this.nextCreatedAt(),
        );
        jobs.push(this.o.api.page('set_app_subsettings', { event_from_user: event }));
      }
      await Promise.all(jobs);
      if (gen !== this.generation) return;
      for (const part of ['settings', 'home', 'reads'] as const) {
        if (!parts[part]) continue;
        this.saved[part] = Math.max(this.saved[part], covering[part]);
        if (this.saved[part] >= this.changes[part]) this.markUnsaved(part, false);
      }
    } catch (e) {
      console.warn('saving settings failed:', (e as Error).message);
      if (gen === this.generation) this.notify(settingsNotices.saveFailed);
    } finally {
      if (gen === this.generation && !this.timer) this.set({ saving: false });
    }
  }

  /** Now, or one second after the last signed settings event (replaceable: newest wins). */
  private nextCreatedAt(): number {
    this.lastCreatedAt = Math.max(this.nowSeconds(), this.lastCreatedAt + 1);
    return this.lastCreatedAt;
  }

  close(): void {
    this.cancelPending();
  }
}

function unsavedParts(value: unknown): Array<keyof Pending> {
  const parts: Array<keyof Pending> = ['settings', 'home', 'reads'];
  return Array.isArray(value) ? parts.filter((p) => value.includes(p)) : [];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
