import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Globe from 'lucide-react/icons/globe';
import Mail from 'lucide-react/icons/mail';
import QrCodeIcon from 'lucide-react/icons/qr-code';
import UserPen from 'lucide-react/icons/user-pen';
import UserX from 'lucide-react/icons/user-x';
import Zap from 'lucide-react/icons/zap';
import { profileModel } from '@swell/client';
import { useVanityTarget } from '@/app/vanity-route.tsx';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { BackButton, Screen } from '@/components/screen.tsx';
import { ButtonLink, IconButton } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Popover } from '@/components/ui/popover.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { useCohort, useLegend, useUserStats } from '@/data/entity-store.ts';
import { useSession } from '@/data/session.ts';
import { useModel } from '@/data/use-model.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { FollowButton } from '@/features/lists/follow-button.tsx';
import { conversationLink } from '@/features/messages/contact-address.ts';
import { ProfileMenu } from '@/features/profile/profile-menu.tsx';
import { zapProfile } from '@/features/zaps/zap-actions.ts';
import { ProfileAbout } from '@/features/profile/profile-about.tsx';
import { profilePubkey } from '@/features/profile/profile-target.ts';
import { ProfileTabs } from '@/features/profile/profile-tabs.tsx';
import { VerificationBadge } from '@/features/profile/verification-badge.tsx';
import { TierBadge } from '@/features/premium/tier-badge.tsx';
import { shortDate, shortNumber } from '@/lib/format.ts';
import '@/screens/profile.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { lists } from '@/i18n/en/lists.ts';
import { premium } from '@/i18n/en/premium.ts';
import { profile } from '@/i18n/en/profile.ts';

addStrings({ lists, premium, profile });

const ProfileShare = lazy(() => import('@/features/profile/profile-share.tsx'));
// Subscribe (an author with paid tiers): asks for the tiers itself, loaded beside the screen.
const SubscribeButton = lazy(() => import('@/features/subscriptions/subscribe-button.tsx'));

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const vanity = useVanityTarget();
  const session = useSession();
  const pubkey = profilePubkey(params.npub, vanity, session.pubkey);
  // Spec section 2: `/profile` without an npub shows the signed-in user; a guest goes home.
  if (!pubkey && !params.npub && !vanity) {
    return session.resolved ? <Navigate to="/home" replace /> : null;
  }
  if (!pubkey)
    return (
      <Screen title={t('profile.title')} back>
        <EmptyState
          icon={<UserX size={26} />}
          title={t('profile.invalid')}
          actions={<ButtonLink to="/home">{t('notFound.home')}</ButtonLink>}
        />
      </Screen>
    );
  return <Profile key={pubkey} pubkey={pubkey} userPubkey={session.pubkey} />;
}

function websiteHref(website: string): string | undefined {
  const withScheme = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    const u = new URL(withScheme);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

function Profile({ pubkey, userPubkey }: { pubkey: string; userPubkey: string | null }) {
  const { t } = useTranslation();
  const profile = useModel(profileModel, pubkey)!;
  const result = profile.state;
  const user = useUser(pubkey);
  const stats = useUserStats(pubkey);
  const cohort = useCohort(pubkey);
  const legend = useLegend(pubkey);
  const name = userLabel(user);
  const missing = result.data && !result.data.found;
  const own = userPubkey === pubkey;
  const website = user.website ? websiteHref(user.website) : undefined;
  // A member's name at this server (10000158) is their address here, whatever kind 0 claims.
  const address = user.verifiedName ? `${user.verifiedName}@${location.host}` : user.nip05;
  return (
    <section className="screen profile" aria-labelledby="profile-name">
      <div className="profile-cover">
        {user.banner && <img src={user.banner} alt={t('profile.banner')} loading="lazy" />}
        <div className="profile-back">
          <BackButton />
        </div>
      </div>
      <div className="profile-top">
        <div className="profile-avatar">
          <Avatar pubkey={user.pubkey} picture={user.picture} size="xl" name={name} zoomable />
        </div>
        <div className="profile-actions">
          <Popover
            label={t('profile.share')}
            trigger={
              <Tooltip content={t('profile.shareHint')}>
                <IconButton
                  label={t('profile.share')}
                  icon={<QrCodeIcon size={18} aria-hidden />}
                  className="profile-action-icon"
                />
              </Tooltip>
            }
          >
            <Suspense fallback={<Skeleton width={200} height={200} />}>
              <ProfileShare npub={user.npub} name={name} />
            </Suspense>
          </Popover>
          {!own && (
            <IconButton
              label={t('note.action.zap')}
              icon={<Zap size={18} aria-hidden />}
              className="profile-action-icon"
              onClick={() => void zapProfile(pubkey)}
            />
          )}
          {own ? (
            <ButtonLink to="/settings/profile" icon={<UserPen size={16} aria-hidden />}>
              {t('profile.edit')}
            </ButtonLink>
          ) : (
            <>
              <ProfileMenu pubkey={pubkey} />
              <Tooltip content={t('profile.messageHint', { name })}>
                <Link
                  to={conversationLink(pubkey)}
                  className="icon-btn profile-action-icon"
                  aria-label={t('profile.message')}
                >
                  <Mail size={18} aria-hidden />
                </Link>
              </Tooltip>
              <FollowButton pubkey={pubkey} />
            </>
          )}
        </div>
      </div>
      <div className="profile-info">
        <h1 id="profile-name" className="profile-name">
          {name}
          {cohort && <TierBadge tier={cohort.tier} legendStyle={legend?.style} />}
        </h1>
        {user.name && user.name !== name && <p className="profile-handle">@{user.name}</p>}
        {address && <VerificationBadge nip05={address} pubkey={pubkey} />}
        <Suspense fallback={null}>
          <SubscribeButton pubkey={pubkey} name={name} userPubkey={userPubkey} />
        </Suspense>
        {missing && <p className="profile-missing">{t('profile.notFound')}</p>}
        {user.about && <ProfileAbout text={user.about} />}
        {(website || stats?.time_joined) && (
          <p className="profile-links">
            {website && (
              <a href={website} rel="noopener noreferrer nofollow" target="_blank">
                <Globe size={15} aria-hidden />
                {user.website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
              </a>
            )}
            {stats?.time_joined ? (
              <span>
                <CalendarDays size={15} aria-hidden />
                {t('profile.joined', { date: shortDate(stats.time_joined) })}
              </span>
            ) : null}
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
          </dl>
        )}
        {result.error !== null && (
          <ErrorState
            compact
            title={t('profile.loadFailed')}
            onRetry={() => void profile.model.retry()}
          />
        )}
      </div>
      <ProfileTabs pubkey={pubkey} userPubkey={userPubkey} />
    </section>
  );
}
