/** English strings: Settings > Notifications. */
export const notificationSettings = {
  inApp: 'In the app',
  intro: 'Choose what shows in your notifications. Your choice is saved to your account.',
  groups: {
    you: 'You and your posts',
    mentionedYou: 'Posts you were mentioned in',
    mentionedYours: 'Posts that mentioned your post',
  },
  types: {
    NEW_USER_FOLLOWED_YOU: 'New followers',
    USER_UNFOLLOWED_YOU: 'Unfollows',
    YOUR_POST_WAS_ZAPPED: 'Zaps',
    YOUR_POST_WAS_LIKED: 'Likes',
    YOUR_POST_WAS_REPOSTED: 'Reposts',
    YOUR_POST_WAS_REPLIED_TO: 'Replies',
    YOU_WERE_MENTIONED_IN_POST: 'Mentions of you',
    YOUR_POST_WAS_MENTIONED_IN_POST: 'Quotes of your posts',
    POST_YOU_WERE_MENTIONED_IN_WAS_ZAPPED: 'Zapped',
    POST_YOU_WERE_MENTIONED_IN_WAS_LIKED: 'Liked',
    POST_YOU_WERE_MENTIONED_IN_WAS_REPOSTED: 'Reposted',
    POST_YOU_WERE_MENTIONED_IN_WAS_REPLIED_TO: 'Replied to',
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_ZAPPED: 'Zapped',
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_LIKED: 'Liked',
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPOSTED: 'Reposted',
    POST_YOUR_POST_WAS_MENTIONED_IN_WAS_REPLIED_TO: 'Replied to',
  },
};
