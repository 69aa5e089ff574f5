import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EcashWallet } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { AmountField } from '@/features/wallet/amount-field.tsx';
import { TokenView } from '@/features/wallet/token-view.tsx';
import { errorText, parseSats } from '@/features/wallet/wallet-format.ts';

/** Send ecash (NUT-03): amount (and a memo) -> a cashuB token to copy, share or show as QR. */
export function SendTokenDialog({
  wallet,
  token: shown,
  onClose,
}: {
  wallet: EcashWallet;
  /** A token sent before, shown again (from the history). */
  token?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState(shown);

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
      const result = await wallet.send(sats, { memo: memo.trim() || undefined });
      setToken(result.token);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('wallet.sendToken')}
      description={token ? t('wallet.tokenReady') : undefined}
      onClose={onClose}
      size="sm"
    >
      {token ? (
        <TokenView token={token} />
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
