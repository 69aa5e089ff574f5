import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { EcashWallet, MintSummary } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { errorText, formatSats } from '@/features/wallet/wallet-format.ts';

/** NUT numbers as the specs write them: 0 -> "00". */
const nut = (n: number) => String(n).padStart(2, '0');

/**
 * One mint opened in the mints list: what it says about itself (NUT-06 info), its keysets (id,
 * unit, active or not, input fee), the balance held there, and Remove once nothing is held.
 */
export function MintDetails({
  wallet,
  mint,
  id,
}: {
  wallet: EcashWallet;
  mint: MintSummary;
  id: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const info = mint.info;
  const { ready, sent, pending } = mint.balance;
  const remove = async () => {
    setBusy(true);
    try {
      await wallet.removeMint(mint.url);
      notify.success(t('wallet.mintRemoved'));
    } catch (err) {
      notify.error(errorText(err));
      setBusy(false);
    }
  };
  return (
    <div id={id} className="mint-details">
      {!info ? (
        <p className="muted">{t('wallet.mintNoInfo')}</p>
      ) : (
        <>
          {(info.descriptionLong || info.description) && (
            <p>{info.descriptionLong || info.description}</p>
          )}
          {info.motd && <p className="mint-motd">{info.motd}</p>}
          <dl className="mint-facts">
            <dt>{t('wallet.mintAddress')}</dt>
            <dd>{mint.url}</dd>
            {info.version && (
              <>
                <dt>{t('wallet.mintVersion')}</dt>
                <dd>{info.version}</dd>
              </>
            )}
            <dt>{t('wallet.mintNuts')}</dt>
            <dd>{info.nuts.length ? info.nuts.map(nut).join(', ') : '—'}</dd>
            <dt>{t('wallet.mintHeld')}</dt>
            <dd>
              {formatSats(ready)}
              {sent > 0 && ` · ${t('wallet.inTokens', { amount: formatSats(sent) })}`}
              {pending > 0 && ` · ${t('wallet.inFlight', { amount: formatSats(pending) })}`}
            </dd>
          </dl>
          <table className="mint-keysets">
            <caption>{t('wallet.keysets')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('wallet.keysetId')}</th>
                <th scope="col">{t('wallet.keysetUnit')}</th>
                <th scope="col">{t('wallet.keysetState')}</th>
                <th scope="col">{t('wallet.keysetFee')}</th>
              </tr>
            </thead>
            <tbody>
              {info.keysets.map((k) => (
                <tr key={k.id} data-testid="keyset-row">
                  <td>
                    <code>{k.id}</code>
                  </td>
                  <td>{k.unit}</td>
                  <td>{k.active ? t('wallet.keysetActive') : t('wallet.keysetInactive')}</td>
                  <td>{t('wallet.keysetFeePpk', { ppk: k.inputFeePpk })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="form-actions">
        <Button
          size="sm"
          variant="ghost"
          disabled={busy || ready + sent + pending > 0}
          onClick={() => void remove()}
        >
          {t('wallet.removeMint')}
        </Button>
      </div>
    </div>
  );
}
