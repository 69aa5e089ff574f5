import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { EcashWallet } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { MintDetails } from '@/features/wallet/mint-details.tsx';
import type { WalletData } from '@/features/wallet/use-wallet-data.ts';
import { errorText, formatSats, mintLabel, parseMintUrl } from '@/features/wallet/wallet-format.ts';

/** The wallet's mints with their balances; each opens its details; a new one is added by URL. */
export function MintList({ wallet, data }: { wallet: EcashWallet; data: WalletData }) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const mint = parseMintUrl(url, location.origin);
    if (!mint) {
      setError(t('wallet.mintInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await wallet.addMint(mint);
      setUrl('');
      notify.success(t('wallet.mintAdded'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="wallet-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="wallet-section-title">
        {t('wallet.mints')}
      </h2>
      <ul className="wallet-mints">
        {data.mints.map((m) => (
          <li key={m.url} className="mint-item">
            <div className="mint-row">
              <span className="mint-main">
                <strong>{m.info?.name || mintLabel(m.url)}</strong>
                <span className="muted mint-url">{mintLabel(m.url)}</span>
              </span>
              <span className="mint-balance">{formatSats(m.balance.ready)}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={shown === m.url}
                aria-controls={shown === m.url ? `${id}-mint` : undefined}
                aria-label={t('wallet.mintDetailsOf', { mint: m.info?.name || mintLabel(m.url) })}
                onClick={() => setShown(shown === m.url ? null : m.url)}
              >
                {t('wallet.mintDetails')}
              </Button>
            </div>
            {shown === m.url && <MintDetails wallet={wallet} mint={m} id={`${id}-mint`} />}
          </li>
        ))}
      </ul>
      <form className="form-row mint-add" onSubmit={(e) => void add(e)} noValidate>
        <label className="visually-hidden" htmlFor={`${id}-url`}>
          {t('wallet.mintUrl')}
        </label>
        <input
          id={`${id}-url`}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://mint.example"
          spellCheck={false}
          value={url}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-err` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" disabled={busy || !url.trim()}>
          {t('wallet.addMint')}
        </Button>
      </form>
      {error && (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
