import { useTranslation } from '@/i18n/use-translation.ts';
import Unplug from 'lucide-react/icons/unplug';
import { useSession } from '@/data/session.ts';
import { openLogin } from '@/features/account/login-dialog.ts';
import '@/features/account/account.css';

/**
 * A remote signer that stopped answering: said plainly at the top of the page (instead of
 * buttons that wait forever), with a way to sign in again. Goes away when it answers again.
 */
export function SignerBanner() {
  const { t } = useTranslation();
  const { signer, signerError } = useSession();
  if (signer !== 'disconnected') return null;
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
}
