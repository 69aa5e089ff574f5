/** English strings: the Notifications screen. */
export const notifications = {
  title: 'Notifications',
  tabsLabel: 'Notification types',
  tabs: { all: 'All', zaps: 'Zaps', replies: 'Replies', mentions: 'Mentions', reposts: 'Reposts' },
  new: 'New',
  earlier: 'Earlier',
  loadMore: 'Show older notifications',
  loading: 'Loading notifications',
  loadFailed: 'The notifications could not be loaded.',
  empty: 'Nothing here yet',
  emptyBody:
    'Likes, replies, comments, highlights, mentions, reposts and zaps of your posts show here.',
  signInTitle: 'Sign in to see your notifications',
  signInBody: 'Who followed you, liked, replied to, reposted, quoted or zapped your notes.',
  actors: {
    one: '{{a}}',
    two: '{{a}} and {{b}}',
    many_one: '{{a}} and {{count}} other',
    many_other: '{{a}} and {{count}} others',
  },
  followed: '{{actors}} followed you',
  unfollowed: '{{actors}} unfollowed you',
  mentioned: '{{actors}} mentioned you',
  quoted: '{{actors}} quoted your note',
  commented: {
    article: '{{actors}} commented on your article',
    post: '{{actors}} commented on your post',
  },
  highlighted: {
    article: '{{actors}} highlighted a passage of your article',
    post: '{{actors}} highlighted a passage of your post',
  },
  verb: {
    zapped: {
      yours: '{{actors}} zapped your note',
      'mentioned-you': '{{actors}} zapped a note you were mentioned in',
      'quoted-yours': '{{actors}} zapped a note that quoted yours',
    },
    liked: {
      yours: '{{actors}} liked your note',
      'mentioned-you': '{{actors}} liked a note you were mentioned in',
      'quoted-yours': '{{actors}} liked a note that quoted yours',
    },
    reposted: {
      yours: '{{actors}} reposted your note',
      'mentioned-you': '{{actors}} reposted a note you were mentioned in',
      'quoted-yours': '{{actors}} reposted a note that quoted yours',
    },
    replied: {
      yours: '{{actors}} replied to your note',
      'mentioned-you': '{{actors}} replied to a note you were mentioned in',
      'quoted-yours': '{{actors}} replied to a note that quoted yours',
    },
  },
  sats: '{{sats}} sats',
  zapFrom: '{{name}}: {{sats}} sats',
  missingNote: 'This note could not be found.',
  someone: 'Someone',
} as const;
