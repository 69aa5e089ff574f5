import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import TrendingUp from 'lucide-react/icons/trending-up';
import Zap from 'lucide-react/icons/zap';
import {
  defaultHomeSidebarSelector,
  homeModel,
  homeSidebarSelectionBeside,
  homeSidebarSelectorsBeside,
  scoredNotesModel,
  isHomeSidebarSelector,
  writeHomeSidebarSelection,
  type HomeSidebarSelector,
} from '@swell/client';
import { Select } from '@/components/ui/select.tsx';
import { records } from '@/data/records.ts';
import { useSession } from '@/data/session.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { noteLink, userLabel, useUser } from '@/data/user.ts';
import { useNote, useNoteStats } from '@/data/entity-store.ts';
import { SidebarCard, SidebarFooter } from '@/features/sidebar/sidebar-card.tsx';
import { SidebarTopics } from '@/features/sidebar/sidebar-topics.tsx';
import { useAfterFirstContent } from '@/lib/first-content.ts';
import { shortNumber } from '@/lib/format.ts';
import { summaryText } from '@/lib/summary.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { sidebarCards } from '@/i18n/en/sidebar-cards.ts';
import { standalone } from '@/i18n/en/standalone.ts';
import { useModel, useSnapshot } from '@/data/use-model.ts';

addStrings({ sidebarCards, standalone });

function TrendingItem({ id }: { id: string }) {
  const { t } = useTranslation();
  const note = useNote(id);
  const user = useUser(note?.pubkey ?? '');
  const stats = useNoteStats(id);
  if (!note) return null;
  const name = userLabel(user);
  const text = summaryText(note.content, note.tags, 120);
  return (
    <li>
      <Link to={noteLink(id)} className="trending-item">
        <span className="trending-author">
          <Avatar picture={user.picture} size="xxs" name={name} />
          <span className="trending-name">{name}</span>
        </span>
        <span className="trending-text">{text || t('sidebar.media')}</span>
        {stats && stats.likes > 0 && (
          <span className="trending-meta">
            {t('sidebar.likes', { count: stats.likes, shown: shortNumber(stats.likes) })}
          </span>
        )}
      </Link>
    </li>
  );
}

function TrendingSkeleton() {
  return (
    <ul className="trending-list">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="trending-skeleton">
          <Skeleton width="45%" height={12} />
          <Skeleton height={11} />
          <Skeleton width="70%" height={11} />
        </li>
      ))}
    </ul>
  );
}

/** The stored selection of the home sidebar (trending 24 h or most zapped 4 h), per user. */
function useSelection(pubkey: string | null): HomeSidebarSelector {
  const store = records().observe(pubkey);
  const record = useSnapshot(store);
  const stored = record.homeSidebarSelection;
  return isHomeSidebarSelector(stored) ? stored : defaultHomeSidebarSelector;
}

/** The links to the about pages, under a sidebar. */
export function AboutLinks() {
  const { t } = useTranslation();
  return (
    <SidebarFooter
      links={[
        { to: '/help', label: t('nav.help') },
        { to: '/terms', label: t('standalone.terms') },
        { to: '/privacy', label: t('standalone.privacy') },
        { to: '/support', label: t('standalone.support') },
      ]}
    />
  );
}

/**
 * Home's third column: today's trending (or most zapped) notes, never the list of the feed on
 * screen beside it (next to the Trending feed it lists the most zapped), the day's topics, and
 * the about pages.
 */
export default function HomeSidebar() {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const feedSpec = useModel(homeModel, undefined)!.state.selected;
  const allowed = homeSidebarSelectorsBeside(feedSpec);
  const selector = homeSidebarSelectionBeside(useSelection(pubkey), feedSpec);
  const trending = useModel(scoredNotesModel, useAfterFirstContent() ? selector : null)?.state;
  const loading = !trending || (trending.data === undefined && trending.error === null);
  const ids = trending?.data?.ids ?? [];
  return (
    <div className="sidebar">
      <SidebarCard
        title={t(`sidebar.selectors.${selector}`)}
        icon={selector === 'mostzapped_4h' ? <Zap size={18} /> : <TrendingUp size={18} />}
        busy={loading}
      >
        {allowed.length > 1 && (
          <div className="sidebar-select">
            <Select
              label={t('sidebar.selectLabel')}
              value={selector}
              options={allowed.map((v) => ({
                value: v,
                label: t(`sidebar.selectorsShort.${v}`),
              }))}
              onChange={(v) =>
                writeHomeSidebarSelection(records(), pubkey, v as HomeSidebarSelector)
              }
            />
          </div>
        )}
        {loading && <TrendingSkeleton />}
        {!loading && ids.length === 0 && <p className="sidebar-empty">{t('sidebar.empty')}</p>}
        {ids.length > 0 && (
          <ul className="trending-list">
            {ids.map((id) => (
              <TrendingItem key={id} id={id} />
            ))}
          </ul>
        )}
      </SidebarCard>
      <SidebarTopics />
      <AboutLinks />
    </div>
  );
}
