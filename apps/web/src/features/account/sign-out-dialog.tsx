import { useTranslation } from '@/i18n/use-translation.ts';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { swell } from '@/data/client.ts';
import { signOutLeavingPush } from '@/features/push/push-sign-out.ts';

/**
 * Sign out, confirmed. A key kept on this device (PIN-protected or plain) is removed by it, so
 * the dialog says so and offers the backup first (Settings > Account, where the key is shown).
 */
export default function SignOutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const local = swell().session.keyProtection() !== 'none';
  return (
    <Dialog
      title={t('login.signOutTitle')}
      description={local ? t('login.signOutLocal') : t('login.signOutSigner')}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('login.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              signOutLeavingPush();
            }}
          >
            {t('login.signOutConfirm')}
          </Button>
        </>
      }
    >
      {local ? (
        <ButtonLink
          to="/settings/account"
          icon={<ShieldCheck size={16} aria-hidden />}
          className="sign-out-backup"
          onClick={onClose}
        >
          {t('login.signOutBackup')}
        </ButtonLink>
      ) : undefined}
    </Dialog>
  );
}
