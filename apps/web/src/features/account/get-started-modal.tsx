import { useTranslation } from '@/i18n/use-translation.ts';
import Info from 'lucide-react/icons/info';
import LogIn from 'lucide-react/icons/log-in';
import UserPlus from 'lucide-react/icons/user-plus';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import {
  dismissGetStarted,
  leaveForNewAccount,
  signInFromStart,
} from '@/features/account/start-flow.ts';
import type { StartIntent } from '@/features/account/start-store.ts';
import { useTheme } from '@/theme/theme-store.ts';
import { themeByName } from '@/theme/themes.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { start } from '@/i18n/en/start.ts';
import '@/features/account/get-started.css';

addStrings({ start });

/**
 * Getting started (spec section 2): what a guest meets on "Get started" or when an action needs
 * a key. What Swell is, then create an account (`/new`, which comes back here), sign in (the
 * sign-in dialog with all its signers) or keep browsing; what needs the key when an action asked.
 */
export default function GetStartedModal({ intent }: { intent?: StartIntent | undefined }) {
  const { t } = useTranslation();
  const theme = themeByName(useTheme());
  return (
    <Dialog title={t('start.title')} onClose={dismissGetStarted} size="sm" className="get-started">
      <div className="get-started-body">
        {intent && (
          <p className="get-started-why">
            <Info size={16} aria-hidden />
            <span>{t(`start.why.${intent}`)}</span>
          </p>
        )}
        <div className="get-started-hero">
          <img src={theme.logo} alt="" width={44} height={44} className="get-started-logo" />
          <p className="get-started-what">{t('start.what')}</p>
        </div>
        <div className="get-started-choices">
          <div className="get-started-choice">
            <ButtonLink
              to="/new"
              variant="primary"
              size="lg"
              block
              icon={<UserPlus size={18} aria-hidden />}
              aria-describedby="get-started-create-hint"
              onClick={leaveForNewAccount}
            >
              {t('start.createAccount')}
            </ButtonLink>
            <span id="get-started-create-hint" className="get-started-hint">
              {t('start.createHint')}
            </span>
          </div>
          <div className="get-started-choice">
            <Button
              size="lg"
              block
              icon={<LogIn size={18} aria-hidden />}
              aria-describedby="get-started-signin-hint"
              onClick={signInFromStart}
            >
              {t('start.signIn')}
            </Button>
            <span id="get-started-signin-hint" className="get-started-hint">
              {t('start.signInHint')}
            </span>
          </div>
          <Button variant="ghost" size="lg" block onClick={dismissGetStarted}>
            {t('start.keepBrowsing')}
          </Button>
        </div>
        <p className="get-started-guest">{t('start.guest')}</p>
      </div>
    </Dialog>
  );
}
