import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import BookOpen from 'lucide-react/icons/book-open';
import Flame from 'lucide-react/icons/flame';
import Radio from 'lucide-react/icons/radio';
import Users from 'lucide-react/icons/users';
import { parseArticle } from '@swell/nostr';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { profileSidebarModel } from '@swell/client';
import { useModel } from '@/data/use-model.ts';
import { noteLink, profileLink, userLabel, useUser } from '@/data/user.ts';
import { notePath } from '@/features/note-actions/index.ts';
import { SidebarCard } from '@/features/sidebar/sidebar-card.tsx';
import { summaryText } from '@/lib/summary.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { profile } from '@/i18n/en/profile.ts';

addStrings({ profile });

function UserChip({ pubkey }: { pubkey: string }) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <li>
      <Link to={profileLink(user)} className="user-chip">
        <Avatar picture={user.picture} size="xss" name={name} />
        <span>{name}</span>
      </Link>
    </li>
  );
}

/** Profile sidebar: scored notes (8), latest reads (2), common followers (6), relays. */
export default function ProfileSidebar({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  // The viewer's followers in common come with the session's models (a new session, new ones).
  const data = useModel(profileSidebarModel, pubkey)!.state.data;
  const scoredNotes = data?.scored ?? [];
  const articles = data?.articles ?? [];
  const commonUsers = data?.common ?? [];
  const relayUrls = data?.relays ?? [];
  return (
    <div className="sidebar profile-sidebar">
      {scoredNotes.length > 0 && (
        <SidebarCard title={t('profile.scoredNotes')} icon={<Flame size={18} />}>
          <ul className="sidebar-list">
            {scoredNotes.map((n) => (
              <li key={n.id}>
                <Link to={noteLink(n.id)} className="sidebar-link">
                  {summaryText(n.content, n.tags, 100) || n.id.slice(0, 12)}
                </Link>
              </li>
            ))}
          </ul>
        </SidebarCard>
      )}
      {articles.length > 0 && (
        <SidebarCard title={t('profile.articles')} icon={<BookOpen size={18} />}>
          <ul className="sidebar-list">
            {articles.map((n) => (
              <li key={n.id}>
                <Link to={notePath(n)} className="sidebar-link">
                  {parseArticle(n)?.title || summaryText(n.content, n.tags, 80)}
                </Link>
              </li>
            ))}
          </ul>
        </SidebarCard>
      )}
      {commonUsers.length > 0 && (
        <SidebarCard title={t('profile.commonFollowers')} icon={<Users size={18} />}>
          <ul className="user-chips">
            {commonUsers.map((pk) => (
              <UserChip key={pk} pubkey={pk} />
            ))}
          </ul>
        </SidebarCard>
      )}
      {relayUrls.length > 0 && (
        <SidebarCard title={t('profile.relays')} icon={<Radio size={18} />}>
          <ul className="sidebar-list">
            {relayUrls.map((url) => (
              <li key={url} className="sidebar-relay">
                {url}
              </li>
            ))}
          </ul>
        </SidebarCard>
      )}
    </div>
  );
}
