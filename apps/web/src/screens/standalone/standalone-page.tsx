import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useTheme } from '@/theme/theme-store.ts';
import { themeByName } from '@/theme/themes.ts';
import '@/screens/standalone/standalone.css';

/** A standalone route (no main layout): the logo, a title, its text and a way home. */
export function StandalonePage({
  title,
  body,
  children,
}: {
  title: string;
  body: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = themeByName(useTheme());
  return (
    <main className="standalone">
      <div className="standalone-card">
        <Link to="/home" className="brand standalone-brand" aria-label={t('app.homeLink')}>
          <img src={theme.logo} alt="" width={36} height={36} className="brand-logo" />
          <span aria-hidden="true">{t('app.name')}</span>
        </Link>
        <h1 className="standalone-title">{t(title)}</h1>
        <p className="standalone-body">{t(body)}</p>
        {children}
        <Link to="/home" className="standalone-back">
          <ArrowLeft size={16} aria-hidden />
          {t('standalone.backHome')}
        </Link>
      </div>
    </main>
  );
}
