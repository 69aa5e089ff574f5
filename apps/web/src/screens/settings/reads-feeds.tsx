import { FeedListSettings } from '@/features/settings/feed-list-settings.tsx';

/** `/settings/reads_feeds`: the user's reads feed list. */
export function Component() {
  return <FeedListSettings which="reads" />;
}
