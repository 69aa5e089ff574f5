import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A standalone route (no main layout): a title and a paragraph. */
export function StandalonePage({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <main className="standalone">
      <h1>{t(title)}</h1>
      <p>{t(body)}</p>
      <Link to="/home">{t('nav.home')}</Link>
    </main>
  );
}
