import { useTranslation } from '@/i18n/use-translation.ts';
import Compass from 'lucide-react/icons/compass';
import { Screen } from '@/components/screen.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Screen title={t('notFound.title')}>
      <EmptyState
        icon={<Compass size={26} />}
        title={t('notFound.lost')}
        body={t('notFound.body')}
        actions={
          <ButtonLink to="/home" variant="primary">
            {t('notFound.home')}
          </ButtonLink>
        }
      />
    </Screen>
  );
}
