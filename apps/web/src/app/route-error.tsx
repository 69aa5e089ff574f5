import { useTranslation } from '@/i18n/use-translation.ts';
import { Screen } from '@/components/screen.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';

/**
 * What a route shows when its screen throws (app/route-boundary.tsx): a generic message and a
 * reload. Unknown paths and unregistered vanity names are not errors: their routes show NotFound.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  console.error(error);
  return (
    <Screen title={t('app.errorTitle')}>
      <ErrorState body={t('app.errorBody')} onRetry={() => window.location.reload()} />
    </Screen>
  );
}
