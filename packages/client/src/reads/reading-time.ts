/**
 * An article's reading time: the one rule of `@swell/nostr` (238 words a minute, rounded, as the
 * Reads cards show it), under the names this package has always exported.
 */
export { readingMinutes, WORDS_PER_MINUTE as wordsPerMinute } from '@swell/nostr';
