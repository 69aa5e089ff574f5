import { useEffect } from 'react';
import WifiOff from 'lucide-react/icons/wifi-off';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { nextChunkRetry, retryChunks } from '@/lib/chunk-load.ts';

/**
 * What a route shows when its screen's code could not be fetched (the server is down and the
 * service worker does not have it): the offline notice, not the error screen. The screen loads
 * when the connection returns (lib/chunk-load.ts), or now with "Try again".
 */
export function RouteOffline({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    void nextChunkRetry().then(() => {
      if (live) onRetry();
    });
    return () => {
      live = false;
    };
  }, [onRetry]);
  return (
    <Screen title={t('app.offlineTitle')}>
      <div role="status">
        <EmptyState
          icon={<WifiOff size={26} />}
          title={t('app.offlineScreen')}
          actions={
            <Button variant="secondary" onClick={retryChunks}>
              {t('app.retry')}
            </Button>
          }
        />
      </div>
    </Screen>
  );
}
