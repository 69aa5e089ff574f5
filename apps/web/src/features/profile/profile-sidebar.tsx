import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { api, ingested } from '@/data/connection.ts';
import { noteLink, profileLink, userLabel, useUser } from '@/data/user.ts';
import { summaryText } from '@/lib/summary.ts';
import { useAsync } from '@/lib/use-async.ts';

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
export function ProfileSidebar({
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
  const titleOf = (tags: string[][]) => tags.find((x) => x[0] === 'title')?.[1] ?? '';
  return (
    <div className="profile-sidebar">
      {scored.data && scored.data.notes.length > 0 && (
        <section aria-labelledby="ps-scored">
          <h2 id="ps-scored">{t('profile.scoredNotes')}</h2>
          <ul>
            {scored.data.notes.slice(0, 8).map((n) => (
              <li key={n.id}>
                <Link to={noteLink(n.id)}>
                  {summaryText(n.content, n.tags, 80) || n.id.slice(0, 12)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {reads.data && reads.data.notes.length > 0 && (
        <section aria-labelledby="ps-reads">
          <h2 id="ps-reads">{t('profile.articles')}</h2>
          <ul>
            {reads.data.notes.slice(0, 2).map((n) => (
              <li key={n.id}>{titleOf(n.tags) || summaryText(n.content, n.tags, 80)}</li>
            ))}
          </ul>
        </section>
      )}
      {common.data && Object.keys(common.data.users).length > 0 && (
        <section aria-labelledby="ps-common">
          <h2 id="ps-common">{t('profile.commonFollowers')}</h2>
          <ul className="user-chips">
            {Object.keys(common.data.users)
              .slice(0, 6)
              .map((pk) => (
                <UserChip key={pk} pubkey={pk} />
              ))}
          </ul>
        </section>
      )}
      {relayUrls.length > 0 && (
        <section aria-labelledby="ps-relays">
          <h2 id="ps-relays">{t('profile.relays')}</h2>
          <ul>
            {relayUrls.map((url) => (
              <li key={url}>{url}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
