import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { EcashWallet, HistoryEntry } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { AmountField } from '@/features/wallet/amount-field.tsx';
import { TokenView } from '@/features/wallet/token-view.tsx';
import { errorText, parseSats } from '@/features/wallet/wallet-format.ts';

/** Send ecash (NUT-03): amount (and a memo) -> a cashuB token to copy, share or show as QR. */
export function SendTokenDialog({
  wallet,
  sent,
  onClose,
}: {
  wallet: EcashWallet;
  /** A send from the history whose token is shown again. */
  sent?: HistoryEntry;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(
    sent?.token ? { token: sent.token, amount: sent.amount, memo: sent.memo } : undefined,
  );

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
      const note = memo.trim() || undefined;
      const result = await wallet.send(sats, { memo: note });
      setShown({ token: result.token, amount: sats, memo: note });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('wallet.sendToken')}
      description={shown ? t('wallet.tokenReady') : undefined}
      onClose={onClose}
      size="sm"
    >
      {shown ? (
        <TokenView token={shown.token} amount={shown.amount} memo={shown.memo} />
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <AmountField
            id={`${id}-amount`}
            value={amount}
            onChange={setAmount}
            error={error}
            autoFocus
          />
          <label className="field-label" htmlFor={`${id}-memo`}>
            {t('wallet.memo')}
          </label>
          <input
            id={`${id}-memo`}
            className="input"
            maxLength={140}
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
          />
          <div className="form-actions">
            <Button type="submit" variant="primary" disabled={busy} block>
              {t('wallet.createToken')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
