import { premiumCommands, premiumStreams } from '../../wallet/premium-routes.ts';
import type { NostrEvent } from '@swell/nostr';
import type { Json } from './json-mutation.ts';

/**
 * Seeds of the socket fuzzer: requests as real clients send them, which the fuzzer then edits.
 * A few placeholders are filled in when a frame is sent (`resolveFrame`): `{"$sign": {kind,
 * content, tags}}` becomes an event signed then by the prober's key (so `event_from_user` is
 * fresh and really signed, whatever was edited inside it); the strings `$me` (the prober's
 * pubkey), `$relay` and `$challenge` (the relay's URL and NIP-42 challenge), `$own_relay` (the
 * server's own relay, for `broadcast_events`).
 */
export interface RequestSeed {
  command: string;
  payload: Json;
}

/** A placeholder for an event the prober signs when the frame goes out. */
export function signed(kind: Json, content: Json, tags: Json = []): Json {
  return { $sign: { kind, content, tags } };
}

/** A fixed id and pubkey for templates (edits swap in real ones from the domain values). */
const ID = 'b'.repeat(64);
const PK = '$me';
const APP = [['d', 'Primal-Web App']];

/** One request per cache command (and a few more for the commands with several modes). */
export const CACHE_TEMPLATES: RequestSeed[] = [
  ['set_primal_protocol', { compression: 'zlib' }],
  ['feed', { pubkey: PK, limit: 20, notes: 'authored', user_pubkey: PK }],
  ['feed', { pubkey: PK, notes: 'follows', include_replies: true, kinds: [1, 6] }],
  ['feed', { pubkey: PK, notes: 'user_media_thumbnails', until: 1_800_000_000, offset: 1 }],
  ['mega_feed_directive', { spec: '{"id":"latest","kind":"notes"}', limit: 20, user_pubkey: PK }],
  ['mega_feed_directive', { spec: '{"id":"all-notes","kind":"notes"}', limit: 20 }],
  ['mega_feed_directive', { spec: '{"id":"advsearch","query":"kind:1 nostr"}', limit: 5 }],
  ['advanced_feed', { specification: '{"id":"latest","kind":"notes"}', limit: 10 }],
  ['long_form_content_feed', { pubkey: PK, notes: 'authored', limit: 10 }],
  ['long_form_content_feed', { notes: 'zappedbyfollows', user_pubkey: PK, topic: 'nostr' }],
  ['long_form_content_thread_view', { pubkey: PK, identifier: 'a', kind: 30023, limit: 10 }],
  ['thread_view', { event_id: ID, limit: 20, user_pubkey: PK }],
  ['events', { event_ids: [ID], extended_response: true }],
  ['events', { event_ids: [], limit: 10, since: 0 }],
  ['parametrized_replaceable_event', { pubkey: PK, kind: 30023, identifier: 'a' }],
  ['parametrized_replaceable_events', { events: [{ pubkey: PK, kind: 30023, identifier: 'a' }] }],
  ['get_highlights', { pubkey: PK, identifier: 'a', kind: 30023, limit: 10 }],
  ['user_infos', { pubkeys: [PK] }],
  ['user_profile', { pubkey: PK, user_pubkey: PK }],
  ['contact_list', { pubkey: PK, extended_response: true }],
  ['author_subscriptions', { pubkey: PK, creator: PK, limit: 10 }],
  ['is_user_following', { pubkey: PK, user_pubkey: PK }],
  ['user_followers', { pubkey: PK, limit: 10 }],
  ['user_profile_scored_content', { pubkey: PK, limit: 5 }],
  ['user_profile_followed_by', { pubkey: PK, user_pubkey: PK, limit: 5 }],
  ['user_zaps_sent', { sender: PK, limit: 10 }],
  ['event_actions', { event_id: ID, kind: 7, limit: 20 }],
  ['event_actions', { pubkey: PK, identifier: 'a', kind: 9735 }],
  ['note_mentions', { event_id: ID, limit: 10 }],
  ['note_mentions_count', { event_id: ID }],
  ['event_zaps_by_satszapped', { event_id: ID, limit: 10 }],
  ['explore', { timeframe: 'trending', scope: 'global', limit: 10 }],
  ['explore', { timeframe: 'latest', scope: 'follows', user_pubkey: PK, group_by_pubkey: true }],
  ['explore_people', { limit: 10, user_pubkey: PK }],
  ['explore_zaps', { limit: 10 }],
  ['explore_media', { limit: 10 }],
  ['explore_topics', {}],
  ['explore_legend_counts', { pubkey: PK }],
  ['scored', { selector: 'trending_24h', user_pubkey: PK }],
  ['scored_users_24h', {}],
  ['net_stats', {}],
  ['search', { query: 'nostr', limit: 10 }],
  ['user_search', { query: 'al', limit: 5 }],
  ['search_filterlist', { pubkey: PK }],
  ['get_home_feeds', { user_pubkey: PK }],
  ['get_reads_feeds', {}],
  ['get_reads_topics', {}],
  ['get_featured_authors', {}],
  ['get_recommended_reads', {}],
  ['get_default_relays', {}],
  ['get_suggested_users', {}],
  ['get_app_releases', {}],
  ['get_default_app_settings', { client: 'Primal-Web App' }],
  ['get_app_settings', { event_from_user: signed(30078, '{"description":"Sync"}', APP) }],
  ['set_app_settings', { settings_event: signed(30078, { theme: 'sunset' }, APP) }],
  ['get_app_subsettings', { event_from_user: signed(30078, { subkey: 'user-home-feeds' }, APP) }],
  [
    'set_app_subsettings',
    {
      event_from_user: signed(
        30078,
        { subkey: 'user-home-feeds', settings: [{ name: 'Latest', spec: '{"id":"latest"}' }] },
        APP,
      ),
    },
  ],
  ['import_events', { events: [signed(1, 'hello #nostr', [['t', 'nostr']])] }],
  ['broadcast_events', { events: [signed(1, 'hi', [])], relays: ['$own_relay', 'nope'] }],
  ['mutelist', { pubkey: PK, extended_response: true }],
  ['mutelists', { pubkey: PK }],
  ['allowlist', { pubkey: PK }],
  ['get_bookmarks', { pubkey: PK }],
  ['get_user_relays', { pubkey: PK }],
  ['parameterized_replaceable_list', { pubkey: PK, identifier: 'mute', extended_response: true }],
  ['creator_paid_tiers', { pubkey: PK }],
  ['get_featured_dvm_feeds', { kind: 'notes' }],
  ['dvm_feed_info', { pubkey: PK, identifier: 'a' }],
  ['get_advanced_feeds', {}],
  ['report_user', { pubkey: ID, event_from_user: signed(30078, '', APP) }],
  ['get_notifications', { pubkey: PK, limit: 20, type_group: 'all' }],
  ['get_notifications_seen', { pubkey: PK }],
  ['set_notifications_seen', { event_from_user: signed(30078, '{"description":"seen"}') }],
  ['notification_counts', { pubkey: PK }],
  ['directmsg_count', { pubkey: PK }],
  ['get_directmsg_contacts', { user_pubkey: PK, relation: 'any', limit: 10 }],
  ['get_directmsgs', { receiver: PK, sender: ID, limit: 10 }],
  ['reset_directmsg_count', { event_from_user: signed(30078, '{}', APP), sender: ID }],
  ['reset_directmsg_count', { event_from_user: signed(30078, '{}', APP), gift_wraps: [ID] }],
  ['reset_directmsg_counts', { event_from_user: signed(30078, '{}', APP) }],
  ['push_config', {}],
  [
    'push_subscribe',
    {
      event_from_user: signed(30078, {
        subscription: {
          endpoint: 'https://push.example.com/s/1',
          keys: { p256dh: 'BOr6', auth: 'xUmE' },
        },
        preferences: { types: [1, 6], dms: true },
      }),
    },
  ],
  [
    'push_unsubscribe',
    { event_from_user: signed(30078, { endpoint: 'https://push.example.com/s/1' }) },
  ],
  ['push_subscriptions', { event_from_user: signed(30078, {}) }],
  ['push_presence_token', { event_from_user: signed(30078, {}) }],
  ['push_presence', { token: 'x'.repeat(43), focused: true }],
  [
    'upload_chunk',
    {
      event_from_user: signed(10000135, {
        upload_id: '6f1c8a3e-0000-4000-8000-000000000001',
        offset: 0,
        file_length: 8,
        data: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    },
  ],
  [
    'upload_complete',
    {
      event_from_user: signed(10000135, {
        upload_id: '6f1c8a3e-0000-4000-8000-000000000001',
        file_length: 8,
        sha256: ID,
      }),
    },
  ],
  [
    'upload_cancel',
    { event_from_user: signed(10000135, { upload_id: '6f1c8a3e-0000-4000-8000-000000000001' }) },
  ],
].map(([command, payload]) => ({ command: command as string, payload: payload as Json }));

const asked = (content: Json, tags: Json = [['p', PK]]) => signed(30078, content, tags);

/** One request per command of the membership socket (`/wallet/v1`). */
export const WALLET_TEMPLATES: RequestSeed[] = [
  ['set_primal_protocol', { compression: 'zlib' }],
  ['membership_status', { event_from_user: asked({}) }],
  ['membership_name_available', { name: 'someone', pubkey: PK }],
  [
    'membership_purchase_product',
    {
      event_from_user: asked({
        name: 'buyer',
        product_id: '3-months-premium',
        receiver_pubkey: PK,
      }),
    },
  ],
  ['membership_purchase_monitor', { membership_quote_id: 'q-1' }],
  ['membership_change_name', { event_from_user: asked({ name: 'newname' }) }],
  [
    'membership_legend_customization',
    {
      event_from_user: asked({
        style: 'GOLD',
        custom_badge: true,
        avatar_glow: true,
        in_leaderboard: true,
        current_shoutout: 'hello',
      }),
    },
  ],
  ['membership_media_management_stats', { event_from_user: asked({}) }],
  ['membership_media_management_uploads', { event_from_user: asked({}), limit: 10, offset: 0 }],
  [
    'membership_media_management_delete',
    { event_from_user: asked({ url: `http://127.0.0.1/media/${ID}.png` }) },
  ],
  ['membership_recovery_contact_lists', { event_from_user: asked({}), limit: 5 }],
  ['membership_content_stats', { event_from_user: asked({}) }],
  ['membership_content_backup', { event_from_user: asked({}), kinds: [1, 3] }],
  [
    'membership_content_rebroadcast_start',
    { event_from_user: asked({ kinds: [1], relays: ['wss://relay.example.com'] }) },
  ],
  ['membership_content_rebroadcast_cancel', { event_from_user: asked({}) }],
  ['rebroadcasting_status', { event_from_user: asked({}) }],
  ['membership_purchase_history', { event_from_user: asked({ limit: 10, until: 0, offset: 0 }) }],
  ['membership_exchange_rate', { target_currency: 'USD' }],
  ['wallet', { operation_event: signed(10000300, ['exchange_rate', { target_currency: 'USD' }]) }],
].map(([command, payload]) => ({ command: command as string, payload: payload as Json }));

// The premium tools are answered on /v1 too (wallet/premium-routes.ts), with the same requests.
CACHE_TEMPLATES.push(
  ...WALLET_TEMPLATES.filter((s) => s.command in premiumCommands || s.command in premiumStreams),
);

function looksSigned(v: unknown): v is NostrEvent {
  return typeof v === 'object' && v !== null && typeof (v as { sig?: unknown }).sig === 'string';
}

/**
 * The cache requests of a recording (JSON Lines of `{frame}`, as
 * `primal-web-2.0.11-requests.jsonl`), each once. Their signed events were signed by someone
 * else, long ago: each becomes a placeholder with the same kind, content and tags, signed fresh.
 */
export function recordedRequests(jsonl: string): RequestSeed[] {
  const seen = new Set<string>();
  const out: RequestSeed[] = [];
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    const frame = (JSON.parse(line) as { frame: unknown[] }).frame;
    if (frame[0] !== 'REQ') continue;
    const cache = (frame[2] as { cache?: [string, Record<string, Json>?] }).cache;
    if (!cache) continue;
    const payload: Record<string, Json> = {};
    for (const [k, v] of Object.entries(cache[1] ?? {})) {
      payload[k] = looksSigned(v) ? signed(v.kind, v.content, v.tags) : v;
    }
    const key = JSON.stringify([cache[0], payload]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ command: cache[0], payload });
  }
  return out;
}

/** Ids, pubkeys, kinds and a few tag values of some events (values for the fuzzer's edits). */
export function domainValues(events: readonly NostrEvent[], seeds: readonly RequestSeed[]): Json[] {
  const values = new Set<string | number>(['$me', 'zlib', 'notes', 'reads', 'trending_24h']);
  for (const e of events.slice(0, 200)) {
    values.add(e.id);
    values.add(e.pubkey);
    values.add(e.kind);
    for (const t of e.tags.slice(0, 3)) if (t[1] && t[1].length < 100) values.add(t[1]);
  }
  for (const s of seeds) values.add(s.command);
  return [...values];
}

/** Event placeholders of the kinds the ingestion pipeline derives something from. */
export function eventTemplates(): Json[] {
  const zapRequest = JSON.stringify({
    kind: 9734,
    content: '',
    tags: [
      ['p', ID],
      ['amount', '21000'],
    ],
    pubkey: ID,
    created_at: 1,
    id: ID,
    sig: 'c'.repeat(128),
  });
  return [
    signed(
      0,
      JSON.stringify({ name: 'fuzz', nip05: 'fuzz@example.com', lud16: 'fuzz@example.com' }),
    ),
    signed(1, 'hello #nostr nostr:npub1qqqqqqqq', [
      ['t', 'nostr'],
      ['e', ID, '', 'reply'],
      ['p', PK],
    ]),
    signed(3, '', [
      ['p', ID],
      ['p', PK, 'wss://relay.example'],
    ]),
    signed(5, '', [
      ['e', ID],
      ['a', `30023:${ID}:a`],
      ['k', '1'],
    ]),
    signed(6, '{}', [
      ['e', ID],
      ['p', ID],
    ]),
    signed(7, '+', [
      ['e', ID],
      ['p', ID],
    ]),
    signed(9735, '', [
      ['p', ID],
      ['e', ID],
      ['bolt11', 'lnbc210n1pfuzz'],
      ['description', zapRequest],
    ]),
    signed(10000, '', [
      ['p', ID],
      ['t', 'word'],
      ['word', 'x'],
    ]),
    signed(10002, '', [['r', 'wss://relay.example', 'write']]),
    signed(30023, '# title', [
      ['d', 'a'],
      ['title', 't'],
    ]),
    signed(30078, '{}', APP),
    signed(4, 'c2VjcmV0?iv=AAAAAAAAAAAAAAAAAAAAAA==', [['p', ID]]),
    signed(1059, 'wrapped', [['p', PK]]),
    signed(20001, 'ephemeral'),
    signed(1, 'expired', [['expiration', '1']]),
    signed(1984, 'report', [['p', ID, 'spam']]),
    signed(24133, 'nip46', [['p', ID]]),
  ];
}

/** NIP-01 filters of every shape the relay takes, from some events. */
export function filterTemplates(events: readonly NostrEvent[]): Json[] {
  const e = events[0];
  const id = e?.id ?? ID;
  const author = e?.pubkey ?? ID;
  return [
    { ids: [id] },
    { authors: [author], kinds: [1], limit: 10 },
    { '#e': [id], kinds: [7, 9735] },
    { '#p': [author], '#t': ['nostr'], limit: 3 },
    { kinds: [4], '#p': [PK] },
    { kinds: [1059] },
    { since: 1_700_000_000, until: 1_900_000_000, limit: 5 },
    { kinds: [30023], authors: [author], '#d': ['a'] },
    { search: 'nostr' },
    {},
    { limit: 0 },
  ];
}
