/** English strings: the feed test pages (/feeds, /feeds/:query). */
export const feeds = {
  title: 'Feeds',
  lead: 'Every feed this server offers, to open and test one at a time. A feed is a JSON specification; you can also write your own.',
  home: 'Home feeds',
  reads: 'Reads feeds',
  featured: 'Featured feeds',
  specLabel: 'Feed specification (JSON)',
  open: 'Open feed',
  invalid: 'This is not a feed specification the server understands.',
  spec: 'Specification',
  results: 'Feed',
  loadFailed: 'The feeds could not be loaded.',
} as const;
