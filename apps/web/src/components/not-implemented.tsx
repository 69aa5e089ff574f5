import { useTranslation } from 'react-i18next';

/** The spec's notice for screens that are not built yet. */
export function NotImplemented() {
  const { t } = useTranslation();
  return (
    <p className="notice" role="status">
      {t('app.notImplemented')}
    </p>
  );
}
