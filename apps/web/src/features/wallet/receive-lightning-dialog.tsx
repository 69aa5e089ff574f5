import { Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Copy from 'lucide-react/icons/copy';
import type { EcashWallet, HistoryEntry } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { AmountField } from '@/features/wallet/amount-field.tsx';
import { errorText, formatSats, parseSats } from '@/features/wallet/wallet-format.ts';

const QrCode = lazy(() => import('@/components/qr-code.tsx'));

/**
 * Receive with lightning (NUT-04): amount -> an invoice of the mint with its QR code; the quote
 * is polled and the ecash minted once it is paid (also later, by the wallet's sync).
 */
export function ReceiveLightningDialog({
  wallet,
  mint,
  onClose,
}: {
  wallet: EcashWallet;
  mint: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [entry, setEntry] = useState<HistoryEntry>();

  useEffect(() => {
    if (!entry || entry.status !== 'pending') return;
    const ctl = new AbortController();
    wallet.waitForInvoice(entry.id, { signal: ctl.signal }).then(
      (done) => setEntry(done),
      (err: unknown) => {
        if (!ctl.signal.aborted) setError(errorText(err));
      },
    );
    return () => ctl.abort();
  }, [wallet, entry]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sats = parseSats(amount);
    if (sats === null) {
      setError(t('wallet.amountInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      setEntry(await wallet.createInvoice(mint, sats));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('wallet.receiveLightning')} onClose={onClose} size="sm">
      {!entry ? (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <AmountField
            id={`${id}-amount`}
            value={amount}
            onChange={setAmount}
            error={error}
            autoFocus
          />
          <div className="form-actions">
            <Button type="submit" variant="primary" disabled={busy} block>
              {t('wallet.createInvoice')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="wallet-invoice">
          <p className="wallet-invoice-amount">{formatSats(entry.amount)}</p>
          {entry.status === 'pending' && entry.invoice && (
            <>
              <Suspense fallback={<div className="qr-placeholder" />}>
                <QrCode
                  value={`lightning:${entry.invoice}`}
                  label={t('wallet.invoiceQr')}
                  size={220}
                />
              </Suspense>
              <code
                className="wallet-code"
                tabIndex={0}
                aria-label={t('wallet.invoiceLabel')}
                data-testid="wallet-invoice"
              >
                {entry.invoice}
              </code>
              <Button
                icon={<Copy size={16} aria-hidden />}
                onClick={() => void copyToClipboard(entry.invoice!)}
              >
                {t('wallet.copyInvoice')}
              </Button>
              <p className="muted" role="status">
                {t('wallet.invoiceWaiting')}
              </p>
            </>
          )}
          {entry.status === 'done' && (
            <p className="wallet-success" role="status">
              {t('wallet.invoicePaid', { amount: formatSats(entry.amount) })}
            </p>
          )}
          {(entry.status === 'expired' || entry.status === 'failed') && (
            <p className="field-error" role="alert">
              {entry.error ?? t('wallet.invoiceExpired')}
            </p>
          )}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
