import { useTranslation } from '@/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import Crown from 'lucide-react/icons/crown';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { swell } from '@/data/client.ts';
import { premiumReminderOpen } from '@/features/premium/reminder-store.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { premium } from '@/i18n/en/premium.ts';

addStrings({ premium });

/** Dismissing (either way) records the time: the next reminder comes 7 days later. */
function dismiss() {
  swell().records.update(swell().session.getSnapshot().pubkey, { premiumReminder: Date.now() });
  premiumReminderOpen.set(false);
}

/** The premium reminder modal (spec section 2, modals): what Premium is, see it or not now. */
export default function PremiumReminder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog
      title={t('premium.reminder.title')}
      description={t('premium.reminder.body')}
      size="sm"
      onClose={dismiss}
      footer={
        <>
          <Button variant="ghost" onClick={dismiss}>
            {t('premium.reminder.dismiss')}
          </Button>
          <Button
            variant="primary"
            icon={<Crown size={16} aria-hidden />}
            onClick={() => {
              dismiss();
              void navigate('/premium');
            }}
          >
            {t('premium.reminder.open')}
          </Button>
        </>
      }
    />
  );
}
