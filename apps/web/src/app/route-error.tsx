import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFound } from '@/components/not-found.tsx';

/** Error element of the layout: 404 responses show "page not found", others a generic message. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <section aria-labelledby="error-title" className="screen">
      <h1 id="error-title">{t('app.error')}</h1>
      <button type="button" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </section>
  );
}
