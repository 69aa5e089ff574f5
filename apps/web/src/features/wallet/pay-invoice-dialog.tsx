import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { EcashWallet, PaymentQuote } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { QrScanButton } from '@/components/qr-scan-button.tsx';
import { errorText, formatSats } from '@/features/wallet/wallet-format.ts';

/**
 * Pay a lightning invoice from the wallet (NUT-05): the mint's quote first, amount and the most
 * the fee can be shown before confirming; unused fee reserve comes back as change (NUT-08).
 */
export function PayInvoiceDialog({
  wallet,
  onClose,
}: {
  wallet: EcashWallet;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [invoice, setInvoice] = useState('');
  const [quote, setQuote] = useState<PaymentQuote>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();

  const review = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const q = await wallet.quotePayment(invoice.trim().replace(/^lightning:/i, ''));
      setQuote(q);
      if (!q.affordable) setError(t('wallet.notEnough'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const pay = async () => {
    if (!quote) return;
    setError(undefined);
    setBusy(true);
    try {
      const r = await wallet.payQuote(quote);
      setDone(t('wallet.paid', { amount: formatSats(quote.amount), fee: formatSats(r.fee) }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('wallet.payInvoice')} onClose={onClose} size="sm">
      {done ? (
        <p className="wallet-success" role="status">
          {done}
        </p>
      ) : !quote ? (
        <form className="form" onSubmit={(e) => void review(e)} noValidate>
          <label className="field-label" htmlFor={`${id}-invoice`}>
            {t('wallet.invoiceLabel')}
          </label>
          <textarea
            id={`${id}-invoice`}
            className="input wallet-token-input"
            rows={4}
            spellCheck={false}
            autoComplete="off"
            placeholder={t('wallet.invoicePlaceholder')}
            value={invoice}
            aria-invalid={!!error}
            onChange={(e) => setInvoice(e.target.value)}
          />
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <QrScanButton
              label={t('wallet.scanInvoice')}
              disabled={busy}
              onText={(text) => {
                setInvoice(text);
                setError(undefined);
              }}
              onError={setError}
            />
            <Button type="submit" variant="primary" disabled={busy || !invoice.trim()}>
              {t('wallet.checkInvoice')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="form">
          <dl className="wallet-quote">
            <dt>{t('wallet.payAmount')}</dt>
            <dd>{formatSats(quote.amount)}</dd>
            <dt>{t('wallet.payFee')}</dt>
            <dd>{formatSats(quote.feeReserve + quote.inputFee)}</dd>
            <dt>{t('wallet.payTotal')}</dt>
            <dd>{formatSats(quote.total)}</dd>
          </dl>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <Button onClick={onClose}>{t('wallet.cancel')}</Button>
            <Button
              variant="primary"
              disabled={busy || !quote.affordable}
              onClick={() => void pay()}
            >
              {busy ? t('wallet.paying') : t('wallet.payConfirm')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
