import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Unplug from 'lucide-react/icons/unplug';
import Wallet from 'lucide-react/icons/wallet';
import { hasWebLn, isPaymentError, tryParseNwcUri, type NwcPayer } from '@swell/wallet';
import { QrScanButton } from '@/components/qr-scan-button.tsx';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import { nwcPayerFor } from '@/features/zaps/builtin-payers.ts';
import {
  hasNwcConnection,
  readNwcConnection,
  removeNwcConnection,
  saveNwcConnection,
} from '@/features/zaps/nwc-connection.ts';
import { payerSourcesVersion } from '@/features/zaps/payer-registry.ts';
import { zapFailureMessage } from '@/features/zaps/zap-errors.ts';
import { useSnapshot } from '@/data/use-model.ts';

interface Probe {
  alias?: string;
  balanceSats?: number;
  balanceError?: string;
}

type Status =
  | { state: 'none' }
  | { state: 'checking' }
  | ({ state: 'connected' } & Probe)
  | { state: 'locked' };

/**
 * Why the wallet could not be asked: its own words (a PaymentError's message is meant to be
 * shown: "The wallet does not know this connection; connect it again.", a time-out, a relay that
 * cannot be reached), not the zap wording — nothing is being paid here.
 */
function walletErrorText(err: unknown): string {
  return isPaymentError(err) ? err.message : zapFailureMessage(err);
}

/** Asks the wallet who it is and what it holds (both answer or the connection is not usable). */
async function probe(payer: NwcPayer): Promise<Probe> {
  const info = await payer.client.getInfo();
  try {
    const { balanceMsat } = await payer.getBalance();
    return {
      ...(info.alias ? { alias: info.alias } : {}),
      balanceSats: Math.floor(balanceMsat / 1000),
    };
  } catch (err) {
    return { ...(info.alias ? { alias: info.alias } : {}), balanceError: walletErrorText(err) };
  }
}

/**
 * Settings > Zaps, wallet connection (NIP-47): paste a `nostr+walletconnect://` string; it is
 * checked (what is missing is named), the wallet asked for its info and balance, and only then
 * saved (sealed with the user's key when a PIN protects it). Shows alias and balance; disconnect.
 */
export function WalletConnection() {
  const { t } = useTranslation();
  const session = useSession();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [probed, setProbed] = useState<(Probe & { key: string }) | null>(null);
  const inputId = useId();
  const errorId = useId();
  const version = useSnapshot(payerSourcesVersion);
  const pubkey = session.pubkey;
  const canSign = session.canSign;
  const stored = !!pubkey && hasNwcConnection();
  const key = `${pubkey}:${version}`;
  const status: Status = !stored
    ? { state: 'none' }
    : !canSign
      ? { state: 'locked' }
      : probed?.key === key
        ? { state: 'connected', ...probed }
        : { state: 'checking' };

  useEffect(() => {
    if (!stored || !canSign) return;
    let live = true;
    void (async () => {
      let shown: Probe;
      try {
        const uri = await readNwcConnection();
        shown = uri ? await probe(nwcPayerFor(uri)) : {};
      } catch (err) {
        shown = { balanceError: walletErrorText(err) };
      }
      if (live) setProbed({ key, ...shown });
    })();
    return () => {
      live = false;
    };
  }, [stored, canSign, key]);

  const connect = async (e: FormEvent) => {
    e.preventDefault();
    await connectWith(text.trim());
  };

  /** Checks a connection string (typed, pasted or scanned) and keeps it when the wallet answers. */
  const connectWith = async (uri: string) => {
    const parsed = tryParseNwcUri(uri);
    if (!parsed.ok) {
      setError(t('zaps.settings.connectFailed', { reason: parsed.reason }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const shown = await probe(nwcPayerFor(uri));
      await saveNwcConnection(uri);
      setText('');
      setProbed({ key: `${pubkey}:${payerSourcesVersion.get()}`, ...shown });
      notify.success(
        shown.alias
          ? t('zaps.settings.connected', { alias: shown.alias })
          : t('zaps.settings.connectedNoAlias'),
      );
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      setError(t('zaps.settings.connectFailed', { reason }));
    } finally {
      setBusy(false);
    }
  };

  const disconnect = () => {
    removeNwcConnection();
    notify.info(t('zaps.settings.disconnected'));
  };

  return (
    <section aria-labelledby="zap-wallet" className="settings-section">
      <h2 id="zap-wallet" className="settings-section-title">
        {t('zaps.settings.walletTitle')}
      </h2>
      {hasWebLn() && <p className="settings-section-intro">{t('zaps.settings.extension')}</p>}
      {status.state === 'connected' || status.state === 'checking' || status.state === 'locked' ? (
        <div className="wallet-status" role="group" aria-label={t('zaps.settings.walletTitle')}>
          <span className="wallet-status-icon" aria-hidden="true">
            <Wallet size={20} />
          </span>
          <span className="wallet-status-text">
            <strong>
              {status.state === 'connected' && status.alias
                ? t('zaps.settings.connected', { alias: status.alias })
                : t('zaps.settings.connectedNoAlias')}
            </strong>
            <span className="muted" role="status">
              {status.state === 'checking'
                ? t('zaps.settings.connecting')
                : status.state === 'locked'
                  ? t('zaps.settings.sealed')
                  : status.balanceSats !== undefined
                    ? t('zaps.settings.balance', { amount: status.balanceSats.toLocaleString() })
                    : t('zaps.settings.balanceUnknown', { reason: status.balanceError ?? '' })}
            </span>
          </span>
          <Button variant="danger" icon={<Unplug size={16} aria-hidden />} onClick={disconnect}>
            {t('zaps.settings.disconnect')}
          </Button>
        </div>
      ) : (
        <form className="form" onSubmit={(e) => void connect(e)} noValidate>
          <p className="settings-section-intro">{t('zaps.settings.walletHint')}</p>
          <label htmlFor={inputId} className="field-label">
            {t('zaps.settings.walletUri')}
          </label>
          <input
            id={inputId}
            className="input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="nostr+walletconnect://…"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <QrScanButton
              label={t('zaps.settings.scanQr')}
              disabled={busy}
              onText={(scanned) => void connectWith(scanned)}
              onError={setError}
            />
            <Button
              type="submit"
              variant="primary"
              disabled={busy || !text.trim()}
              aria-busy={busy || undefined}
            >
              {busy ? t('zaps.settings.connecting') : t('zaps.settings.connect')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
