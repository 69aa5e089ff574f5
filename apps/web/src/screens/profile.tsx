import { useLoaderData, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VanityTarget } from '@/app/vanity.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Screen } from '@/components/screen.tsx';
import { api, ingested } from '@/data/connection.ts';
import { useUserStats } from '@/data/entity-store.ts';
import { useSession } from '@/data/session.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { ProfileSidebar } from '@/features/profile/profile-sidebar.tsx';
import { ProfileTabs } from '@/features/profile/profile-tabs.tsx';
import { VerificationBadge } from '@/features/profile/verification-badge.tsx';
import { shortNumber } from '@/lib/format.ts';
import { parsePubkey } from '@/lib/note-id.ts';
import { useAsync } from '@/lib/use-async.ts';

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const vanity = useLoaderData() as VanityTarget | undefined;
  const session = useSession();
  const pubkey = vanity?.pubkey ?? (params.npub ? parsePubkey(params.npub) : session.pubkey);
  if (!pubkey)
    return (
      <Screen title={t('profile.title')}>
        <p className="error-text">{t('profile.invalid')}</p>
      </Screen>
    );
  return <Profile key={pubkey} pubkey={pubkey} userPubkey={session.pubkey} />;
}

function Profile({ pubkey, userPubkey }: { pubkey: string; userPubkey: string | null }) {
  const { t } = useTranslation();
  const result = useAsync(pubkey, (signal) =>
    ingested(api().userProfile(pubkey, userPubkey ?? undefined, { signal })),
  );
  const user = useUser(pubkey);
  const stats = useUserStats(pubkey);
  const name = userLabel(user);
  const missing = result.data && !result.data.users[pubkey];
  return (
    <section className="screen profile" aria-labelledby="profile-name">
      <div className="profile-banner">
        {user.banner && <img src={user.banner} alt={t('profile.banner')} loading="lazy" />}
      </div>
      <div className="profile-head">
        <Avatar picture={user.picture} size="xl" name={name} zoomable />
        <div className="profile-names">
          <h1 id="profile-name">{name}</h1>
          {user.name && user.name !== name && <p className="muted">@{user.name}</p>}
          {user.nip05 && <VerificationBadge nip05={user.nip05} pubkey={pubkey} />}
        </div>
      </div>
      {result.loading && <p role="status">{t('app.loading')}</p>}
      {missing && <p className="muted">{t('profile.notFound')}</p>}
      {user.about && <p className="profile-about">{user.about}</p>}
      {user.website && (
        <p>
          <a href={user.website} rel="noopener noreferrer nofollow" target="_blank">
            {user.website}
          </a>
        </p>
      )}
      {stats && (
        <dl className="profile-stats">
          <div>
            <dt>{t('profile.following')}</dt>
            <dd>{shortNumber(stats.follows_count)}</dd>
          </div>
          <div>
            <dt>{t('profile.followers')}</dt>
            <dd>{shortNumber(stats.followers_count)}</dd>
          </div>
          <div>
            <dt>{t('profile.notes')}</dt>
            <dd>{shortNumber(stats.note_count)}</dd>
          </div>
          <div>
            <dt>{t('profile.reads')}</dt>
            <dd>{shortNumber(stats.long_form_note_count)}</dd>
          </div>
          <div>
            <dt>{t('profile.zaps')}</dt>
            <dd>{shortNumber(stats.total_zap_count)}</dd>
          </div>
        </dl>
      )}
      <ProfileSidebar pubkey={pubkey} userPubkey={userPubkey} />
      <ProfileTabs pubkey={pubkey} userPubkey={userPubkey} />
    </section>
  );
}
