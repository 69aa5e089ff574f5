import { Suspense, useEffect } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import {
  defaultExploreTab,
  exploreScopes,
  exploreTabs,
  exploreTimeframes,
  isExploreTab,
  readExploreLens,
  scopeNeedsKey,
  type ExploreTab,
} from '@swell/client';
import type { ExploreScope, ExploreTimeframe } from '@swell/cache-protocol';
import { Screen } from '@/components/screen.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { useSession } from '@/data/session.ts';
import { ExploreTabList } from '@/features/explore/explore-tab-list.tsx';
import { ExploreTopics } from '@/features/explore/explore-topics.tsx';
import { FeaturedFeedLinks } from '@/features/explore/featured-feed-links.tsx';
import { NetStatsBar } from '@/features/explore/net-stats.tsx';
import { tabletQuery, useMediaQuery, wideQuery } from '@/lib/use-media-query.ts';
import '@/features/explore/explore.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { explore } from '@/i18n/en/explore.ts';
import { lists } from '@/i18n/en/lists.ts';

addStrings({ explore, lists });

const SearchBox = lazy(() => import('@/features/search/search-box.tsx'));

/**
 * `/explore`: the tabs (feeds by default, people, zaps, media, topics), the title naming the
 * feeds' timeframe and scope, and the network statistics streamed while the view is open.
 * Tab, scope and timeframe live in the address (`?tab=&scope=&timeframe=`).
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pubkey } = useSession();
  const wide = useMediaQuery(wideQuery);
  const tablet = useMediaQuery(tabletQuery);
  const tabParam = params.get('tab');
  const tab: ExploreTab = isExploreTab(tabParam) ? tabParam : defaultExploreTab;
  const lens = readExploreLens(params.get('scope'), params.get('timeframe'));
  const title = t('explore.titleLens', {
    timeframe: t(`explore.timeframes.${lens.timeframe}`),
    scope: t(`explore.scopes.${lens.scope}`),
  });
  useEffect(() => {
    document.title = `${title} · ${t('explore.title')}`;
  }, [title, t]);
  const change = (patch: Record<string, string>) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [k, v] of Object.entries(patch)) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  const lensPicker = (
    <>
      <Select
        label={t('explore.timeframeLabel')}
        value={lens.timeframe}
        options={exploreTimeframes.map((v: ExploreTimeframe) => ({
          value: v,
          label: t(`explore.timeframes.${v}`),
        }))}
        onChange={(v) => change({ timeframe: v })}
      />
      <Select
        label={t('explore.scopeLabel')}
        value={lens.scope}
        options={exploreScopes.map((v: ExploreScope) => ({
          value: v,
          label: t(`explore.scopes.${v}`),
        }))}
        onChange={(v) => change({ scope: v })}
      />
    </>
  );
  const fallsBack = !pubkey && scopeNeedsKey(lens.scope);
  return (
    <Screen title={title} className="explore" actions={tablet && lensPicker}>
      {!wide && (
        <div className="explore-search">
          <Suspense fallback={null}>
            <SearchBox />
          </Suspense>
        </div>
      )}
      {!tablet && <div className="explore-lens">{lensPicker}</div>}
      <NetStatsBar />
      <Tabs
        label={t('explore.tabsLabel')}
        items={exploreTabs.map((v) => ({ value: v, label: t(`explore.tabs.${v}`) }))}
        value={tab}
        onChange={(v) => change({ tab: v })}
      >
        {tab === 'feeds' && (
          <>
            <FeaturedFeedLinks />
            {fallsBack && <p className="explore-note">{t('explore.scopeNeedsKey')}</p>}
          </>
        )}
        {tab === 'topics' ? (
          <ExploreTopics />
        ) : (
          <ExploreTabList key={`${tab}:${lens.scope}:${lens.timeframe}`} tab={tab} lens={lens} />
        )}
      </Tabs>
    </Screen>
  );
}
