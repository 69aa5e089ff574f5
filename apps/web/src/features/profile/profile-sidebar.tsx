import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import BookOpen from 'lucide-react/icons/book-open';
import Flame from 'lucide-react/icons/flame';
import Radio from 'lucide-react/icons/radio';
import Users from 'lucide-react/icons/users';
import { parseArticle } from '@swell/nostr';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { api, ingested } from '@/data/connection.ts';
import { noteLink, profileLink, userLabel, useUser } from '@/data/user.ts';
import { notePath } from '@/features/note-actions/index.ts';
import { SidebarCard } from '@/features/sidebar/sidebar-card.tsx';
import { summaryText } from '@/lib/summary.ts';
import { useAsync } from '@/lib/use-async.ts';
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
export default function ProfileSidebar({
  pubkey,
  userPubkey,
}: {
  pubkey: string;
  userPubkey: string | null;
}) {
  const { t } = useTranslation();
  const scored = useAsync(`scored:${pubkey}`, (signal) =>
    ingested(api().userProfileScoredContent(pubkey, 8, userPubkey ?? undefined, { signal })),
  );
  const reads = useAsync(`reads:${pubkey}`, (signal) =>
    ingested(api().longFormFeed({ pubkey, notes: 'authored', limit: 2 }, { signal })),
  );
  const common = useAsync(userPubkey ? `common:${pubkey}:${userPubkey}` : null, (signal) =>
    ingested(api().userProfileFollowedBy(pubkey, userPubkey!, 6, { signal })),
  );
  const relays = useAsync(`relays:${pubkey}`, (signal) => api().getUserRelays(pubkey, { signal }));
  const relayUrls = (relays.data?.userRelays[pubkey] ?? [])
    .filter((tag) => tag[0] === 'r' && tag[1])
    .map((tag) => tag[1]!);
  const scoredNotes = scored.data?.notes.filter((n) => n.kind === 1).slice(0, 8) ?? [];
  const articles = reads.data?.notes.slice(0, 2) ?? [];
  const commonUsers = common.data ? Object.keys(common.data.users).slice(0, 6) : [];
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
