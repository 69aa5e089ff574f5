import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { EcashWallet, MintSummary, ReceiveResult, TokenSummary } from '@swell/wallet/ecash';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { ReceiveOutcome } from '@/features/wallet/receive-outcome.tsx';
import { errorText, formatSats, mintLabel } from '@/features/wallet/wallet-format.ts';
import { loadEcash } from '@/features/wallet/wallet-load.ts';

/**
 * Receive ecash (NUT-03): paste a token, see its amount and mint (no network), redeem it; an
 * entry that fails says why and can be tried again, the others are kept.
 */
export function ReceiveTokenDialog({
  wallet,
  mints,
  initial = '',
  onClose,
}: {
  wallet: EcashWallet;
  mints: MintSummary[];
  initial?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReceiveResult>();

  const [ecash, setEcash] = useState<Awaited<ReturnType<typeof loadEcash>>>();
  useEffect(() => {
    let live = true;
    void loadEcash().then((m) => live && setEcash(m));
    return () => {
      live = false;
    };
  }, []);
  const preview = useMemo((): TokenSummary | null => {
    const token = text.trim();
    if (!token || !ecash) return null;
    try {
      return ecash.inspectToken(token);
    } catch {
      return null;
    }
  }, [text, ecash]);

  const known = new Set(mints.map((m) => m.url));
  const unknown = preview?.entries.filter((e) => !known.has(e.mint)).map((e) => e.mint) ?? [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!preview) {
      setError(t('wallet.tokenInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const r = await wallet.receive(text.trim(), { addUnknownMints: true });
      setResult(r);
      // What failed stays in the field, to try again.
      setText(r.tokensWithErrors.map((x) => x.token).join('\n'));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('wallet.receiveToken')} onClose={onClose} size="sm">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {result && <ReceiveOutcome result={result} />}
        <label className="field-label" htmlFor={`${id}-token`}>
          {t('wallet.tokenLabel')}
        </label>
        <textarea
          id={`${id}-token`}
          className="input wallet-token-input"
          rows={4}
          spellCheck={false}
          autoComplete="off"
          placeholder={t('wallet.tokenPlaceholder')}
          value={text}
          aria-invalid={!!error}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
        />
        {preview && (
          <p className="wallet-preview" data-testid="token-preview">
            {preview.entries
              .map((en) =>
                t('wallet.tokenPreview', {
                  amount: formatSats(en.amount),
                  mint: mintLabel(en.mint),
                }),
              )
              .join(' · ')}
            {preview.memo && <span className="muted"> — {preview.memo}</span>}
          </p>
        )}
        {unknown.map((m) => (
          <p key={m} className="muted wallet-warning">
            {t('wallet.unknownMint', { mint: mintLabel(m) })}
          </p>
        ))}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <Button type="submit" variant="primary" disabled={busy || !text.trim()} block>
            {busy ? t('wallet.redeeming') : t('wallet.redeem')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
