/** English strings: sidebar. */
export const sidebar = {
  label: 'Sidebar',
  title: 'Trending today',
  selectLabel: 'Show',
  selectors: { trending_24h: 'Trending today', mostzapped_4h: 'Most zapped, 4 hours' },
  selectorsShort: { trending_24h: 'Trending 24h', mostzapped_4h: 'Most zapped 4h' },
  media: 'A picture or video',
  likes_one: '{{shown}} like',
  likes_other: '{{shown}} likes',
  empty: 'Nothing trending right now.',
} as const;
