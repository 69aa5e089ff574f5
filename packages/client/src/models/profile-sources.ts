import type { FeedSource } from './feed-model.ts';

/** The tabs of a profile (spec section 2). */
export const profileTabs = ['notes', 'replies', 'reads', 'media', 'zaps'] as const;
export type ProfileTab = (typeof profileTabs)[number];

/** One tab of a profile: notes, replies, reads (10 a page), media thumbnails, zaps received. */
export function profileSource(pubkey: string, tab: ProfileTab): FeedSource {
  switch (tab) {
    case 'notes':
      return { command: 'feed', payload: { pubkey, notes: 'authored', limit: 20 } };
    case 'replies':
      return { command: 'feed', payload: { pubkey, notes: 'replies', limit: 20 } };
    case 'media':
      return { command: 'feed', payload: { pubkey, notes: 'user_media_thumbnails', limit: 20 } };
    case 'zaps':
      return { command: 'feed', payload: { pubkey, notes: 'zaps', limit: 20 } };
    case 'reads':
      return {
        command: 'long_form_content_feed',
        payload: { pubkey, notes: 'authored', limit: 10 },
        orderBy: 'published_at',
      };
  }
}
