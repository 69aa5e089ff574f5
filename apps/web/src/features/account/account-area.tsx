import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { fetchPage } from '@/data/connection.ts';
import { signOut, startLogin } from '@/features/account/account.ts';

const LoginModal = lazy(() => import('@/features/account/login-modal.tsx'));
const PinEntryModal = lazy(() => import('@/features/account/pin-entry-modal.tsx'));

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
      <button type="button" onClick={signOut}>
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
    void startLogin();
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
