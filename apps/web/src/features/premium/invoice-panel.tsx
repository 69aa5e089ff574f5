import { Suspense, useEffect, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Copy from 'lucide-react/icons/copy';
import Zap from 'lucide-react/icons/zap';
import type { PurchaseQuote } from '@swell/client/membership';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { notify } from '@/components/ui/notify.ts';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { preferredPayer } from '@/features/zaps/payer-preference.ts';
import {
  availablePayerSources,
  payerSourcesVersion,
  type PayerSource,
} from '@/features/zaps/payer-registry.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { zaps } from '@/i18n/en/zaps.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { holdTime } from '@/features/premium/name-field.tsx';

addStrings({ zaps });

const QrCode = lazy(() => import('@/components/qr-code.tsx'));

const satsOf = (btc: string) => Math.round(Number(btc) * 1e8);

/**
 * The lightning invoice of a purchase: QR code, amount, the invoice text to copy, and "Pay with"
 * each way to pay this device has (the same payers as zaps: a WebLN extension, wallet connect,
 * the built-in ecash wallet). Payment itself is seen by the purchase monitor.
 */
export function InvoicePanel({ quote, onCancel }: { quote: PurchaseQuote; onCancel: () => void }) {
  const { t } = useTranslation();
  useSnapshot(payerSourcesVersion);
  const [paying, setPaying] = useState<string | null>(null);
  useEffect(() => {
    // The payers load with their wallet code only here (WebLN, NWC, ecash).
    void import('@/features/zaps/builtin-payers.ts').then((m) => m.registerBuiltinPayers());
  }, []);
  const pay = async (source: PayerSource) => {
    setPaying(source.id);
    try {
      await (await source.create()).pay(quote.qr_code);
    } catch (err) {
      const reason = err instanceof Error && err.message ? err.message : String(err);
      notify.error(t('premium.invoice.payFailed', { reason }));
    } finally {
      setPaying(null);
    }
  };
  const sources = availablePayerSources(preferredPayer());
  const usd = Number(quote.amount_usd).toFixed(2);
  return (
    <section className="premium-card premium-invoice" aria-labelledby="premium-invoice-title">
      <h2 id="premium-invoice-title" className="premium-card-title">
        {t('premium.invoice.title')}
      </h2>
      <p className="premium-invoice-amount">
        {t('premium.invoice.amount', { usd, sats: satsOf(quote.amount_btc).toLocaleString() })}
      </p>
      {quote.name && quote.name_held_until && (
        <p className="premium-held" data-testid="premium-held">
          {t('premium.invoice.held', {
            address: `${quote.name}@${location.host}`,
            time: holdTime(quote.name_held_until),
          })}
        </p>
      )}
      <div className="premium-qr">
        <Suspense fallback={<Skeleton width={220} height={220} />}>
          <QrCode value={`lightning:${quote.qr_code}`} label={t('premium.invoice.qr')} size={220} />
        </Suspense>
      </div>
      <label className="field-label" htmlFor="premium-invoice-text">
        {t('premium.invoice.text')}
      </label>
      <textarea
        id="premium-invoice-text"
        className="input premium-invoice-text"
        readOnly
        rows={3}
        value={quote.qr_code}
        data-testid="premium-invoice"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="premium-actions">
        {sources.map((source, i) => (
          <Button
            key={source.id}
            variant={i === 0 ? 'primary' : 'secondary'}
            icon={<Zap size={16} aria-hidden />}
            disabled={paying !== null}
            aria-busy={paying === source.id || undefined}
            onClick={() => void pay(source)}
          >
            {paying === source.id
              ? t('premium.invoice.paying')
              : t('premium.invoice.payWith', { payer: t(source.label) })}
          </Button>
        ))}
        <Button
          variant="secondary"
          icon={<Copy size={16} aria-hidden />}
          onClick={() => void copyToClipboard(quote.qr_code)}
        >
          {t('premium.invoice.copy')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('premium.invoice.cancel')}
        </Button>
      </div>
      <p className="premium-waiting" role="status">
        <span className="premium-spinner" aria-hidden="true" />
        {t('premium.invoice.waiting')}{' '}
        <span className="premium-muted">
          {t('premium.invoice.expiresAt', { time: holdTime(quote.expires_at) })}
        </span>
      </p>
    </section>
  );
}
