import { MEDIA_EVENT_KINDS } from '@swell/nostr';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { backfillZapPollOptions, recountPolls } from '../ingest/derive-polls.ts';
import { deriveComment, deriveHighlight } from '../ingest/derive-comments.ts';
import { rowToEvent } from '../ingest/derive-helpers.ts';
import type { SqlExec } from './sql.ts';
import type { StoreDialect } from './store.ts';

/** The ingestion's SQL executor over a migration's connection (for backfills that derive). */
function execOver(db: Kysely<unknown>, dialect: StoreDialect): SqlExec {
  const compile = (text: string, params: readonly unknown[]) => {
    let n = 0;
    const q = dialect === 'postgres' ? text.replace(/\?/g, () => `$${++n}`) : text;
    return CompiledQuery.raw(q, [...params]);
  };
  return {
    dialect,
    all: async <T>(text: string, params: readonly unknown[] = []) =>
      (await db.executeQuery<T>(compile(text, params))).rows,
    run: async (text: string, params: readonly unknown[] = []) =>
      Number((await db.executeQuery(compile(text, params))).numAffectedRows ?? 0),
  };
}

/**
 * Migration 0015's backfill of data stored before it: the zap poll option of each zap receipt,
 * the counted votes of each poll, and picture posts and video events added to their authors'
 * media counts. Exported for its test.
 */
export async function backfillPollsAndMedia(
  db: Kysely<unknown>,
  dialect: StoreDialect,
): Promise<void> {
  const tx = execOver(db, dialect);
  const ctx = { tx, now: Math.floor(Date.now() / 1000) };
  await backfillZapPollOptions(ctx);
  await recountPolls(ctx);
  const media = await tx.all<{ pubkey: string; n: number }>(
    `SELECT pubkey, count(*) AS n FROM events WHERE kind IN (${MEDIA_EVENT_KINDS.join(', ')}) GROUP BY pubkey`,
  );
  for (const r of media)
    await tx.run(
      'INSERT INTO user_stats (pubkey, media_count) VALUES (?, ?) ON CONFLICT (pubkey) DO UPDATE SET media_count = user_stats.media_count + excluded.media_count',
      [r.pubkey, Number(r.n)],
    );
}

/**
 * Migration 0016's backfill: the NIP-22 comments (1111) stored before it get their thread rows,
 * their counts in their roots' and parents' replies and their notifications; highlights (9802)
 * their notifications. Oldest first, in pages of 500. Exported for its test.
 */
export async function backfillComments(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  const tx = execOver(db, dialect);
  const ctx = { tx, now: Math.floor(Date.now() / 1000) };
  let after = { created_at: -1, id: '' };
  for (;;) {
    const rows = await tx.all<Parameters<typeof rowToEvent>[0]>(
      `SELECT id, pubkey, created_at, kind, tags, content, sig FROM events
       WHERE kind IN (1111, 9802) AND (created_at > ? OR (created_at = ? AND id > ?))
       ORDER BY created_at, id LIMIT 500`,
      [after.created_at, after.created_at, after.id],
    );
    for (const row of rows) {
      const e = rowToEvent(row);
      if (e.kind === 1111) await deriveComment(ctx, e);
      else await deriveHighlight(ctx, e);
      after = { created_at: e.created_at, id: e.id };
    }
    if (rows.length < 500) return;
  }
}

/** Kinds the follows and profile feeds show (architecture.md, Storage; cache-protocol.md 6). */
const FEED_INDEX_KINDS = [1, 6, 20, 21, 22, 1068, 6969, 34235, 34236];

/**
 * Schema migrations for both dialects. Each migration is written once with Kysely's schema
 * builder; the few dialect-specific parts (column integer width, PostgreSQL's partial covering
 * index for the home feed) branch on `dialect`. Never edit a released migration: add one.
 */
function migrations(dialect: StoreDialect): Record<string, Migration> {
  // Unix seconds and amounts in msats need 64 bits on PostgreSQL; SQLite's INTEGER is 64-bit.
  const int = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    '0001-initial': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('events')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('kind', 'integer', (c) => c.notNull())
          .addColumn('tags', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('sig', 'text', (c) => c.notNull())
          .addColumn('first_seen', int, (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX events_pubkey_kind_created ON events (pubkey, kind, created_at DESC)`.execute(
          db,
        );
        await sql`CREATE INDEX events_kind_created ON events (kind, created_at DESC)`.execute(db);
        await sql`CREATE INDEX events_created ON events (created_at DESC)`.execute(db);
        if (dialect === 'postgres') {
          // Home feed: LATERAL per author over this index, ids only (architecture.md, Storage).
          await sql`CREATE INDEX events_feed_notes ON events (pubkey, created_at DESC) INCLUDE (id) WHERE kind IN (1, 6)`.execute(
            db,
          );
        }

        await db.schema
          .createTable('event_tags')
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('kind', 'integer', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX event_tags_lookup ON event_tags (name, value, kind, created_at DESC)`.execute(
          db,
        );
        await sql`CREATE INDEX event_tags_event ON event_tags (event_id)`.execute(db);

        await db.schema
          .createTable('replaceable_heads')
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('kind', 'integer', (c) => c.notNull())
          .addColumn('d_tag', 'text', (c) => c.notNull())
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addPrimaryKeyConstraint('replaceable_heads_pk', ['pubkey', 'kind', 'd_tag'])
          .execute();

        await db.schema
          .createTable('deletions')
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('deletion_id', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addPrimaryKeyConstraint('deletions_pk', ['target', 'pubkey'])
          .execute();

        await db.schema
          .createTable('threads')
          .addColumn('event_id', 'text', (c) => c.primaryKey())
          .addColumn('parent_id', 'text')
          .addColumn('root_id', 'text')
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('kind', 'integer', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX threads_parent ON threads (parent_id, created_at DESC)`.execute(db);
        await sql`CREATE INDEX threads_root ON threads (root_id, created_at DESC)`.execute(db);

        await db.schema
          .createTable('event_stats')
          .addColumn('event_id', 'text', (c) => c.primaryKey())
          .addColumn('likes', int, (c) => c.notNull().defaultTo(0))
          .addColumn('replies', int, (c) => c.notNull().defaultTo(0))
          .addColumn('mentions', int, (c) => c.notNull().defaultTo(0))
          .addColumn('reposts', int, (c) => c.notNull().defaultTo(0))
          .addColumn('zaps', int, (c) => c.notNull().defaultTo(0))
          .addColumn('satszapped', int, (c) => c.notNull().defaultTo(0))
          .addColumn('score', int, (c) => c.notNull().defaultTo(0))
          .addColumn('score24h', int, (c) => c.notNull().defaultTo(0))
          .addColumn('bookmarks', int, (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', int, (c) => c.notNull().defaultTo(0))
          .addColumn('pubkey', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await sql`CREATE INDEX event_stats_created ON event_stats (created_at DESC)`.execute(db);
        await sql`CREATE INDEX event_stats_score24h ON event_stats (score24h DESC)`.execute(db);

        await db.schema
          .createTable('score_points')
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('points', int, (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('expired', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('score_points_pk', ['event_id', 'actor', 'action'])
          .execute();
        await sql`CREATE INDEX score_points_live ON score_points (expired, created_at)`.execute(db);

        await db.schema
          .createTable('user_stats')
          .addColumn('pubkey', 'text', (c) => c.primaryKey())
          .addColumn('follows_count', int, (c) => c.notNull().defaultTo(0))
          .addColumn('followers_count', int, (c) => c.notNull().defaultTo(0))
          .addColumn('note_count', int, (c) => c.notNull().defaultTo(0))
          .addColumn('long_form_note_count', int, (c) => c.notNull().defaultTo(0))
          .addColumn('reply_count', int, (c) => c.notNull().defaultTo(0))
          .addColumn('time_joined', int, (c) => c.notNull().defaultTo(0))
          .addColumn('relay_count', int, (c) => c.notNull().defaultTo(0))
          .addColumn('total_zap_count', int, (c) => c.notNull().defaultTo(0))
          .addColumn('total_satszapped', int, (c) => c.notNull().defaultTo(0))
          .addColumn('media_count', int, (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`CREATE INDEX user_stats_followers ON user_stats (followers_count DESC)`.execute(
          db,
        );

        await db.schema
          .createTable('follows')
          .addColumn('follower', 'text', (c) => c.notNull())
          .addColumn('followed', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addPrimaryKeyConstraint('follows_pk', ['follower', 'followed'])
          .execute();
        await sql`CREATE INDEX follows_followed ON follows (followed, follower)`.execute(db);

        await db.schema
          .createTable('zaps')
          .addColumn('receipt_id', 'text', (c) => c.primaryKey())
          .addColumn('sender', 'text', (c) => c.notNull())
          .addColumn('receiver', 'text', (c) => c.notNull())
          .addColumn('event_id', 'text')
          .addColumn('coordinate', 'text')
          .addColumn('amount_msats', int, (c) => c.notNull())
          .addColumn('amount_sats', int, (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX zaps_event ON zaps (event_id, amount_msats DESC)`.execute(db);
        await sql`CREATE INDEX zaps_receiver ON zaps (receiver, created_at DESC)`.execute(db);
        await sql`CREATE INDEX zaps_sender ON zaps (sender, created_at DESC)`.execute(db);
        await sql`CREATE INDEX zaps_created ON zaps (created_at DESC)`.execute(db);

        await db.schema
          .createTable('note_actions')
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('event_id', 'text', (c) => c.notNull())
          .addColumn('liked', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('replied', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('reposted', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('zapped', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('quoted', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('note_actions_pk', ['pubkey', 'event_id'])
          .execute();

        await db.schema
          .createTable('notifications')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('source_event_id', 'text', (c) => c.notNull())
          .addColumn('subject_event_id', 'text')
          .addColumn('data', 'text', (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX notifications_receiver ON notifications (pubkey, created_at DESC)`.execute(
          db,
        );
        await sql`CREATE INDEX notifications_receiver_type ON notifications (pubkey, type, created_at DESC)`.execute(
          db,
        );

        await db.schema
          .createTable('notifications_seen')
          .addColumn('pubkey', 'text', (c) => c.primaryKey())
          .addColumn('seen_until', int, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('dm_counts')
          .addColumn('receiver', 'text', (c) => c.notNull())
          .addColumn('sender', 'text', (c) => c.notNull())
          .addColumn('cnt', int, (c) => c.notNull().defaultTo(0))
          .addColumn('latest_at', int, (c) => c.notNull())
          .addColumn('latest_event_id', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('dm_counts_pk', ['receiver', 'sender'])
          .execute();
        await sql`CREATE INDEX dm_counts_latest ON dm_counts (receiver, latest_at DESC)`.execute(
          db,
        );

        await db.schema
          .createTable('app_settings')
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('client', 'text', (c) => c.notNull())
          .addColumn('event', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addPrimaryKeyConstraint('app_settings_pk', ['pubkey', 'client'])
          .execute();

        await db.schema
          .createTable('upstream_cursors')
          .addColumn('relay', 'text', (c) => c.primaryKey())
          .addColumn('last_created_at', int, (c) => c.notNull())
          .execute();
      },
    },
    // The cache API's own tables (link previews, app subsettings, user reports). Earlier
    // builds created them on first use, so they may exist already.
    '0002-cache-tables': {
      async up(db: Kysely<unknown>) {
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
      },
    },
    // The NIP-05 name registry (before it, nostr.json served the earliest kind 0 claim, which
    // anyone could take over with an old created_at).
    '0003-nip05-names': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('nip05_names')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('updated_at', int, (c) => c.notNull())
          .execute();
        await sql`CREATE UNIQUE INDEX nip05_names_pubkey ON nip05_names (pubkey)`.execute(db);
      },
    },
    '0004-server-settings': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('server_settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
    },
    // App subsettings are stored as their bare value (the feeds array). A client that read the
    // old wrapped answer {subkey, settings} and wrote it back stored the wrapper: unwrap it.
    '0005-app-subsettings-bare': {
      async up(db: Kysely<unknown>) {
        const rows = await sql<{ pubkey: string; subkey: string; settings: string }>`
          SELECT pubkey, subkey, settings FROM cache_app_subsettings`.execute(db);
        for (const r of rows.rows) {
          const bare = unwrapSubsettings(r.subkey, r.settings);
          if (bare === undefined) continue;
          await sql`UPDATE cache_app_subsettings SET settings = ${bare}
            WHERE pubkey = ${r.pubkey} AND subkey = ${r.subkey}`.execute(db);
        }
      },
    },
    '0006-media-uploads': {
      // Uploaded files (Blossom and the cache's chunked upload): each file once by its hash,
      // and who uploaded it (media/media-tables.ts).
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('media_blobs')
          .ifNotExists()
          .addColumn('sha256', 'text', (c) => c.primaryKey())
          .addColumn('size', int, (c) => c.notNull())
          .addColumn('mime', 'text', (c) => c.notNull())
          .addColumn('ext', 'text', (c) => c.notNull())
          .addColumn('width', 'integer')
          .addColumn('height', 'integer')
          .addColumn('duration', 'double precision')
          .addColumn('animated', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('poster', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', int, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('media_uploads')
          .ifNotExists()
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('uploaded_at', int, (c) => c.notNull())
          .addColumn('origin', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('media_uploads_pk', ['pubkey', 'sha256'])
          .execute();
        await sql`CREATE INDEX IF NOT EXISTS media_uploads_by_owner ON media_uploads (pubkey, uploaded_at DESC, sha256 DESC)`.execute(
          db,
        );
        await sql`CREATE INDEX IF NOT EXISTS media_uploads_by_blob ON media_uploads (sha256)`.execute(
          db,
        );
      },
    },
    // (0006 is the uploads branch's media tables.) Membership: members, purchases (quotes),
    // earlier versions of contact lists, and the signed requests already used (replay guard).
    // Types: membership/membership-tables.ts.
    '0007-membership': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('memberships')
          .addColumn('pubkey', 'text', (c) => c.primaryKey())
          .addColumn('tier', 'text', (c) => c.notNull())
          .addColumn('premium_since', int)
          .addColumn('legend_since', int)
          .addColumn('expires_on', int)
          .addColumn('cohort_1', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('cohort_2', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('donated_usd_cents', int, (c) => c.notNull().defaultTo(0))
          .addColumn('legend_style', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('legend_custom_badge', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('legend_avatar_glow', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('legend_in_leaderboard', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('legend_shoutout', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('updated_at', int, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('membership_quotes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('payer', 'text', (c) => c.notNull())
          .addColumn('receiver', 'text', (c) => c.notNull())
          .addColumn('product_id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('amount_usd_cents', int, (c) => c.notNull())
          .addColumn('amount_msat', int, (c) => c.notNull())
          .addColumn('bolt11', 'text', (c) => c.notNull())
          .addColumn('payment_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('expires_at', int, (c) => c.notNull())
          .addColumn('completed_at', int)
          .execute();
        await sql`CREATE UNIQUE INDEX membership_quotes_hash ON membership_quotes (payment_hash)`.execute(
          db,
        );
        await sql`CREATE INDEX membership_quotes_payer ON membership_quotes (payer, completed_at DESC)`.execute(
          db,
        );
        await sql`CREATE INDEX membership_quotes_receiver ON membership_quotes (receiver, completed_at DESC)`.execute(
          db,
        );
        await sql`CREATE INDEX membership_quotes_name ON membership_quotes (name, expires_at)`.execute(
          db,
        );
        await db.schema
          .createTable('contact_list_history')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('tags', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('sig', 'text', (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX contact_list_history_owner ON contact_list_history (pubkey, created_at DESC, id)`.execute(
          db,
        );
        // Contact lists stored before this migration become the first entry of each history.
        await sql`INSERT INTO contact_list_history (id, pubkey, created_at, tags, content, sig)
          SELECT id, pubkey, created_at, tags, content, sig FROM events WHERE kind = 3`.execute(db);
        await db.schema
          .createTable('used_user_requests')
          .addColumn('sig', 'text', (c) => c.primaryKey())
          .addColumn('expires_at', int, (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX used_user_requests_expiry ON used_user_requests (expires_at)`.execute(
          db,
        );
      },
    },
    // NIP-17 gift wraps (kind 1059) addressed to a user, with their read state: the sender is
    // sealed inside, so unread wraps are counted per recipient and the recipient's client says
    // which it has read. A row with `received_at` 0 marks a wrap read before it arrived (the
    // sender's own copy, marked read as it is sent). Named after the 0006/0007 of other branches.
    '0008-gift-wraps': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('dm_gift_wraps')
          .addColumn('wrap_id', 'text', (c) => c.primaryKey())
          .addColumn('receiver', 'text', (c) => c.notNull())
          .addColumn('received_at', int, (c) => c.notNull())
          .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`CREATE INDEX dm_gift_wraps_unread ON dm_gift_wraps (receiver, is_read)`.execute(
          db,
        );
      },
    },
    // Signed requests seen PUBLISHED (through /relay, import_events, upstream) share the replay
    // guard's table, keyed by signature: whichever comes first, the proof or the publication,
    // wins in the database, so a published event never proves a request and a used proof is
    // never published (auth/published-proofs.ts). Named apart from other branches' 0009s.
    '0009-published-request-proofs': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('used_user_requests')
          .addColumn('origin', 'text', (c) => c.notNull().defaultTo('proof'))
          .execute();
      },
    },
    // A premium name is held for one open purchase at a time (membership/name-holds.ts), and a
    // purchase paid after its name went to someone else says so in the history.
    '0010-membership-name-holds': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('membership_name_holds')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('receiver', 'text', (c) => c.notNull())
          .addColumn('quote_id', 'text', (c) => c.notNull())
          .addColumn('expires_at', int, (c) => c.notNull())
          .execute();
        await db.schema
          .alterTable('membership_quotes')
          .addColumn('name_unavailable', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    // Upload quotas taken atomically (media/upload-reservations.ts): bytes reserved by uploads in
    // progress (a chunked upload holds its declared size until it completes or expires), which
    // uploads were made by regular users (no membership), and their running total, the row
    // every reservation locks, bounded by SWELL_UPLOAD_TOTAL_MB.
    '0011-upload-reservations': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('media_reservations')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('bytes', int, (c) => c.notNull())
          .addColumn('regular', 'integer', (c) => c.notNull())
          .addColumn('expires_at', int, (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX media_reservations_owner ON media_reservations (pubkey, expires_at)`.execute(
          db,
        );
        await db.schema
          .alterTable('media_uploads')
          .addColumn('regular', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        const now = Math.floor(Date.now() / 1000);
        await sql`UPDATE media_uploads SET regular = 0 WHERE pubkey IN (SELECT pubkey FROM memberships WHERE tier = 'premium-legend' OR expires_on > ${now})`.execute(
          db,
        );
        await db.schema
          .createTable('media_totals')
          .addColumn('scope', 'text', (c) => c.primaryKey())
          .addColumn('bytes', int, (c) => c.notNull())
          .execute();
        await sql`INSERT INTO media_totals (scope, bytes) SELECT 'regular', COALESCE(SUM(b.size), 0) FROM media_uploads u JOIN media_blobs b ON b.sha256 = u.sha256 WHERE u.regular = 1`.execute(
          db,
        );
      },
    },
    // Invoices of the operator's wallet connection (NIP-47), each state change kept, so a payment
    // seen, or made while the server was stopped, is applied after a restart
    // (membership/nwc-invoices.ts).
    '0012-nwc-invoices': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('nwc_invoices')
          .addColumn('payment_hash', 'text', (c) => c.primaryKey())
          .addColumn('wallet', 'text', (c) => c.notNull())
          .addColumn('bolt11', 'text', (c) => c.notNull())
          .addColumn('amount_msat', int, (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('expires_at', int, (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('settled_at', int)
          .addColumn('delivered_at', int)
          .addColumn('checked_at', int, (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`CREATE INDEX nwc_invoices_state ON nwc_invoices (state, expires_at)`.execute(db);
      },
    },
    // A member's content rebroadcast, one per member, with its progress, so it goes on after a
    // restart and its status survives it (membership/rebroadcasts.ts).
    '0013-rebroadcasts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('rebroadcasts')
          .addColumn('pubkey', 'text', (c) => c.primaryKey())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('kinds', 'text', (c) => c.notNull())
          .addColumn('relays', 'text', (c) => c.notNull())
          .addColumn('private_ok', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('total', int, (c) => c.notNull())
          .addColumn('done', int, (c) => c.notNull().defaultTo(0))
          .addColumn('accepted', int, (c) => c.notNull().defaultTo(0))
          .addColumn('cursor', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('started_at', int, (c) => c.notNull())
          .addColumn('updated_at', int, (c) => c.notNull())
          .addColumn('finished_at', int)
          .addColumn('lease_owner', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('lease_until', int, (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`CREATE INDEX rebroadcasts_state ON rebroadcasts (state, lease_until)`.execute(db);
      },
    },
    // Web Push (push/): devices, one delivery row per (notification, device) so that every
    // instance sends each push once, and the focus reports of users' tabs.
    '0014-web-push': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('push_subscriptions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('endpoint', 'text', (c) => c.notNull().unique())
          .addColumn('p256dh', 'text', (c) => c.notNull())
          .addColumn('auth', 'text', (c) => c.notNull())
          .addColumn('types', 'text', (c) => c.notNull())
          .addColumn('dms', 'integer', (c) => c.notNull())
          .addColumn('quiet_when_focused', 'integer', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('updated_at', int, (c) => c.notNull())
          .addColumn('tokens', 'double precision', (c) => c.notNull())
          .addColumn('tokens_at', int, (c) => c.notNull())
          .addColumn('blocked_until', int, (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`CREATE INDEX push_subscriptions_pubkey ON push_subscriptions (pubkey)`.execute(
          db,
        );
        await db.schema
          .createTable('push_deliveries')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('subscription_id', 'text', (c) => c.notNull())
          .addColumn('item', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('note', 'text')
          .addColumn('sats', int)
          .addColumn('created_at', int, (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_at', int, (c) => c.notNull())
          .addColumn('lease_owner', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('lease_until', int, (c) => c.notNull().defaultTo(0))
          .addColumn('digest', 'text')
          .addColumn('updated_at', int, (c) => c.notNull())
          .addUniqueConstraint('push_deliveries_once', ['subscription_id', 'item'])
          .execute();
        await sql`CREATE INDEX push_deliveries_due ON push_deliveries (status, next_at)`.execute(
          db,
        );
        await sql`CREATE INDEX push_deliveries_digest ON push_deliveries (digest)`.execute(db);
        await db.schema
          .createTable('push_presence')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('pubkey', 'text', (c) => c.notNull())
          .addColumn('expires_at', int, (c) => c.notNull())
          .addColumn('focused_until', int, (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`CREATE INDEX push_presence_pubkey ON push_presence (pubkey, focused_until)`.execute(
          db,
        );
        // The notifications an event caused, found after its commit (and by NIP-09 deletions,
        // which scanned the table for them).
        await sql`CREATE INDEX notifications_source ON notifications (source_event_id)`.execute(db);
      },
    },
    // Polls and media events (issue 37): zap poll options of zap receipts, the counted NIP-88
    // votes, picture posts and video events in the media counts, and on PostgreSQL the home
    // feed's partial index over every kind the follows feed shows. Existing data is backfilled.
    '0015-polls-media-feeds': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('zaps').addColumn('poll_option', 'text').execute();
        await db.schema
          .createTable('poll_votes')
          .addColumn('poll_id', 'text', (c) => c.notNull())
          .addColumn('voter', 'text', (c) => c.notNull())
          .addColumn('option_id', 'text', (c) => c.notNull())
          .addColumn('response_id', 'text', (c) => c.notNull())
          .addColumn('created_at', int, (c) => c.notNull())
          .addPrimaryKeyConstraint('poll_votes_pk', ['poll_id', 'voter', 'option_id'])
          .execute();
        if (dialect === 'postgres') {
          await sql`DROP INDEX IF EXISTS events_feed_notes`.execute(db);
          await sql`CREATE INDEX events_feed_posts ON events (pubkey, created_at DESC) INCLUDE (id) WHERE kind IN (${sql.raw(FEED_INDEX_KINDS.join(', '))})`.execute(
            db,
          );
        }
        await backfillPollsAndMedia(db, dialect);
      },
    },
    // NIP-22 comments and NIP-84 highlights (issue 36): comments stored before this migration
    // get their thread rows, counts and notifications, highlights their notifications.
    '0016-comments-highlights': {
      async up(db: Kysely<unknown>) {
        await backfillComments(db, dialect);
      },
    },
  };
}

/**
 * The bare settings JSON inside a stored `{subkey, settings}` wrapper (nested any depth), or
 * undefined when `json` is bare already.
 */
export function unwrapSubsettings(subkey: string, json: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  let unwrapped = false;
  while (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { subkey?: unknown }).subkey === subkey &&
    'settings' in value
  ) {
    value = (value as { settings: unknown }).settings;
    unwrapped = true;
  }
  return unwrapped ? JSON.stringify(value) : undefined;
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  const all = migrations(dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  // Unordered: branches developed side by side add migrations (0006 uploads, 0007 membership);
  // a database that ran a later one must still run an earlier one merged after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`storage migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
