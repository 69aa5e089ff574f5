import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ingested } from '@/data/connection.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { PagedList } from '@/features/feed/paged-list.ts';

export const profileTabs = ['notes', 'replies', 'reads', 'media', 'zaps'] as const;
export type ProfileTab = (typeof profileTabs)[number];

function listFor(tab: ProfileTab, pubkey: string, userPubkey: string | null): PagedList {
  const personal = userPubkey ? { user_pubkey: userPubkey } : {};
  return new PagedList((paging, signal) => {
    const opts = { signal };
    switch (tab) {
      case 'notes':
        return ingested(api().feed(pubkey, { notes: 'authored', ...personal, ...paging }, opts));
      case 'replies':
        return ingested(api().feed(pubkey, { notes: 'replies', ...personal, ...paging }, opts));
      case 'media':
        return ingested(
          api().feed(pubkey, { notes: 'user_media_thumbnails', ...personal, ...paging }, opts),
        );
      case 'reads':
        return ingested(
          api().longFormFeed(
            { pubkey, notes: 'authored', limit: 10, ...personal, ...paging },
            opts,
          ),
        );
      case 'zaps':
        return ingested(api().feed(pubkey, { notes: 'zaps', ...personal, ...paging }, opts));
    }
  });
}

/** Profile tabs: notes, replies, reads, media, zaps; each a paged feed. */
export function ProfileTabs({ pubkey, userPubkey }: { pubkey: string; userPubkey: string | null }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ProfileTab>('notes');
  const list = useMemo(() => listFor(tab, pubkey, userPubkey), [tab, pubkey, userPubkey]);
  return (
    <div className="profile-tabs">
      <div role="tablist" aria-label={t('profile.tabsLabel')}>
        {profileTabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`profile-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="profile-tab-panel"
            onClick={() => setTab(name)}
          >
            {t(`profile.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="profile-tab-panel" aria-labelledby={`profile-tab-${tab}`}>
        <FeedView key={`${tab}:${pubkey}`} list={list} label={t(`profile.${tab}`)} />
      </div>
    </div>
  );
}
