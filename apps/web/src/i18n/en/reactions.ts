/** English strings: reactions. */
export const reactions = {
  title: 'Reactions',
  likes: 'Likes',
  zaps: 'Zaps',
  reposts: 'Reposts',
  quotes: 'Quotes',
  empty: 'Nothing here yet.',
} as const;
