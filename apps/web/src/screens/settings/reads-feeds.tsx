// The settings pages' styles first (the feed list's own come with it, after them).
import '@/screens/settings/settings.css';
import { FeedListSettings } from '@/features/settings/feed-list-settings.tsx';
import { addStrings } from '@/i18n/add-strings.ts';
import { feedSettings } from '@/i18n/en/feed-settings.ts';
import { settings } from '@/i18n/en/settings.ts';

addStrings({ feedSettings, settings });

/** `/settings/reads_feeds`: the user's reads feed list. */
export function Component() {
  return <FeedListSettings which="reads" />;
}
