import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import type { ReactElement } from 'react';
import type { AccountSummary } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import Lock from 'lucide-react/icons/lock';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import Sparkles from 'lucide-react/icons/sparkles';
import User from 'lucide-react/icons/user';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { capCount } from '@/components/ui/badge.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Menu, type MenuEntry } from '@/components/ui/menu.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { askSignOut, openLogin, openUnlock } from '@/features/account/login-dialog.ts';
import { openGetStarted } from '@/features/account/start-store.ts';
import { useOtherUnread } from '@/features/nav/other-unread.ts';
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
      <AccountMenu
        pubkey={pubkey}
        trigger={
          <button
            type="button"
            className="icon-btn account-switch-button"
            aria-label={t('nav.accounts')}
          >
            <ChevronsUpDown size={18} aria-hidden />
            <OthersUnreadDot />
          </button>
        }
      />
      <IconButton
        label={t('nav.signOut')}
        icon={<LogOut size={18} aria-hidden />}
        onClick={askSignOut}
      />
    </div>
  );
}

/** A dot on the switcher when another account has something unread. */
function OthersUnreadDot() {
  const { accounts } = useSession();
  const unread = useOtherUnread(otherPubkeys(accounts));
  return Object.values(unread).some((n) => n > 0) ? (
    <span className="account-others-dot" aria-hidden="true" />
  ) : null;
}

/** Opens another account; the sign-in code (curves, key store) loads with it, not at start. */
async function switchTo(pubkey: string, t: (key: string) => string): Promise<void> {
  const { loginErrorKey, switchAccount } = await import('@/features/account/account.ts');
  await switchAccount(pubkey).catch((e: unknown) => notify.error(t(loginErrorKey(e))));
}

const otherPubkeys = (accounts: readonly AccountSummary[]) =>
  accounts.filter((a) => !a.active).map((a) => a.pubkey);

/**
 * An account in the switcher: its picture, name, and unread count or lock; read out as "Switch
 * to Bob, 3 unread".
 */
function AccountRow({ account, unread }: { account: AccountSummary; unread: number }) {
  const { t } = useTranslation();
  const user = useUser(account.pubkey);
  const name = userLabel(user);
  return (
    <span className="account-row">
      <Avatar pubkey={user.pubkey} picture={user.picture} size="xxs" name="" />
      <span className="account-row-name">
        <span className="visually-hidden">{t('nav.switchToPrefix')} </span>
        {name}
      </span>
      {account.locked && <Lock size={12} aria-hidden className="account-row-lock" />}
      {unread > 0 && (
        <span className="account-row-unread">
          <span className="visually-hidden">, </span>
          {t('nav.accountUnread', { count: unread, shown: capCount(unread) })}
        </span>
      )}
    </span>
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

/**
 * The avatar menu (issue 34): the other accounts of this device with their unread counts (a
 * click opens one), Add account, the profile, settings (where accounts are removed) and sign
 * out.
 */
function AccountMenu({
  pubkey,
  className,
  trigger,
}: {
  pubkey: string;
  className?: string;
  trigger?: ReactElement<Record<string, unknown>>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accounts } = useSession();
  const user = useUser(pubkey);
  const name = userLabel(user);
  const others = accounts.filter((a) => !a.active);
  const unread = useOtherUnread(otherPubkeys(accounts));
  const switchEntries: MenuEntry[] = others.map((account) => ({
    key: `switch-${account.pubkey}`,
    label: account.pubkey,
    content: <AccountRow account={account} unread={unread[account.pubkey] ?? 0} />,
    onSelect: () => void switchTo(account.pubkey, t),
  }));
  return (
    <Menu
      align="end"
      header={t('login.signedInAs', { name })}
      trigger={
        trigger ?? (
          <button
            type="button"
            className={`${className} account-avatar-button`}
            aria-label={t('nav.accountOf', { name })}
          >
            <Avatar pubkey={user.pubkey} picture={user.picture} size="vvs" name={name} />
            <OthersUnreadDot />
          </button>
        )
      }
      entries={[
        ...switchEntries,
        {
          key: 'add-account',
          label: t('nav.addAccount'),
          icon: <UserPlus size={18} />,
          onSelect: openLogin,
        },
        {
          key: 'profile',
          label: t('nav.profile'),
          icon: <User size={18} />,
          onSelect: () => void navigate(profileLink(user)),
          separated: true,
        },
        {
          key: 'settings',
          label: t('nav.settings'),
          icon: <Settings size={18} />,
          onSelect: () => void navigate('/settings'),
        },
        ...(others.length > 0
          ? [
              {
                key: 'manage',
                label: t('nav.manageAccounts'),
                icon: <Users size={18} />,
                onSelect: () => void navigate('/settings/account#accounts'),
              },
            ]
          : []),
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
