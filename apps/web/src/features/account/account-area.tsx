import { useTranslation } from 'react-i18next';

export default function AccountArea() {
  const { t } = useTranslation();
  return <p className="muted">{t('login.guest')}</p>;
}
