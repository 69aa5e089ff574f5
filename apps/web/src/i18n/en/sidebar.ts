/** English strings: sidebar. */
export const sidebar = {
  label: 'Sidebar',
  title: 'Trending today',
  media: 'A picture or video',
  likes_one: '{{shown}} like',
  likes_other: '{{shown}} likes',
  empty: 'Nothing trending right now.',
} as const;
