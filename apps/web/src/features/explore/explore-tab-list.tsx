import { useEffect, useMemo } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { FeedPage } from '@swell/cache-protocol';
import { createExploreList, type ExploreLens, type ExploreTab } from '@swell/client';
import { FeedItem } from '@/components/note/note-card.tsx';
import { PersonItem, ZapItem } from '@/features/explore/explore-items.tsx';
import { PagedFeedView } from '@/features/reading/paged-feed-view.tsx';
import { readingContext } from '@/features/reading/reading-context.ts';

/** The paged list of one Explore tab (feeds, people, zaps or media). */
export function ExploreTabList({
  tab,
  lens,
  pubkey,
}: {
  tab: Exclude<ExploreTab, 'topics'>;
  lens: ExploreLens;
  pubkey: string | null;
}) {
  const { t } = useTranslation();
  const { scope, timeframe } = lens;
  const { list, gained } = useMemo(() => {
    const ctx = readingContext(pubkey);
    const gained = new Map<string, number>();
    const ingest = async (load: () => Promise<FeedPage>) => {
      const page = await ctx.ingest(load);
      for (const [pk, f] of Object.entries(page.followerIncrease)) gained.set(pk, f.increase);
      return page;
    };
    return { list: createExploreList({ ...ctx, ingest }, tab, { scope, timeframe }), gained };
    // The lens object is new on every render; its two values name the list.
  }, [tab, scope, timeframe, pubkey]);
  useEffect(() => () => list.feed.dispose(), [list]);
  const label = t(`explore.tabs.${tab}`);
  return (
    <PagedFeedView
      feed={list.feed}
      label={label}
      estimateSize={tab === 'people' ? 64 : 240}
      emptyTitle={t('explore.empty')}
      render={(id) => {
        if (tab === 'people') return <PersonItem pubkey={id} gained={gained.get(id)} />;
        if (tab === 'zaps') {
          const zap = list.zap(id);
          return zap ? <ZapItem zap={zap} /> : null;
        }
        return <FeedItem id={id} />;
      }}
    />
  );
}
