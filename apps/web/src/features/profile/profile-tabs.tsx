import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Tabs } from '@/components/ui/tabs.tsx';
import { api, ingested } from '@/data/connection.ts';
import { useUserStats } from '@/data/entity-store.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { PagedList } from '@/features/feed/paged-list.ts';
import { useOwnPendingNotes } from '@/features/write/use-outbox-item.ts';
import { shortNumber } from '@/lib/format.ts';

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

/** Profile tabs: notes, replies, reads, media, zaps (with counts); each a paged feed. */
export function ProfileTabs({ pubkey, userPubkey }: { pubkey: string; userPubkey: string | null }) {
  const { t } = useTranslation();
  const stats = useUserStats(pubkey);
  const [tab, setTab] = useState<ProfileTab>('notes');
  const list = useMemo(() => listFor(tab, pubkey, userPubkey), [tab, pubkey, userPubkey]);
  // On the user's own profile, their new notes in the outbox (sending, failed or just sent) go
  // to the top of Notes, as on Home: offline, after a reload, they show from the outbox alone.
  const pending = useOwnPendingNotes(pubkey === userPubkey ? userPubkey : null);
  useEffect(() => {
    if (tab === 'notes' && pending.length > 0) list.prepend(pending);
  }, [pending, list, tab]);
  const counts: Record<ProfileTab, number | undefined> = {
    notes: stats?.note_count,
    replies: stats?.reply_count,
    reads: stats?.long_form_note_count,
    media: stats?.media_count,
    zaps: stats?.total_zap_count,
  };
  return (
    <div className="profile-tabs">
      <Tabs
        label={t('profile.tabsLabel')}
        items={profileTabs.map((name) => ({
          value: name,
          label: t(`profile.${name}`),
          count: counts[name] ? shortNumber(counts[name]) : undefined,
        }))}
        value={tab}
        onChange={setTab}
      >
        <FeedView key={`${tab}:${pubkey}`} list={list} label={t(`profile.${tab}`)} />
      </Tabs>
    </div>
  );
}
