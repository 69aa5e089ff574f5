import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Copy from 'lucide-react/icons/copy';
import Share2 from 'lucide-react/icons/share-2';
import { Button } from '@/components/ui/button.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';

const QrCode = lazy(() => import('@/components/qr-code.tsx'));

/** A token to hand over: QR code (when short enough to scan), the text, copy and share. */
export function TokenView({ token }: { token: string }) {
  const { t } = useTranslation();
  const canShare = typeof navigator.share === 'function';
  return (
    <div className="wallet-invoice">
      {token.length <= 1200 && (
        <Suspense fallback={<div className="qr-placeholder" />}>
          <QrCode value={token} label={t('wallet.tokenQr')} size={220} />
        </Suspense>
      )}
      <code className="wallet-code" data-testid="wallet-token">
        {token}
      </code>
      <div className="form-actions">
        <Button icon={<Copy size={16} aria-hidden />} onClick={() => void copyToClipboard(token)}>
          {t('wallet.copyToken')}
        </Button>
        {canShare && (
          <Button
            icon={<Share2 size={16} aria-hidden />}
            onClick={() => void navigator.share({ text: token }).catch(() => {})}
          >
            {t('wallet.share')}
          </Button>
        )}
      </div>
    </div>
  );
}
