import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { acceptOffer, declineOffer } from '@/features/account/start-flow.ts';
import type { StartIntent } from '@/features/account/start-store.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { start } from '@/i18n/en/start.ts';
import '@/features/account/get-started.css';

addStrings({ start });

/**
 * Back from `/new` with the new account: what the guest tried before (like, follow, the note
 * they were writing...) is offered again, on the page they tried it on.
 */
export default function StartOfferDialog({ intent }: { intent: StartIntent }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('start.offerTitle')}
      description={t(`start.offer.${intent}`)}
      onClose={declineOffer}
      size="sm"
      className="start-offer"
      footer={
        <>
          <Button variant="ghost" onClick={declineOffer}>
            {t('start.notNow')}
          </Button>
          <Button variant="primary" onClick={acceptOffer}>
            {t(`start.offerGo.${intent}`)}
          </Button>
        </>
      }
    />
  );
}
