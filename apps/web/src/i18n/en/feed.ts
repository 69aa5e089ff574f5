/** English strings: feed. */
export const feed = {
  selectLabel: 'Feed',
  empty: 'No notes to show.',
  emptyBody: 'When there is something to read here, it will show up.',
  loading: 'Loading notes…',
  loadFailed: 'These notes could not be loaded.',
  feedsFailed: 'The list of feeds could not be loaded.',
  loadingMore: 'Loading more notes…',
  end: 'You have reached the end.',
  newNotes_one: '{{count}} new note',
  newNotes_other: '{{count}} new notes',
  newNotesMany: '99+ new notes',
  disconnected: 'Not connected to the caching service. Retrying…',
} as const;
