import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Lock from 'lucide-react/icons/lock';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import Sparkles from 'lucide-react/icons/sparkles';
import User from 'lucide-react/icons/user';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Menu } from '@/components/ui/menu.tsx';
import { useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { askSignOut, openLogin, openUnlock } from '@/features/account/login-dialog.ts';
import { openGetStarted } from '@/features/account/start-store.ts';
import '@/features/account/account.css';

/**
 * The wide navigation's account block: who is signed in and a sign-out button, or a guest's Get
 * started and Sign in.
 */
export function AccountCard() {
  const { t } = useTranslation();
  const s = useSession();
  if (s.pubkey && s.needsPin) return <LockedCard pubkey={s.pubkey} />;
  if (!s.pubkey) {
    return (
      <div className="account-card account-card-guest">
        <p className="account-guest">{t('login.guest')}</p>
        <div className="account-guest-actions">
          <Button variant="primary" onClick={() => openGetStarted()}>
            {t('nav.getStarted')}
          </Button>
          <Button variant="secondary" onClick={openLogin}>
            {t('nav.signIn')}
          </Button>
        </div>
      </div>
    );
  }
  return <SignedInCard pubkey={s.pubkey} />;
}

/** A PIN-protected key not unlocked yet: the user, said to be locked, and the way to unlock. */
function LockedCard({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <div className="account-card account-card-locked">
      <span className="account-user">
        <Avatar pubkey={user.pubkey} picture={user.picture} size="vs2" name={name} />
        <span className="account-caption">
          <strong className="account-name">{name}</strong>
          <span className="account-locked">
            <Lock size={12} aria-hidden /> {t('login.locked')}
          </span>
        </span>
      </span>
      <Button size="sm" variant="primary" onClick={openUnlock}>
        {t('login.unlock')}
      </Button>
    </div>
  );
}

function SignedInCard({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <div className="account-card">
      <Link to={profileLink(user)} className="account-user">
        <Avatar pubkey={user.pubkey} picture={user.picture} size="vs2" name={name} />
        <span className="account-caption">
          {t('login.signedInAsPrefix')} <strong className="account-name">{name}</strong>
        </span>
      </Link>
      <IconButton
        label={t('nav.signOut')}
        icon={<LogOut size={18} aria-hidden />}
        onClick={askSignOut}
      />
    </div>
  );
}

/**
 * The compact account control (icon rail and phone header): the avatar opens a menu with the
 * profile, settings and sign out; guests get Get started (and, in the phone header, Sign in).
 */
export function AccountButton({ placement }: { placement: 'rail' | 'header' }) {
  const { t } = useTranslation();
  const s = useSession();
  const className = `account-button account-button-${placement}`;
  if (s.pubkey && s.needsPin) {
    return placement === 'rail' ? (
      <IconButton
        className={className}
        label={t('login.unlock')}
        icon={<Lock size={20} aria-hidden />}
        solid
        onClick={openUnlock}
      />
    ) : (
      <Button
        className={className}
        variant="primary"
        size="sm"
        icon={<Lock size={14} aria-hidden />}
        onClick={openUnlock}
      >
        {t('login.unlock')}
      </Button>
    );
  }
  if (!s.pubkey) {
    return placement === 'rail' ? (
      // The rail has room for one: Get started, whose modal has Sign in.
      <IconButton
        className={className}
        label={t('nav.getStarted')}
        icon={<Sparkles size={20} aria-hidden />}
        solid
        onClick={() => openGetStarted()}
      />
    ) : (
      <span className={`${className} account-guest-header`}>
        <Button variant="ghost" size="sm" onClick={openLogin}>
          {t('nav.signIn')}
        </Button>
        <Button variant="primary" size="sm" onClick={() => openGetStarted()}>
          {t('nav.getStarted')}
        </Button>
      </span>
    );
  }
  return <AccountMenu pubkey={s.pubkey} className={className} />;
}

function AccountMenu({ pubkey, className }: { pubkey: string; className: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <Menu
      align="end"
      header={t('login.signedInAs', { name })}
      trigger={
        <button
          type="button"
          className={`${className} account-avatar-button`}
          aria-label={t('nav.accountOf', { name })}
        >
          <Avatar pubkey={user.pubkey} picture={user.picture} size="vvs" name={name} />
        </button>
      }
      entries={[
        {
          key: 'profile',
          label: t('nav.profile'),
          icon: <User size={18} />,
          onSelect: () => void navigate(profileLink(user)),
        },
        {
          key: 'settings',
          label: t('nav.settings'),
          icon: <Settings size={18} />,
          onSelect: () => void navigate('/settings'),
        },
        {
          key: 'sign-out',
          label: t('nav.signOut'),
          icon: <LogOut size={18} />,
          onSelect: askSignOut,
          separated: true,
        },
      ]}
    />
  );
}
