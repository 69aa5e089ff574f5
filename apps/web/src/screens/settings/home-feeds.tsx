import { FeedListSettings } from '@/features/settings/feed-list-settings.tsx';

/** `/settings/home_feeds`: the user's home feed list. */
export function Component() {
  return <FeedListSettings which="home" />;
}
