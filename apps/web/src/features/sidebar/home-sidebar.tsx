import { useTranslation } from 'react-i18next';

export default function HomeSidebar() {
  const { t } = useTranslation();
  return <h2>{t('sidebar.title')}</h2>;
}
