import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/store.ts';

/** Tables the cache API keeps for itself (created by the store's migrations). */
export interface LinkPreviewsTable {
  url: string;
  /** JSON of LinkPreviewResource (url, mimetype, md_title, md_description, md_image, icon_url). */
  data: string;
  fetched_at: number;
  /** 1 when the fetch failed (cached briefly so a broken site is not hammered). */
  failed: number;
}

export interface AppSubsettingsTable {
  pubkey: string;
  subkey: string;
  /** JSON of the settings. */
  settings: string;
  created_at: number;
}

export interface UserReportsTable {
  reporter: string;
  pubkey: string;
  event: string;
  created_at: number;
}

export interface CacheDatabase extends Database {
  cache_link_previews: LinkPreviewsTable;
  cache_app_subsettings: AppSubsettingsTable;
  cache_user_reports: UserReportsTable;
}

/** The store's Kysely handle, typed with the cache's own tables (migration 0002-cache-tables). */
export function cacheDb(store: Store): Kysely<CacheDatabase> {
  return store.db as unknown as Kysely<CacheDatabase>;
}
