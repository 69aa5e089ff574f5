import { useEffect, useState } from 'react';
import { feedModel, profileSource, profileTabs, type ProfileTab } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import FilePen from 'lucide-react/icons/file-pen';
import { ButtonLink } from '@/components/ui/button.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { useUserStats } from '@/data/entity-store.ts';
import { useModel } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { useOwnPendingNotes } from '@/features/write/use-outbox-item.ts';
import { shortNumber } from '@/lib/format.ts';

export { profileTabs, type ProfileTab };

/** Profile tabs: notes, replies, reads, media, zaps (with counts); each a paged feed. */
export function ProfileTabs({ pubkey, userPubkey }: { pubkey: string; userPubkey: string | null }) {
  const { t } = useTranslation();
  const stats = useUserStats(pubkey);
  const [tab, setTab] = useState<ProfileTab>('notes');
  const feed = useModel(feedModel, profileSource(pubkey, tab))!.model;
  // On the user's own profile, their new notes in the outbox (sending, failed or just sent) go
  // to the top of Notes, as on Home: offline, after a reload, they show from the outbox alone.
  const pending = useOwnPendingNotes(pubkey === userPubkey ? userPubkey : null);
  useEffect(() => {
    if (tab === 'notes' && pending.length > 0) feed.prepend(pending);
  }, [pending, feed, tab]);
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
        {tab === 'reads' && pubkey === userPubkey && (
          <div className="profile-writing">
            <ButtonLink to="/write/article" size="sm" icon={<FilePen size={16} aria-hidden />}>
              {t('write.writeArticle')}
            </ButtonLink>
            <ButtonLink to="/drafts" size="sm" variant="ghost">
              {t('write.drafts')}
            </ButtonLink>
          </div>
        )}
        <FeedView key={`${tab}:${pubkey}`} feed={feed} label={t(`profile.${tab}`)} />
      </Tabs>
    </div>
  );
}
