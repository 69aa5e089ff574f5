import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import BookOpen from 'lucide-react/icons/book-open';
import Hash from 'lucide-react/icons/hash';
import Star from 'lucide-react/icons/star';
import { nip19 } from '@swell/nostr';
import type { RecommendedRead } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { readsSidebarFor } from '@/features/reads/reads-sidebar-data.ts';
import { ReadsTopicsRow } from '@/features/reads/reads-topics-row.tsx';
import { SidebarCard } from '@/features/sidebar/sidebar-card.tsx';
import { useAsync } from '@/lib/use-async.ts';
import '@/features/reads/reads.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { reads } from '@/i18n/en/reads.ts';

addStrings({ reads });

function FeaturedAuthor({ pubkey }: { pubkey: string }) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <Link to={profileLink(user)} className="reads-author">
      <Avatar picture={user.picture} size="vs" name={name} />
      <span className="reads-author-text">
        <strong>{name}</strong>
        {user.about && <span className="reads-author-about">{user.about}</span>}
      </span>
    </Link>
  );
}

function readLink(r: RecommendedRead): string {
  try {
    const d = nip19.decode(r.naddr);
    if (d.type === 'naddr') return `/e/${r.naddr}`;
  } catch {
    /* falls through */
  }
  return '/reads';
}

/** The reads sidebar: featured author of the day, recommended reads and the topics. */
export default function ReadsSidebar({ topic }: { topic: string | null }) {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const data = useAsync(pubkey ?? 'guest', () => readsSidebarFor(pubkey));
  const d = data.data;
  return (
    <div className="sidebar">
      <SidebarCard title={t('reads.featuredAuthor')} icon={<Star size={18} />} busy={data.loading}>
        {data.loading && <Skeleton height={40} />}
        {d?.featuredAuthor && <FeaturedAuthor pubkey={d.featuredAuthor} />}
        {d && !d.featuredAuthor && <p className="sidebar-empty">{t('reads.sidebarFailed')}</p>}
      </SidebarCard>
      <SidebarCard title={t('reads.recommended')} icon={<BookOpen size={18} />} busy={data.loading}>
        {d && d.recommended.length === 0 && (
          <p className="sidebar-empty">{t('reads.sidebarFailed')}</p>
        )}
        {d && d.recommended.length > 0 && (
          <ul className="sidebar-list">
            {d.recommended.slice(0, 5).map((r) => (
              <li key={r.naddr}>
                <Link to={readLink(r)} className="trending-item">
                  <span className="trending-text reads-recommended-title">{r.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </SidebarCard>
      <SidebarCard title={t('reads.topics')} icon={<Hash size={18} />}>
        <ReadsTopicsRow current={topic} className="reads-topics-cloud" />
      </SidebarCard>
    </div>
  );
}
