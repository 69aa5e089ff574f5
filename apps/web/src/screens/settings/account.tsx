import { Suspense, useState, type FormEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import LogOut from 'lucide-react/icons/log-out';
import UserCog from 'lucide-react/icons/user-cog';
import { nip19 } from '@swell/nostr';
import { Screen } from '@/components/screen.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { loginErrorKey, signOutNow } from '@/features/account/account.ts';
import { PinField } from '@/features/account/pin-field.tsx';
import { openLogin } from '@/features/account/login-dialog.ts';
import { CopyField } from '@/features/settings/copy-field.tsx';
import { DeviceAccounts } from '@/features/settings/device-accounts.tsx';
import { NcryptsecExport } from '@/features/settings/ncryptsec-export.tsx';
import { PinForm } from '@/features/settings/pin-form.tsx';
import '@/components/ui/form.css';
import '@/screens/settings/settings.css';
import '@/features/settings/settings-pages.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { accountSettings } from '@/i18n/en/account-settings.ts';
import { settings } from '@/i18n/en/settings.ts';

addStrings({ accountSettings, settings });

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

type Protection = 'pin' | 'plain' | 'none';

/** Shows the stored nsec after a confirmation (and the PIN when it is protected). */
function SecretBackup({ protection }: { protection: Protection }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [askPin, setAskPin] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nsec, setNsec] = useState<string | null>(null);
  const reveal = async (withPin?: string) => {
    try {
      setNsec(await swell().session.revealSecret(withPin));
      setAskPin(false);
      setPin('');
      setError(null);
    } catch (e) {
      setError(loginErrorKey(e));
    }
  };
  const submitPin = (e: FormEvent) => {
    e.preventDefault();
    void reveal(pin);
  };
  return (
    <>
      <div className="key-warning" role="note">
        <strong>{t('accountSettings.secretWarningTitle')}</strong>
        <p>{t('accountSettings.secretWarning')}</p>
      </div>
      {nsec ? (
        <>
          <CopyField label={t('accountSettings.secretKey')} value={nsec} secret />
          <div className="form-actions">
            <Button icon={<EyeOff size={16} aria-hidden />} onClick={() => setNsec(null)}>
              {t('accountSettings.hide')}
            </Button>
          </div>
        </>
      ) : askPin ? (
        <form className="form pin-form" onSubmit={submitPin}>
          <PinField
            id="reveal-pin"
            label={t('accountSettings.revealPin')}
            value={pin}
            onChange={setPin}
            error={error}
          />
          <div className="form-actions">
            <Button type="submit" variant="primary">
              {t('accountSettings.revealConfirm')}
            </Button>
            <Button variant="ghost" onClick={() => setAskPin(false)}>
              {t('ui.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <Button icon={<Eye size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            {t('accountSettings.reveal')}
          </Button>
        </div>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('accountSettings.revealTitle')}
            body={t('accountSettings.revealBody')}
            confirmLabel={t('accountSettings.revealConfirm')}
            danger
            onConfirm={() => {
              if (protection === 'pin') setAskPin(true);
              else void reveal();
            }}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </>
  );
}

/** `/settings/account`: public key, secret key backup, ncryptsec export, PIN, sign out. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  // Read on every render: setting a PIN changes it without a session change.
  const [version, setVersion] = useState(0);
  const protection: Protection = session.pubkey ? swell().session.keyProtection() : 'none';
  const [signingOut, setSigningOut] = useState(false);
  if (!session.pubkey) {
    return (
      <Screen title={t('settings.account')} back>
        <EmptyState
          icon={<UserCog size={28} />}
          title={t('accountSettings.guestTitle')}
          body={t('accountSettings.guestBody')}
          actions={
            <>
              <Button variant="primary" onClick={openLogin}>
                {t('accountSettings.signIn')}
              </Button>
              <ButtonLink to="/new">{t('accountSettings.createAccount')}</ButtonLink>
            </>
          }
        />
      </Screen>
    );
  }
  const npub = nip19.npubEncode(session.pubkey);
  return (
    <Screen title={t('settings.account')} back>
      {protection === 'plain' && (
        <div className="settings-section">
          <div className="key-warning" role="alert" data-testid="plain-key-warning">
            <strong>{t('accountSettings.plainWarningTitle')}</strong>
            <p>{t('accountSettings.plainWarning')}</p>
          </div>
        </div>
      )}
      <section className="settings-section" aria-labelledby="account-keys">
        <h2 id="account-keys" className="settings-section-title">
          {t('accountSettings.keysTitle')}
        </h2>
        <p className="settings-section-intro">{t('accountSettings.keysIntro')}</p>
        <CopyField label={t('accountSettings.publicKey')} value={npub} />
      </section>
      <section className="settings-section" aria-labelledby="account-backup">
        <h2 id="account-backup" className="settings-section-title">
          {t('accountSettings.backupTitle')}
        </h2>
        {protection === 'none' ? (
          <p className="settings-section-intro">{t('accountSettings.backupExternal')}</p>
        ) : (
          <>
            <p className="settings-section-intro">{t('accountSettings.backupIntro')}</p>
            <SecretBackup key={version} protection={protection} />
          </>
        )}
      </section>
      <section id="accounts" className="settings-section" aria-labelledby="account-accounts">
        <h2 id="account-accounts" className="settings-section-title">
          {t('accountSettings.accountsTitle')}
        </h2>
        <p className="settings-section-intro">{t('accountSettings.accountsIntro')}</p>
        <DeviceAccounts />
      </section>
      {protection !== 'none' && (
        <section className="settings-section" aria-labelledby="account-export">
          <h2 id="account-export" className="settings-section-title">
            {t('accountSettings.exportTitle')}
          </h2>
          <p className="settings-section-intro">{t('accountSettings.exportIntro')}</p>
          <NcryptsecExport key={version} withPin={protection === 'pin'} />
        </section>
      )}
      <section className="settings-section" aria-labelledby="account-pin">
        <h2 id="account-pin" className="settings-section-title">
          {t('accountSettings.pinTitle')}
        </h2>
        {protection === 'none' ? (
          <p className="settings-section-intro">{t('accountSettings.pinNone')}</p>
        ) : protection === 'plain' ? (
          <>
            <p className="settings-section-intro">{t('accountSettings.pinSetIntro')}</p>
            <PinForm
              submitLabel={t('accountSettings.setPin')}
              onSubmit={async (pin, pinAgain) => {
                await swell().session.setPin(pin, pinAgain);
                setVersion((v) => v + 1);
                notify.success(t('accountSettings.pinSaved'));
              }}
            />
          </>
        ) : (
          <>
            <p className="settings-section-intro">{t('accountSettings.pinChangeIntro')}</p>
            <PinForm
              withCurrent
              submitLabel={t('accountSettings.changePin')}
              onSubmit={async (pin, pinAgain, current) => {
                // The current PIN opens the key; it is stored again under the new one.
                const nsec = await swell().session.revealSecret(current);
                await swell().session.signInWithNsec(nsec, pin, pinAgain);
                setVersion((v) => v + 1);
                notify.success(t('accountSettings.pinChanged'));
              }}
            />
          </>
        )}
      </section>
      <section className="settings-section" aria-labelledby="account-signout">
        <h2 id="account-signout" className="settings-section-title">
          {t('accountSettings.signOutTitle')}
        </h2>
        <p className="settings-section-intro">
          {protection === 'none'
            ? t('accountSettings.signOutIntro')
            : t('accountSettings.signOutPlain')}
        </p>
        <Button
          variant="danger"
          icon={<LogOut size={16} aria-hidden />}
          onClick={() => setSigningOut(true)}
        >
          {t('accountSettings.signOut')}
        </Button>
      </section>
      {signingOut && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('accountSettings.signOutConfirmTitle')}
            body={
              protection === 'none'
                ? t('accountSettings.signOutIntro')
                : t('accountSettings.signOutPlain')
            }
            confirmLabel={t('accountSettings.signOutConfirm')}
            danger
            onConfirm={() => {
              void signOutNow().then(() => navigate('/home'));
            }}
            onClose={() => setSigningOut(false)}
          />
        </Suspense>
      )}
    </Screen>
  );
}
