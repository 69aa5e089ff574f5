import { useTranslation } from 'react-i18next';
import { Screen } from '@/components/screen.tsx';

export function Component() {
  const { t } = useTranslation();
  return <Screen title={t('settings.network')} />;
}
