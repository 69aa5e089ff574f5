import { Kind } from '@swell/nostr';

/**
 * Kinds of the user's own top-level posts that show in their feeds the moment they are signed,
 * while the outbox sends them: notes, NIP-88 polls, NIP-68 picture posts and NIP-71 videos.
 */
export const OWN_POST_KINDS: ReadonlySet<number> = new Set([
  Kind.Text,
  Kind.Poll,
  Kind.Picture,
  Kind.Video,
  Kind.ShortVideo,
]);
