import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import KeyRound from 'lucide-react/icons/key-round';
import WalletIcon from 'lucide-react/icons/wallet';
import type { WalletStorage } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { findServerMint } from '@/features/wallet/default-mint.ts';
import { errorText, formatSats, parseMintUrl } from '@/features/wallet/wallet-format.ts';
import { createWallet, restoreWallet } from '@/features/wallet/wallet-session.ts';
import { loadEcash } from '@/features/wallet/wallet-load.ts';
import { notify } from '@/components/ui/notify.ts';

/**
 * No wallet yet: create one (the phrase is shown next for backup) or restore one from its
 * recovery phrase. The mint field starts at this server's mint when it runs one.
 */
export function WalletSetup({
  pubkey,
  storage,
  onCreated,
}: {
  pubkey: string;
  storage: WalletStorage;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<'create' | 'restore'>('create');
  const [mint, setMint] = useState('');
  const [phrase, setPhrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'mint' | 'phrase' | 'form'; text: string }>();

  useEffect(() => {
    const ctl = new AbortController();
    void findServerMint(location.origin, ctl.signal).then((url) => {
      if (url && !ctl.signal.aborted) setMint((m) => m || url);
    });
    return () => ctl.abort();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const mintUrl = parseMintUrl(mint, location.origin);
    if (!mintUrl) {
      setError({ field: 'mint', text: t('wallet.mintInvalid') });
      return;
    }
    setBusy(true);
    try {
      if (mode === 'create') {
        await createWallet(pubkey, storage, mintUrl);
        onCreated();
      } else {
        const { validateMnemonic } = await loadEcash();
        let mnemonic: string;
        try {
          mnemonic = validateMnemonic(phrase);
        } catch (err) {
          setError({ field: 'phrase', text: errorText(err) });
          return;
        }
        const wallet = await restoreWallet(pubkey, storage, mnemonic, [mintUrl]);
        const { ready } = await wallet.balance();
        notify.success(t('wallet.restored', { amount: formatSats(ready) }));
      }
    } catch (err) {
      setError({ field: 'form', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-setup">
      <span className="wallet-setup-icon" aria-hidden="true">
        <WalletIcon size={28} />
      </span>
      <h2 className="wallet-setup-title">{t('wallet.setupTitle')}</h2>
      <p className="muted">{t('wallet.setupBody')}</p>
      <div className="wallet-mode" role="radiogroup" aria-label={t('wallet.setupTitle')}>
        {(['create', 'restore'] as const).map((m) => (
          <label key={m} className="wallet-mode-option" data-checked={mode === m}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === m}
              onChange={() => {
                setMode(m);
                setError(undefined);
              }}
            />
            {m === 'create' ? (
              <WalletIcon size={16} aria-hidden />
            ) : (
              <KeyRound size={16} aria-hidden />
            )}
            {t(m === 'create' ? 'wallet.create' : 'wallet.restore')}
          </label>
        ))}
      </div>
      <form className="form wallet-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field-label" htmlFor={`${id}-mint`}>
          {t('wallet.mintUrl')}
        </label>
        <input
          id={`${id}-mint`}
          className="input"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={mint}
          placeholder="https://mint.example"
          aria-invalid={error?.field === 'mint'}
          aria-describedby={`${id}-mint-hint`}
          onChange={(e) => setMint(e.target.value)}
        />
        <span
          id={`${id}-mint-hint`}
          className={error?.field === 'mint' ? 'field-error' : 'field-hint'}
        >
          {error?.field === 'mint' ? error.text : t('wallet.mintHint')}
        </span>
        {mode === 'restore' && (
          <>
            <label className="field-label" htmlFor={`${id}-phrase`}>
              {t('wallet.phraseLabel')}
            </label>
            <textarea
              id={`${id}-phrase`}
              className="input wallet-phrase-input"
              rows={3}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={phrase}
              aria-invalid={error?.field === 'phrase'}
              aria-describedby={`${id}-phrase-hint`}
              onChange={(e) => setPhrase(e.target.value)}
            />
            <span
              id={`${id}-phrase-hint`}
              className={error?.field === 'phrase' ? 'field-error' : 'field-hint'}
              role={error?.field === 'phrase' ? 'alert' : undefined}
            >
              {error?.field === 'phrase' ? error.text : t('wallet.phraseHint')}
            </span>
          </>
        )}
        {error?.field === 'form' && (
          <p className="field-error" role="alert">
            {error.text}
          </p>
        )}
        <div className="form-actions">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy
              ? t(mode === 'create' ? 'wallet.creating' : 'wallet.restoring')
              : t(mode === 'create' ? 'wallet.create' : 'wallet.restoreAction')}
          </Button>
        </div>
      </form>
    </div>
  );
}
