import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Banknote from 'lucide-react/icons/banknote';
import Copy from 'lucide-react/icons/copy';
import {
  checkTokenState,
  inspectToken,
  type ReceiveResult,
  type TokenState,
} from '@swell/wallet/ecash';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { useSession } from '@/data/session.ts';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { ReceiveOutcome } from '@/features/wallet/receive-outcome.tsx';
import { errorText, formatSats, mintLabel } from '@/features/wallet/wallet-format.ts';
import { walletOf } from '@/features/wallet/wallet-session.ts';
import '@/features/wallet/wallet.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { wallet as walletStrings } from '@/i18n/en/wallet.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ wallet: walletStrings, zaps });

function summary(token: string) {
  try {
    return inspectToken(token);
  } catch {
    return null;
  }
}

/**
 * An ecash token in a note (loaded on demand with the ecash module): amount, mint and memo read
 * from the token, and Redeem, which receives it into the signed-in user's wallet.
 */
export default function TokenCard({ token }: { token: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const info = useMemo(() => summary(token), [token]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReceiveResult>();
  const [error, setError] = useState<string>();
  const [noWallet, setNoWallet] = useState(false);
  // NUT-07 at the token's mint (one small request): a redeemed token says so and offers nothing.
  const [state, setState] = useState<TokenState>();
  useEffect(() => {
    if (!info) return;
    const ctl = new AbortController();
    checkTokenState(token, { signal: ctl.signal }).then(
      (s) => setState(s),
      () => {},
    );
    return () => ctl.abort();
  }, [token, info, result]);

  const redeem = async () => {
    if (!session.pubkey) return;
    setBusy(true);
    setError(undefined);
    try {
      const wallet = await walletOf(session.pubkey);
      if (!wallet) {
        setNoWallet(true);
        return;
      }
      setResult(await wallet.receive(token, { addUnknownMints: true }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const redeemed = (!!result && result.tokensWithErrors.length === 0) || state === 'spent';
  return (
    <div className="pay-card token-card" role="group" aria-label={t('wallet.card.label')}>
      <span className="pay-card-icon" aria-hidden="true">
        <Banknote size={18} />
      </span>
      <span className="pay-card-text">
        <strong>{info ? formatSats(info.amount) : t('note.ecash')}</strong>
        <span className="muted">
          {info
            ? [...new Set(info.entries.map((e) => mintLabel(e.mint)))].join(', ')
            : t('note.ecash')}
        </span>
        {info?.memo && <span className="token-memo">{info.memo}</span>}
      </span>
      {state && state !== 'unspent' && (
        <span className="wallet-pill" data-status={state === 'pending' ? 'pending' : 'done'}>
          {t(`wallet.card.${state === 'partly-spent' ? 'partlySpent' : state}`)}
        </span>
      )}
      <span className="token-card-actions">
        <Button
          size="sm"
          icon={<Copy size={14} aria-hidden />}
          onClick={() => void copyToClipboard(token)}
        >
          {t('note.copy')}
        </Button>
        {!session.pubkey ? null : noWallet ? (
          <ButtonLink size="sm" to="/wallet" variant="primary">
            {t('wallet.card.noWallet')}
          </ButtonLink>
        ) : (
          !redeemed && (
            <Button
              size="sm"
              variant="primary"
              disabled={busy || !info}
              onClick={() => void redeem()}
            >
              {busy ? t('wallet.redeeming') : t('wallet.redeem')}
            </Button>
          )
        )}
      </span>
      {(result || error) && (
        <span className="token-card-result">
          {result && <ReceiveOutcome result={result} />}
          {error && (
            <span className="field-error" role="alert">
              {error}
            </span>
          )}
        </span>
      )}
    </div>
  );
}
