import { resultEvent, ResultKind } from '@swell/cache-protocol';
import { getDTag, nip19, type NostrEvent } from '@swell/nostr';
import { sql } from 'kysely';
import {
  defaultAppSettings,
  defaultHomeFeeds,
  defaultReadsFeeds,
  defaultReadsTopics,
  defaultRelays,
} from '../defaults.ts';
import { limitOf, signedEvent } from '../params.ts';
import { EVENT_COLUMNS, rowToEvent } from '../queries/rows.ts';
import { CacheError, type CacheRequest } from '../request.ts';
import { cacheDb } from '../tables.ts';
import { proven, type RequestProof } from '../proven-command.ts';
import { USER_EVENT, USER_EVENT_WITH_CLIENT } from '../user-event.ts';
import { emitProfiles } from './users.ts';

function clientOf(e: NostrEvent): string {
  const d = e.tags.find((t) => t[0] === 'd')?.[1];
  if (!d) throw new CacheError('invalid event_from_user: missing d tag');
  return d.slice(0, 200);
}

export async function getHomeFeeds(req: CacheRequest): Promise<void> {
  req.emit(resultEvent(ResultKind.HomeFeeds, defaultHomeFeeds));
}

export async function getReadsFeeds(req: CacheRequest): Promise<void> {
  req.emit(resultEvent(ResultKind.ReadsFeeds, defaultReadsFeeds));
}

export async function getDefaultRelays(req: CacheRequest): Promise<void> {
  req.emit(resultEvent(ResultKind.DefaultRelays, defaultRelays(req.baseUrl)));
}

/** `get_app_releases` -> 10000138: the configured releases (README, Configuration). */
export async function getAppReleases(req: CacheRequest): Promise<void> {
  req.emit(resultEvent(ResultKind.AppReleases, await req.ctx.appReleases.releases()));
}

export async function getDefaultAppSettings(req: CacheRequest): Promise<void> {
  const client =
    typeof req.payload.client === 'string' ? req.payload.client.slice(0, 200) : 'Swell';
  req.emit(
    resultEvent(ResultKind.DefaultAppSettings, defaultAppSettings, { tags: [['d', client]] }),
  );
}

/** `get_app_settings {event_from_user}`: the stored settings event, or 10000103 defaults. */
export const getAppSettings = proven(USER_EVENT_WITH_CLIENT, async (req, e) => {
  const client = clientOf(e);
  const row = await req.store.db
    .selectFrom('app_settings')
    .select('event')
    .where('pubkey', '=', e.pubkey)
    .where('client', '=', client)
    .executeTakeFirst();
  if (row) {
    req.emit(JSON.parse(row.event) as NostrEvent);
    return;
  }
  req.emit(
    resultEvent(ResultKind.DefaultAppSettings, defaultAppSettings, { tags: [['d', client]] }),
  );
});

/** `set_app_settings {settings_event}`: stores the signed settings event and echoes it. */
export async function setAppSettings(req: CacheRequest): Promise<void> {
  const e = signedEvent(req.payload, 'settings_event', 30078);
  const client = clientOf(e);
  try {
    JSON.parse(e.content);
  } catch {
    throw new CacheError('invalid settings_event: content must be JSON');
  }
  await req.ctx.ingest([e], { source: 'cache' });
  await req.store.db
    .insertInto('app_settings')
    .values({ pubkey: e.pubkey, client, event: JSON.stringify(e), created_at: e.created_at })
    .onConflict((oc) =>
      oc
        .columns(['pubkey', 'client'])
        .doUpdateSet({ event: JSON.stringify(e), created_at: e.created_at })
        .where('app_settings.created_at', '<=', e.created_at),
    )
    .execute();
  req.emit(e);
}

function subkeyOf(e: NostrEvent): { subkey: string; settings?: unknown } {
  let c: { subkey?: unknown; settings?: unknown };
  try {
    c = JSON.parse(e.content || '{}') as typeof c;
  } catch {
    throw new CacheError('invalid event_from_user: content must be JSON');
  }
  if (typeof c.subkey !== 'string' || c.subkey.length === 0 || c.subkey.length > 100)
    throw new CacheError('invalid subkey');
  return { subkey: c.subkey, settings: c.settings };
}

/**
 * `get_app_subsettings {event_from_user}` -> 10000155 whose content is the bare stored value
 * (for the feed lists, the array of feeds; their defaults when none is stored).
 */
export const getAppSubsettings = proven(USER_EVENT, async (req, e) => {
  const { subkey } = subkeyOf(e);
  const db = cacheDb(req.store);
  const row = await db
    .selectFrom('cache_app_subsettings')
    .select('settings')
    .where('pubkey', '=', e.pubkey)
    .where('subkey', '=', subkey)
    .executeTakeFirst();
  let settings: unknown = row ? JSON.parse(row.settings) : undefined;
  if (settings === undefined) {
    if (subkey === 'user-home-feeds') settings = defaultHomeFeeds;
    else if (subkey === 'user-reads-feeds') settings = defaultReadsFeeds;
    else settings = null;
  }
  req.emit(resultEvent(ResultKind.AppSubsettings, settings));
});

/** The request of `set_app_subsettings`, under either name. */
const SUBSETTINGS_EVENT: RequestProof = {
  ...USER_EVENT,
  fields: ['event_from_user', 'settings_event'],
};

/**
 * `set_app_subsettings {event_from_user}`: a signed 30078 with content {subkey, settings}
 * (under `event_from_user` as the reference client sends it; `settings_event` is accepted too),
 * a request like any other (fresh, never published, used once); stores the bare settings and
 * echoes them as 10000155.
 */
export const setAppSubsettings = proven(SUBSETTINGS_EVENT, async (req, e) => {
  const { subkey, settings } = subkeyOf(e);
  if (settings === undefined) throw new CacheError('invalid settings');
  const text = JSON.stringify(settings);
  if (text.length > 256 * 1024) throw new CacheError('settings too big');
  const db = cacheDb(req.store);
  await db
    .insertInto('cache_app_subsettings')
    .values({ pubkey: e.pubkey, subkey, settings: text, created_at: e.created_at })
    .onConflict((oc) =>
      oc
        .columns(['pubkey', 'subkey'])
        .doUpdateSet({ settings: text, created_at: e.created_at })
        // an older signed event never overwrites newer settings
        .where('cache_app_subsettings.created_at', '<=', e.created_at),
    )
    .execute();
  req.emit(resultEvent(ResultKind.AppSubsettings, settings));
});

/**
 * `get_reads_topics` -> one 10000146: the topics (t tags) of this server's articles, most used
 * first; the default topics while there are no articles.
 */
export async function getReadsTopics(req: CacheRequest): Promise<void> {
  const rows = await req.store.db
    .selectFrom('event_tags')
    .select(['value', sql<number>`count(*)`.as('n')])
    .where('name', '=', 't')
    .where('kind', '=', 30023)
    .groupBy('value')
    .orderBy('n', 'desc')
    .orderBy('value')
    .limit(limitOf(req.payload, 30, 100))
    .execute();
  const topics = rows.map((r) => r.value).filter((t) => t.trim() !== '');
  req.emit(resultEvent(ResultKind.ReadsTopics, topics.length > 0 ? topics : defaultReadsTopics));
}

/**
 * `get_featured_authors` -> one 10000148: pubkeys of the users with the most articles (the
 * client asks their profiles itself).
 */
export async function getFeaturedAuthors(req: CacheRequest): Promise<void> {
  const rows = await req.store.db
    .selectFrom('user_stats')
    .select('pubkey')
    .where('long_form_note_count', '>', 0)
    .orderBy('long_form_note_count', 'desc')
    .orderBy('followers_count', 'desc')
    .orderBy('pubkey')
    .limit(limitOf(req.payload, 10, 100))
    .execute();
  req.emit(
    resultEvent(
      ResultKind.FeaturedAuthors,
      rows.map((r) => r.pubkey),
    ),
  );
}

/**
 * `get_recommended_reads` -> one 10000145 `{reads: [[naddr, title], ...]}`: the best scored
 * articles (the client fetches them itself with `parametrized_replaceable_events`).
 */
export async function getRecommendedReads(req: CacheRequest): Promise<void> {
  const rows = await req.store.db
    .selectFrom('events')
    .leftJoin('event_stats', 'event_stats.event_id', 'events.id')
    .select(EVENT_COLUMNS.map((c) => `events.${c}` as const))
    .where('events.kind', '=', 30023)
    .orderBy('event_stats.score', 'desc')
    .orderBy('events.created_at', 'desc')
    .limit(limitOf(req.payload, 5, 100))
    .execute();
  const reads = rows.map(rowToEvent).map((e): [string, string] => [naddrOf(e), titleOf(e)]);
  req.emit(resultEvent(ResultKind.RecommendedReads, { reads }));
}

function naddrOf(e: NostrEvent): string {
  return nip19.encode({
    type: 'naddr',
    data: { kind: e.kind, pubkey: e.pubkey, identifier: getDTag(e), relays: [] },
  });
}

function titleOf(e: NostrEvent): string {
  return e.tags.find((t) => t[0] === 'title')?.[1] ?? '';
}

/** `get_suggested_users`: the most followed users of this server as one group (10000134). */
export async function getSuggestedUsers(req: CacheRequest): Promise<void> {
  const rows = await req.store.db
    .selectFrom('user_stats')
    .select('pubkey')
    .orderBy('followers_count', 'desc')
    .orderBy('pubkey')
    .limit(20)
    .execute();
  const profiles = await emitProfiles(
    req,
    rows.map((r) => r.pubkey),
  );
  const members = profiles.map((e) => {
    let name: string;
    try {
      const c = JSON.parse(e.content) as { name?: unknown; display_name?: unknown };
      name = String(c.display_name || c.name || '');
    } catch {
      name = '';
    }
    return { pubkey: e.pubkey, name };
  });
  req.emit(resultEvent(ResultKind.SuggestedUsers, [{ group: 'Popular on this server', members }]));
}
