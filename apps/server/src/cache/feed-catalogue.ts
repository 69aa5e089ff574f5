import { signEventDeterministic, type NostrEvent } from '@swell/nostr';
import { defaultHomeFeeds, defaultReadsFeeds } from './defaults.ts';

/** A feed this server computes itself, offered as a DVM-style feed (NIP-90 kind 5300 service). */
export interface CatalogueFeed {
  /** The `d` tag of its kind 31990 announcement. */
  identifier: string;
  name: string;
  description: string;
  /** Its `mega_feed_directive` spec (JSON string): clients add the feed with this spec. */
  spec: string;
  kind: 'notes' | 'reads';
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every feed the server can compute: the default home (notes) and reads feeds. */
export const feedCatalogue: CatalogueFeed[] = [
  ...defaultHomeFeeds.map((f) => ({ ...f, kind: 'notes' as const })),
  ...defaultReadsFeeds.map((f) => ({ ...f, kind: 'reads' as const })),
].map((f) => ({
  identifier: `swell-${f.kind}-${slug(f.name)}`,
  name: f.name,
  description: f.description,
  spec: f.spec,
  kind: f.kind,
}));

/**
 * Announcements are dated by the catalogue, not the clock, and signed deterministically: the
 * same key gives the same event ids on every instance and restart (clients keep feeds by id).
 * Raise it when the catalogue changes, so relays replace the old announcements.
 */
const CATALOGUE_DATE = 1_793_491_200;

export interface FeedAnnouncements {
  /** The service account's profile (kind 0). */
  profile: NostrEvent;
  /** One kind 31990 announcement per catalogue feed, in catalogue order. */
  feeds: Array<{ feed: CatalogueFeed; event: NostrEvent }>;
}

const signed = new Map<string, FeedAnnouncements>();

/** The signed announcements of the catalogue under the server's feed service key (hex). */
export function feedAnnouncements(secretKeyHex: string): FeedAnnouncements {
  let out = signed.get(secretKeyHex);
  if (out) return out;
  const sk = Uint8Array.from(Buffer.from(secretKeyHex, 'hex'));
  const profile = signEventDeterministic(
    {
      kind: 0,
      created_at: CATALOGUE_DATE,
      tags: [],
      content: JSON.stringify({
        name: 'swell-feeds',
        display_name: 'Swell feeds',
        about: 'Feeds computed by this Swell server: trending, most zapped, latest, reads.',
      }),
    },
    sk,
  );
  const feeds = feedCatalogue.map((feed) => ({
    feed,
    event: signEventDeterministic(
      {
        kind: 31990,
        created_at: CATALOGUE_DATE,
        tags: [
          ['d', feed.identifier],
          ['k', '5300'],
          ['t', feed.kind],
        ],
        content: JSON.stringify({
          name: feed.name,
          about: feed.description,
          amount: 'free',
          primal_spec: feed.spec,
        }),
      },
      sk,
    ),
  }));
  out = { profile, feeds };
  signed.set(secretKeyHex, out);
  return out;
}
