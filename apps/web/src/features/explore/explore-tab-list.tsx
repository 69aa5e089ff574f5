import { useTranslation } from '@/i18n/use-translation.ts';
import {
  exploreListModel,
  PeopleListModel,
  ZapListModel,
  type ExploreLens,
  type ExploreListTab,
} from '@swell/client';
import { FeedItem } from '@/features/note/note-card.tsx';
import { useModel } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { PersonItem, ZapItem } from '@/features/explore/explore-items.tsx';

/** The paged list of one Explore tab (feeds, people, zaps or media). */
export function ExploreTabList({ tab, lens }: { tab: ExploreListTab; lens: ExploreLens }) {
  const { t } = useTranslation();
  const { scope, timeframe } = lens;
  const list = useModel(exploreListModel, { tab, scope, timeframe })!.model;
  const label = t(`explore.tabs.${tab}`);
  return (
    <FeedView
      feed={list}
      label={label}
      estimateSize={tab === 'people' ? 64 : 240}
      emptyTitle={t('explore.empty')}
      render={(id) => {
        if (list instanceof PeopleListModel)
          return <PersonItem pubkey={id} gained={list.followerGain(id)} />;
        if (list instanceof ZapListModel) {
          const zap = list.zap(id);
          return zap ? <ZapItem zap={zap} /> : null;
        }
        return <FeedItem id={id} />;
      }}
    />
  );
}
