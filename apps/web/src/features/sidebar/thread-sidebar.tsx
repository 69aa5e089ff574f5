import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Library from 'lucide-react/icons/library';
import UserRound from 'lucide-react/icons/user-round';
import { nip19, parseArticle } from '@swell/nostr';
import type { RecommendedRead } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { fetchPage } from '@/data/connection.ts';
import { useNote } from '@/data/entity-store.ts';
import { useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { FollowButton } from '@/features/lists/follow-button.tsx';
import { readsSidebarFor } from '@/features/reads/reads-sidebar-data.ts';
import { SidebarCard } from '@/features/sidebar/sidebar-card.tsx';
import { AboutLinks } from '@/features/sidebar/home-sidebar.tsx';
import { summaryText } from '@/lib/summary.ts';
import { useAsync } from '@/lib/use-async.ts';
import { parseThreadTarget } from '@/lib/note-id.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists } from '@/i18n/en/lists.ts';
import { sidebarCards } from '@/i18n/en/sidebar-cards.ts';

addStrings({ lists, sidebarCards });

/** The author of the open note or article: who they are, a follow button, their profile. */
function AuthorCard({ pubkey, article }: { pubkey: string; article: boolean }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  useEffect(() => {
    fetchPage('user_infos', { pubkeys: [pubkey] }).catch(() => {});
  }, [pubkey]);
  return (
    <SidebarCard
      title={t(article ? 'sidebarCards.articleAuthor' : 'sidebarCards.author')}
      icon={<UserRound size={18} />}
    >
      <div className="sidebar-author">
        <Link to={profileLink(user)} className="sidebar-author-link">
          <Avatar pubkey={pubkey} picture={user.picture} size="md" name={name} />
          <span className="sidebar-author-text">
            <strong className="sidebar-author-name">{name}</strong>
            {user.nip05 && <span className="sidebar-author-handle">{user.nip05}</span>}
          </span>
        </Link>
        {user.about && <p className="sidebar-author-about">{summaryText(user.about, [], 160)}</p>}
        <FollowButton pubkey={pubkey} size="sm" />
      </div>
    </SidebarCard>
  );
}

function readLink(r: RecommendedRead): string | null {
  try {
    return nip19.decode(r.naddr).type === 'naddr' ? `/e/${r.naddr}` : null;
  } catch {
    return null;
  }
}

/** Reads recommended on this server (the Reads sidebar's list), other than the open one. */
function RelatedReads({ author, open }: { author: string; open: string | undefined }) {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const data = useAsync(`related:${pubkey ?? ''}`, () => readsSidebarFor(pubkey));
  const reads = (data.data?.recommended ?? [])
    .filter((r) => {
      try {
        const d = nip19.decode(r.naddr);
        return !(d.type === 'naddr' && d.data.pubkey === author && d.data.identifier === open);
      } catch {
        return false;
      }
    })
    .slice(0, 4);
  if (reads.length === 0) return null;
  return (
    <SidebarCard title={t('sidebarCards.related')} icon={<Library size={18} />}>
      <ul className="sidebar-list">
        {reads.map((r) => (
          <li key={r.naddr}>
            <Link to={readLink(r) ?? '/reads'} className="sidebar-link">
              {r.title}
            </Link>
          </li>
        ))}
      </ul>
    </SidebarCard>
  );
}

/**
 * Beside a thread: the author of the open note; beside an article, its writer and related reads
 * (the writer's other articles are under the article itself). The about links until the note is
 * known.
 */
export default function ThreadSidebar({
  id,
  author,
  identifier: vanityIdentifier,
}: {
  /** The thread route's id (note, nevent, naddr or hex). */
  id?: string;
  /** Or an article at a vanity address: its author and identifier. */
  author?: string;
  identifier?: string;
}) {
  const target = author
    ? ({
        type: 'address',
        pubkey: author,
        identifier: vanityIdentifier ?? '',
        kind: 30023,
      } as const)
    : parseThreadTarget(id);
  const note = useNote(target?.type === 'event' ? target.id : undefined);
  const pubkey = target?.type === 'address' ? target.pubkey : note?.pubkey;
  const article = target?.type === 'address' ? target.kind === 30023 : note?.kind === 30023;
  const identifier =
    target?.type === 'address'
      ? target.identifier
      : note
        ? parseArticle(note)?.identifier
        : undefined;
  if (!pubkey) return <AboutLinks />;
  return (
    <div className="sidebar">
      <AuthorCard key={pubkey} pubkey={pubkey} article={article} />
      {article && <RelatedReads author={pubkey} open={identifier} />}
      <AboutLinks />
    </div>
  );
}
