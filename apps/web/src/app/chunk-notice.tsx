import WifiOff from 'lucide-react/icons/wifi-off';
import { Button } from '@/components/ui/button.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { retryChunks, waitingChunks } from '@/lib/chunk-load.ts';
import { useSnapshot } from '@/data/use-model.ts';
import '@/app/chunk-notice.css';

/**
 * The offline notice while a part of the app (a dialog, the toaster, a menu, the sidebar) waits
 * for its code, which could not be fetched: it loads by itself when the connection returns;
 * "Try again" fetches it now.
 */
export function ChunkNotice() {
  const { t } = useTranslation();
  const waiting = useSnapshot(waitingChunks);
  if (waiting === 0) return null;
  return (
    <div role="status" className="chunk-notice">
      <WifiOff size={16} aria-hidden />
      <span>{t('app.offlinePart')}</span>
      <Button size="sm" variant="secondary" onClick={retryChunks}>
        {t('app.retry')}
      </Button>
    </div>
  );
}
