import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/store.ts';

/** Tables the cache API keeps for itself (created on first use, additive). */
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

const ready = new WeakMap<Store, Promise<Kysely<CacheDatabase>>>();

/** The store's Kysely handle with the cache's own tables, created if missing. */
export function cacheDb(store: Store): Promise<Kysely<CacheDatabase>> {
  let p = ready.get(store);
  if (!p) {
    p = create(store);
    ready.set(store, p);
  }
  return p;
}

async function create(store: Store): Promise<Kysely<CacheDatabase>> {
  const db = store.db as unknown as Kysely<CacheDatabase>;
  const int = store.dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('cache_link_previews')
    .ifNotExists()
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('fetched_at', int, (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('cache_app_subsettings')
    .ifNotExists()
    .addColumn('pubkey', 'text', (c) => c.notNull())
    .addColumn('subkey', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('cache_app_subsettings_pk', ['pubkey', 'subkey'])
    .execute();
  await db.schema
    .createTable('cache_user_reports')
    .ifNotExists()
    .addColumn('reporter', 'text', (c) => c.notNull())
    .addColumn('pubkey', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('created_at', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('cache_user_reports_pk', ['reporter', 'pubkey'])
    .execute();
  return db;
}
