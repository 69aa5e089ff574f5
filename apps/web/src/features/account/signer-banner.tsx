import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Hourglass from 'lucide-react/icons/hourglass';
import Unplug from 'lucide-react/icons/unplug';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import { openLogin } from '@/features/account/login-dialog.ts';
import '@/features/account/account.css';

/**
 * A remote signer that stopped answering: said plainly at the top of the page (instead of
 * buttons that wait forever), with a way to sign in again. Within seconds of a request going
 * unanswered it says so (the request still waits: the answer may yet come), with a toast for
 * who is scrolled away from the banner; after the request's time-out, that it is disconnected.
 * Goes away when it answers again.
 */
export function SignerBanner() {
  const { t } = useTranslation();
  const { signer, signerError, signerSlow, notice } = useSession();
  useEffect(() => {
    if (signerSlow) notify.warning(t('login.signerSlow'));
  }, [signerSlow, t]);
  if (notice === 'extension-key-changed')
    return (
      <div className="signer-banner" role="alert" data-testid="extension-key-changed">
        <Unplug size={16} aria-hidden />
        <span>{t('login.extensionKeyChanged')}</span>
        <button type="button" className="signer-banner-action" onClick={openLogin}>
          {t('login.addExtensionKey')}
        </button>
      </div>
    );
  if (signer === 'disconnected')
    return (
      <div className="signer-banner" role="alert" data-testid="signer-disconnected">
        <Unplug size={16} aria-hidden />
        <span>
          {t('login.signerDisconnected')}
          {signerError ? ` (${signerError})` : ''}
        </span>
        <button type="button" className="signer-banner-action" onClick={openLogin}>
          {t('login.signInAgain')}
        </button>
      </div>
    );
  if (!signerSlow) return null;
  return (
    <div className="signer-banner signer-banner-slow" role="status" data-testid="signer-slow">
      <Hourglass size={16} aria-hidden />
      <span>{t('login.signerSlow')}</span>
      <button type="button" className="signer-banner-action" onClick={openLogin}>
        {t('login.signInAgain')}
      </button>
    </div>
  );
}
