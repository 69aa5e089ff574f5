/** English strings: the sidebars beside a screen (thread and article, conversation, home topics). */
export const sidebarCards = {
  author: 'About the author',
  articleAuthor: 'About the writer',
  related: 'Related reads',
  conversations: 'Conversations',
  noConversations: 'No other conversations yet.',
  allConversations: 'All conversations',
  topics: 'Trending topics',
  topicNotes_one: '{{shown}} note',
  topicNotes_other: '{{shown}} notes',
} as const;
