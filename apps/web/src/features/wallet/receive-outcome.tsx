import { useTranslation } from '@/i18n/use-translation.ts';
import type { ReceiveResult } from '@swell/wallet/ecash';
import { formatSats, mintLabel } from '@/features/wallet/wallet-format.ts';

/** What a redeem did: the sats received, and each entry that failed with its reason. */
export function ReceiveOutcome({ result }: { result: ReceiveResult }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-outcome">
      {result.amount > 0 && (
        <p className="wallet-success" role="status">
          {t('wallet.redeemed', { amount: formatSats(result.amount) })}
        </p>
      )}
      {result.tokensWithErrors.map((x, i) => (
        <p key={i} className="field-error" role="alert">
          {t('wallet.entryFailed', {
            amount: formatSats(x.amount),
            mint: mintLabel(x.mint),
            error: x.error.message,
          })}
        </p>
      ))}
    </div>
  );
}
