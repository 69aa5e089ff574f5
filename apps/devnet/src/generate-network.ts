import type { NostrEvent } from '@swell/nostr';
import { demoAccounts, type DemoAccount } from './demo-accounts.ts';
import { buildArticles, buildHighlights } from './network/articles.ts';
import type { ContentType } from './network/content.ts';
import { NetworkBuilder } from './network/context.ts';
import { buildDeletions, buildReactionsAndReposts } from './network/interactions.ts';
import { buildMediaPosts } from './network/media-posts.ts';
import { buildMessages } from './network/messages.ts';
import { buildLongThreads, buildReplies, buildRootNotes } from './network/notes.ts';
import { buildPolls } from './network/polls.ts';
import {
  buildBookmarks,
  buildFollows,
  buildModerationLists,
  buildRecentFollows,
  buildRelayLists,
} from './network/social.ts';
import { buildTiers } from './network/tiers.ts';
import { buildUsers } from './network/users.ts';
import { buildZaps } from './network/zaps.ts';
import { DeterministicSigner } from './signer.ts';

export interface NetworkOptions {
  /** Number of users, demo accounts included (default 300). */
  users?: number;
  /** Days of history before `now` (default 30). */
  days?: number;
  /** Any string; one seed gives one network (default "swell"). */
  seed?: string;
  /** Anchor time in unix seconds; everything happens before it (default DEFAULT_NOW, fixed). */
  now?: number;
  /**
   * Public URL of the server that will host the network (default http://127.0.0.1:8080).
   * Media URLs, the relay URL (ws…/relay), the lud16 domain and the nip05 domain (host, with the
   * port when it is not the default, so the LNURL endpoint and nostr.json are reachable) come from it.
   */
  baseUrl?: string;
  /**
   * Called after each stage with the events that stage made (possibly none; in stage order, so
   * references point backwards) and how many stages are done: lets a caller import while the
   * rest is still being generated.
   */
  onEvents?: (events: NostrEvent[], stage: { done: number; total: number }) => void | Promise<void>;
  /** Called once the profiles exist, with the NIP-05 names they claim (to register them early). */
  onNames?: (names: DemoNetwork['names']) => void | Promise<void>;
}

export interface DemoNetwork {
  /** Every event, sorted by created_at then id: ready for import. */
  events: NostrEvent[];
  accounts: DemoAccount[];
  /** The content type of each root note (id -> type), for tests and statistics. */
  noteTypes: Map<string, ContentType>;
  /** NIP-05 names the profiles claim (`name@<nip05 domain>`), for the server's name registry. */
  names: Array<{ name: string; pubkey: string }>;
}

/** 2026-11-01T00:00:00Z: the default anchor, so the default network is always the same bytes. */
export const DEFAULT_NOW = 1_793_491_200;
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/**
 * Generates the demo network. Deterministic: the same options give byte-identical events
 * (keys derive from the seed, signatures use zero auxiliary randomness, times are relative to `now`).
 */
export async function generateNetwork(opts: NetworkOptions = {}): Promise<DemoNetwork> {
  const users = opts.users ?? 300;
  const days = opts.days ?? 30;
  if (!Number.isInteger(users) || users < 1 || users > 100_000)
    throw new Error('users must be 1 to 100000');
  if (!Number.isFinite(days) || days <= 0 || days > 3650)
    throw new Error('days must be between 0 and 3650');
  const b = new NetworkBuilder({
    seed: opts.seed ?? 'swell',
    now: Math.floor(opts.now ?? DEFAULT_NOW),
    days,
    baseUrl: opts.baseUrl ?? DEFAULT_BASE_URL,
    signer: await DeterministicSigner.create(),
  });
  let noteTypes = new Map<string, ContentType>();
  // In dependency order: everything an event refers to comes in an earlier stage.
  const stages: Array<() => void> = [
    () => buildUsers(b, users),
    () => buildFollows(b),
    () => buildRelayLists(b),
    () => buildModerationLists(b),
    () => buildArticles(b),
    () => (noteTypes = buildRootNotes(b, days)),
    () => buildDeletions(b),
    () => buildReplies(b),
    () => buildLongThreads(b),
    () => buildReactionsAndReposts(b),
    () => buildZaps(b),
    () => buildHighlights(b),
    () => buildBookmarks(b),
    () => buildMessages(b),
    () => buildRecentFollows(b),
    () => buildTiers(b),
    () => buildPolls(b),
    () => buildMediaPosts(b),
  ];
  let flushed = 0;
  try {
    for (const [i, build] of stages.entries()) {
      build();
      await b.pool.flush();
      const made = b.events.slice(flushed);
      flushed = b.events.length;
      await opts.onEvents?.(made, { done: i + 1, total: stages.length });
      // The profiles exist: their names can be registered before the rest arrives.
      if (i === 0) await opts.onNames?.(b.names);
    }
  } finally {
    await b.pool.close();
  }
  const events = b.events.sort(
    (x, y) => x.created_at - y.created_at || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  );
  return { events, accounts: demoAccounts, noteTypes, names: b.names };
}
