/** English strings: thread. */
export const thread = {
  title: 'Thread',
  article: 'Article',
  invalidId: 'This is not a valid note id.',
  notFound: 'This note could not be found.',
  deleted: 'This note was deleted.',
  replies: 'Replies',
  noReplies: 'No replies yet',
  loadFailed: 'This thread could not be loaded.',
} as const;
