import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { detectExtension } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { fetchPage } from '@/data/connection.ts';
import { session, useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { readLocal } from '@/lib/storage.ts';

const LoginModal = lazy(() => import('@/features/account/login-modal.tsx'));
const PinEntryModal = lazy(() => import('@/features/account/pin-entry-modal.tsx'));
const account = () => import('@/features/account/account.ts');

/**
 * The local keys of @swell/client's KeyStore (`keyStorageKeys`), named here so this light
 * module does not pull the key code in; a unit test keeps them equal.
 */
export const storedKeyNames = { pubkey: 'pubkey', secret: 'sec' } as const;

/**
 * The login sequence (stored pubkey, extension, stored key) lives in account.ts with the key
 * code; it loads only when there is something to resolve, so guests never download it.
 */
export async function startLoginWhenNeeded(): Promise<void> {
  const stored = readLocal(storedKeyNames.pubkey) || readLocal(storedKeyNames.secret);
  if (stored || (await detectExtension())) {
    await (await account()).startLogin();
  } else {
    session.set({ ...session.get(), resolved: true });
  }
}

function SignedIn({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  useEffect(() => {
    fetchPage('user_infos', { pubkeys: [pubkey] }).catch(() => {});
  }, [pubkey]);
  const name = userLabel(user);
  return (
    <div className="account">
      <Link to={profileLink(user)} className="account-user">
        <Avatar picture={user.picture} size="xs" name={name} />
        <span>{t('login.signedInAs', { name })}</span>
      </Link>
      <button type="button" onClick={() => void account().then((m) => m.signOut())}>
        {t('nav.signOut')}
      </button>
    </div>
  );
}

/** Sign-in button or the signed-in user; runs the login sequence and the PIN prompt. */
export default function AccountArea() {
  const { t } = useTranslation();
  const s = useSession();
  const [loginOpen, setLoginOpen] = useState(false);
  useEffect(() => {
    void startLoginWhenNeeded();
  }, []);
  return (
    <div className="account-area">
      {s.pubkey && !s.needsPin ? (
        <SignedIn pubkey={s.pubkey} />
      ) : (
        <>
          <p className="muted">{t('login.guest')}</p>
          <button type="button" className="primary" onClick={() => setLoginOpen(true)}>
            {t('nav.signIn')}
          </button>
        </>
      )}
      <Suspense fallback={null}>
        {loginOpen && <LoginModal onClose={() => setLoginOpen(false)} />}
        {s.needsPin && <PinEntryModal />}
      </Suspense>
    </div>
  );
}
