import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import Link2 from 'lucide-react/icons/link-2';
import type { NostrConnectPairing } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { swell } from '@/data/client.ts';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { afterPairing, loginErrorKey, signInWithBunker } from '@/features/account/account.ts';
import '@/components/ui/form.css';
import '@/features/account/login.css';

const QrCode = lazy(() => import('@/components/qr-code.tsx'));

/** The relay this server runs: where our signer app and the devnet bunker meet us. */
export function ownRelayUrl(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}/relay`;
}

/**
 * Sign-in with a NIP-46 remote signer: paste a `bunker://` address, or let the signer app scan
 * a `nostrconnect://` code (shown as a QR code and as text to copy). The session signs in once
 * the signer answered.
 */
export default function RemoteSignerLogin({
  onBack,
  onDone,
}: {
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pairing, setPairing] = useState<NostrConnectPairing | null>(null);

  // The nostrconnect:// code: listen on our relay while the dialog is open.
  useEffect(() => {
    let live = true;
    let current: NostrConnectPairing | null = null;
    void swell()
      .session.startNostrConnect({
        relays: [ownRelayUrl(location.origin)],
        name: 'Swell',
        url: location.origin,
      })
      .then((p) => {
        current = p;
        // Cancelled (below, or the dialog closed before the code was ready): not an error.
        p.signer.catch(() => {});
        if (!live) return p.cancel();
        setPairing(p);
        p.signer.then(
          () => {
            afterPairing();
            if (live) onDone();
          },
          () => {},
        );
      })
      .catch(() => {});
    return () => {
      live = false;
      current?.cancel();
    };
  }, [onDone]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signInWithBunker(url);
      onDone();
    } catch (err) {
      setError(loginErrorKey(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('login.bunker')}
      description={t('login.bunkerIntro')}
      onClose={onBack}
      size="sm"
    >
      <form onSubmit={(e) => void submit(e)} className="form">
        <label htmlFor="login-bunker" className="field-label">
          {t('login.bunkerUrl')}
        </label>
        <input
          id="login-bunker"
          className="input"
          autoComplete="off"
          placeholder="bunker://…"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bunker-error' : undefined}
        />
        {error && (
          <p id="bunker-error" role="alert" className="field-error">
            {t(error)}
          </p>
        )}
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          disabled={busy || !url.trim()}
          icon={<Link2 size={18} aria-hidden />}
        >
          {busy ? t('login.nostrConnectWaiting') : t('login.bunkerSubmit')}
        </Button>
      </form>
      <div className="nostr-connect">
        <p className="field-label">{t('login.nostrConnect')}</p>
        {pairing ? (
          <>
            <Suspense fallback={null}>
              <QrCode value={pairing.uri} label={t('login.nostrConnectQr')} size={184} />
            </Suspense>
            <p className="muted" role="status">
              {t('login.nostrConnectWaiting')}
            </p>
            <Button size="sm" onClick={() => void copyToClipboard(pairing.uri)}>
              {t('login.copyUri')}
            </Button>
          </>
        ) : (
          <p className="muted">{t('app.loading')}</p>
        )}
      </div>
      <div className="form-actions">
        <Button variant="ghost" onClick={onBack}>
          {t('login.back')}
        </Button>
      </div>
    </Dialog>
  );
}
