import { Suspense, useMemo, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Zap from 'lucide-react/icons/zap';
import { isInvoiceExpired, parseLightningInvoice } from '@swell/wallet';
import { InvoiceCard } from '@/features/note/payment-cards.tsx';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { registerBuiltinPayers } from '@/features/zaps/builtin-payers.ts';
import { preferredPayer } from '@/features/zaps/payer-preference.ts';
import { choosePayerSource } from '@/features/zaps/payer-registry.ts';
import { zapFailureMessage } from '@/features/zaps/zap-errors.ts';
import { relativeTime } from '@/lib/format.ts';
import '@/features/zaps/invoice-card.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ zaps });

const QrCode = lazy(() => import('@/components/qr-code.tsx'));

type PayState = 'idle' | 'paying' | 'paid';

/**
 * A lightning invoice in a note (or the lightning parameter of a bitcoin URI), as a card: amount,
 * description, expiry, a QR code, copy, and Pay through the same payers as zaps (WebLN, wallet
 * connect, what else registered). Expired and amountless invoices cannot be paid from here.
 */
export default function LightningInvoiceCard({ invoice }: { invoice: string }) {
  const { t } = useTranslation();
  const parsed = useMemo(() => parseLightningInvoice(invoice), [invoice]);
  const [state, setState] = useState<PayState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  if (!parsed) return <InvoiceCard invoice={invoice} msats={undefined} />;
  const expired = isInvoiceExpired(parsed, now);
  const amount = parsed.amountSats;

  const pay = async () => {
    registerBuiltinPayers();
    const source = choosePayerSource(preferredPayer());
    if (!source) {
      notify.error(t('zaps.noWallet'));
      return;
    }
    setState('paying');
    setError(null);
    try {
      const payer = await source.create();
      await payer.pay(parsed.invoice);
      setState('paid');
      notify.success(t('zaps.invoice.paidToast'));
    } catch (err) {
      setState('idle');
      const message = zapFailureMessage(err);
      setError(message);
      notify.error(message);
    }
  };

  return (
    <div className="invoice-card" role="group" aria-label={t('zaps.invoice.label')}>
      <div className="invoice-card-main">
        <div className="invoice-card-head">
          <span className="invoice-card-icon" aria-hidden="true">
            <Zap size={18} />
          </span>
          <span className="invoice-card-title">{t('zaps.invoice.label')}</span>
        </div>
        <p className="invoice-card-amount">
          {amount === undefined
            ? t('zaps.invoice.anyAmount')
            : t('zaps.invoice.amount', { amount: amount.toLocaleString() })}
        </p>
        <p className="invoice-card-description">
          {parsed.description?.trim() || (
            <span className="muted">{t('zaps.invoice.noDescription')}</span>
          )}
        </p>
        <p className="invoice-card-expiry" data-expired={expired || undefined}>
          {expired
            ? t('zaps.invoice.expired')
            : t('zaps.invoice.expires', { when: relativeTime(parsed.expiresAt, now) })}
        </p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {amount === undefined && !expired && (
          <p className="muted invoice-card-note">{t('zaps.invoice.noAmountPay')}</p>
        )}
        <div className="invoice-card-actions">
          {state === 'paid' ? (
            <span className="invoice-card-paid" role="status">
              <Check size={16} aria-hidden />
              {t('zaps.invoice.paid')}
            </span>
          ) : (
            <Button
              variant="primary"
              size="sm"
              icon={<Zap size={14} aria-hidden />}
              disabled={expired || amount === undefined || state === 'paying'}
              aria-busy={state === 'paying' || undefined}
              onClick={() => void pay()}
            >
              {state === 'paying' ? t('zaps.invoice.paying') : t('zaps.invoice.pay')}
            </Button>
          )}
          <Button
            size="sm"
            icon={<Copy size={14} aria-hidden />}
            onClick={() => void copyToClipboard(parsed.invoice)}
          >
            {t('zaps.invoice.copy')}
          </Button>
        </div>
      </div>
      <div className="invoice-card-qr">
        <Suspense fallback={<span className="invoice-card-qr-placeholder" />}>
          <QrCode
            value={`lightning:${parsed.invoice}`.toUpperCase()}
            label={t('zaps.invoice.qr')}
            size={132}
          />
        </Suspense>
      </div>
    </div>
  );
}
