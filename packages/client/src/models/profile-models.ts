import type { SignedEvent } from '@swell/cache-protocol';
import { defineQuery } from './query-model.ts';

/** What a profile's header needs beyond the store: whether the cache knows the account. */
export interface ProfileHeader {
  pubkey: string;
  /** The cache answered with the account's kind 0 (false: no such profile on record). */
  found: boolean;
}

/**
 * A profile (`user_profile`, with the viewer's relation): the kind 0, the user's stats, their
 * membership cohort and legend go into the store, which the header reads; the model says whether
 * the account was found. Shared by the profile screen and Settings > Edit profile.
 */
export const profileModel = defineQuery<string, ProfileHeader>(
  'profile',
  async (ctx, pubkey, signal) => {
    const page = await ctx.ingest(() =>
      ctx.api.userProfile(pubkey, ctx.viewer ?? undefined, { signal }),
    );
    return { pubkey, found: page.users[pubkey] !== undefined };
  },
  { key: (pubkey) => pubkey, shows: (h) => ({ users: [h.pubkey] }) },
);

/** The profile sidebar's parts; each is empty when its request failed (the card is left out). */
export interface ProfileSidebar {
  /** The author's best notes (kind 1, up to 8). */
  scored: SignedEvent[];
  /** The author's latest articles (up to 2). */
  articles: SignedEvent[];
  /** Accounts the viewer follows that follow the author (up to 6; none for a guest). */
  common: string[];
  /** The author's relays (kind 10002 `r` tags). */
  relays: string[];
}

const nothing = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

/**
 * A profile's third column: scored notes, latest reads, followers in common with the viewer,
 * relays; four requests at once, each allowed to fail alone.
 */
export const profileSidebarModel = defineQuery<string, ProfileSidebar>(
  'profile-sidebar',
  async (ctx, pubkey, signal) => {
    const viewer = ctx.viewer ?? undefined;
    const [scored, reads, common, relays] = await Promise.all([
      nothing(ctx.ingest(() => ctx.api.userProfileScoredContent(pubkey, 8, viewer, { signal }))),
      nothing(
        ctx.ingest(() => ctx.api.longFormFeed({ pubkey, notes: 'authored', limit: 2 }, { signal })),
      ),
      viewer
        ? nothing(ctx.ingest(() => ctx.api.userProfileFollowedBy(pubkey, viewer, 6, { signal })))
        : Promise.resolve(null),
      nothing(ctx.api.getUserRelays(pubkey, { signal })),
    ]);
    return {
      scored: scored?.notes.filter((n) => n.kind === 1).slice(0, 8) ?? [],
      articles: reads?.notes.slice(0, 2) ?? [],
      common: common ? Object.keys(common.users).slice(0, 6) : [],
      relays: (relays?.userRelays[pubkey] ?? [])
        .filter((tag) => tag[0] === 'r' && tag[1])
        .map((tag) => tag[1]!),
    };
  },
  {
    key: (pubkey) => pubkey,
    shows: (s) => ({ notes: [...s.scored, ...s.articles].map((n) => n.id), users: s.common }),
    freshMs: 60_000,
  },
);
