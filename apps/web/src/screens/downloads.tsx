import { useTranslation } from 'react-i18next';
import Globe from 'lucide-react/icons/globe';
import QrCode from 'lucide-react/icons/qr-code';
import { Screen } from '@/components/screen.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Screen title={t('nav.downloads')}>
      <EmptyState
        icon={<Globe size={26} />}
        title={t('downloads.title')}
        body={t('downloads.body')}
        actions={
          <ButtonLink
            to="/app-download-qr"
            variant="primary"
            icon={<QrCode size={16} aria-hidden />}
          >
            {t('downloads.qr')}
          </ButtonLink>
        }
      />
    </Screen>
  );
}
