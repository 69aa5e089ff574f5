import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Copy from 'lucide-react/icons/copy';
import Share2 from 'lucide-react/icons/share-2';
import { Button } from '@/components/ui/button.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { formatSats } from '@/features/wallet/wallet-format.ts';

const QrCode = lazy(() => import('@/components/qr-code.tsx'));

/** A token to hand over: amount, QR code (when short enough to scan), the text, copy, share. */
export function TokenView({
  token,
  amount,
  memo,
}: {
  token: string;
  amount: number;
  memo?: string;
}) {
  const { t } = useTranslation();
  const canShare = typeof navigator.share === 'function';
  return (
    <div className="wallet-invoice">
      <p className="wallet-invoice-amount">
        {formatSats(amount)}
        {memo && <span className="wallet-invoice-memo">{memo}</span>}
      </p>
      {token.length <= 2000 && (
        <Suspense fallback={<div className="qr-placeholder" />}>
          <QrCode value={token} label={t('wallet.tokenQr')} size={token.length > 600 ? 300 : 220} />
        </Suspense>
      )}
      <code
        className="wallet-code"
        tabIndex={0}
        aria-label={t('wallet.tokenLabel')}
        data-testid="wallet-token"
      >
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
