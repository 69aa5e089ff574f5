import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button.tsx';
import '@/components/not-implemented.css';

/** The spec's notice for screens that are not built yet, with a way back to what works. */
export function NotImplemented({ icon, homeIcon }: { icon: ReactNode; homeIcon?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="coming-soon">
      <span className="coming-soon-art" aria-hidden="true">
        <span className="coming-soon-ring" />
        <span className="coming-soon-icon">{icon}</span>
      </span>
      <p className="coming-soon-badge" aria-hidden="true">
        {t('app.comingSoon')}
      </p>
      <p className="coming-soon-text" role="status">
        {t('app.notImplemented')}
      </p>
      <div className="coming-soon-actions">
        <ButtonLink to="/home" variant="primary" icon={homeIcon}>
          {t('notFound.home')}
        </ButtonLink>
        <ButtonLink to="/help" variant="ghost">
          {t('app.whatWorks')}
        </ButtonLink>
      </div>
    </div>
  );
}
