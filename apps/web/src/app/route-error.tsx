import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { NotFound } from '@/components/not-found.tsx';
import { Screen } from '@/components/screen.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';

/** Error element of the layout: 404 responses show "page not found", others a generic message. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error(error);
  return (
    <Screen title={t('app.errorTitle')}>
      <ErrorState body={t('app.errorBody')} onRetry={() => window.location.reload()} />
    </Screen>
  );
}
