/** Reading speed used for an article's reading time (the reference client's 238 words a minute). */
export const wordsPerMinute = 238;

/** Minutes to read `words` words: at least 1 for any text, 0 for none. */
export function readingMinutes(words: number): number {
  if (!Number.isFinite(words) || words <= 0) return 0;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}
