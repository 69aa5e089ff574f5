import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Zap from 'lucide-react/icons/zap';
import { defaultZapPresets, type ZapPreset } from '@swell/client';
import type { ZapEndpoint } from '@swell/wallet';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { swell } from '@/data/client.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { registerBuiltinPayers } from '@/features/zaps/builtin-payers.ts';
import { choosePayerSource, payerSourcesVersion } from '@/features/zaps/payer-registry.ts';
import { preferredPayer } from '@/features/zaps/payer-preference.ts';
import { defaultZapOf } from '@/features/zaps/zap-actions.ts';
import { zapFailureMessage } from '@/features/zaps/zap-errors.ts';
import type { ZapModalSubject } from '@/features/zaps/zap-modal-store.ts';
import {
  authorProfile,
  canZap,
  sendZap,
  subjectPubkey,
  zapEndpointOf,
} from '@/features/zaps/zap-service.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { nutzapRoute, sendNutzap, type NutzapRoute } from '@/features/zaps/nutzap-service.ts';
import '@/components/ui/form.css';
import '@/features/zaps/zaps.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ zaps });

type Lookup =
  | { state: 'loading' }
  | { state: 'ready'; endpoint: ZapEndpoint }
  | { state: 'failed'; message: string };

/** The presets to offer: the user's (Settings > Zaps), else the spec's six. */
function presetsOf(): readonly ZapPreset[] {
  const config = swell().settings.settings.zapConfig;
  return config.length ? config : defaultZapPresets;
}

/**
 * The custom zap window: the presets (21 "Great post" ... 100000 "Generational wealth"), a custom
 * amount, a message (the default 42 "Onward" filled in), the payer that will be used, and one
 * button. The author's lightning service is looked up on open ("zap unavailable for author").
 */
export default function ZapModal({
  subject,
  onClose,
}: {
  subject: ZapModalSubject;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pubkey = subjectPubkey(subject);
  const user = useUser(pubkey);
  const fallback = defaultZapOf();
  const [amount, setAmount] = useState(String(fallback.amount));
  const [comment, setComment] = useState(fallback.message);
  const [lookup, setLookup] = useState<Lookup>({ state: 'loading' });
  const [sending, setSending] = useState(false);
  // NIP-61: the author's 10019 and a mint shared with the user's ecash wallet, if any.
  const [route, setRoute] = useState<NutzapRoute | null>(null);
  const [method, setMethod] = useState<'lightning' | 'ecash' | null>(null);
  const [error, setError] = useState<string | null>(null);
  useSnapshot(payerSourcesVersion);
  registerBuiltinPayers();
  const source = choosePayerSource(preferredPayer());
  const amountId = useId();
  const commentId = useId();
  const errorId = useId();

  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      const profile = await authorProfile(pubkey);
      if (!canZap(profile)) {
        setLookup({ state: 'failed', message: t('zaps.unavailable') });
        return;
      }
      try {
        const endpoint = await zapEndpointOf(profile);
        if (!abort.signal.aborted) setLookup({ state: 'ready', endpoint });
      } catch (err) {
        if (!abort.signal.aborted) setLookup({ state: 'failed', message: zapFailureMessage(err) });
      }
    })();
    void nutzapRoute(pubkey).then(
      (r) => !abort.signal.aborted && setRoute(r),
      () => undefined,
    );
    return () => abort.abort();
  }, [pubkey, t]);

  // Ecash when the user prefers it, or when there is no lightning way; else lightning.
  const lightningOk = lookup.state === 'ready' && !!source;
  const chosen: 'lightning' | 'ecash' | null =
    method ??
    (route && (preferredPayer() === 'ecash' || lookup.state === 'failed' || !source)
      ? 'ecash'
      : lightningOk
        ? 'lightning'
        : null);
  const ecash = chosen === 'ecash' && !!route;

  const sats = Number(amount);
  const valid = /^\d+$/.test(amount.trim()) && sats >= 1;
  const limits = !ecash && lookup.state === 'ready' ? lookup.endpoint : null;
  const minSats = limits ? Math.ceil(limits.minSendableMsat / 1000) : 1;
  const maxSats = limits ? Math.floor(limits.maxSendableMsat / 1000) : Infinity;
  const amountProblem = !valid
    ? t('zaps.modal.invalidAmount')
    : sats < minSats
      ? t('zaps.modal.tooSmall', { amount: minSats.toLocaleString() })
      : sats > maxSats
        ? t('zaps.modal.tooLarge', { amount: maxSats.toLocaleString() })
        : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (ecash && route) {
      if (amountProblem || sending) {
        setError(amountProblem);
        return;
      }
      setSending(true);
      setError(null);
      const ok = await sendNutzap(subject, route, { sats, comment: comment.trim() });
      setSending(false);
      if (ok) onClose();
      return;
    }
    if (amountProblem || !limits || sending) {
      setError(amountProblem ?? (lookup.state === 'failed' ? lookup.message : null));
      return;
    }
    setSending(true);
    setError(null);
    const ok = await sendZap(subject, { sats, comment: comment.trim(), endpoint: limits });
    setSending(false);
    if (ok) onClose();
  };

  const pick = (preset: ZapPreset) => {
    setAmount(String(preset.amount));
    setComment(preset.message);
    setError(null);
  };

  const shownError = error ?? (!ecash && lookup.state === 'failed' ? lookup.message : null);
  const mintHost = route ? new URL(route.mints[0]!.url).host : '';
  return (
    <Dialog title={t('zaps.modal.title', { name: userLabel(user) })} onClose={onClose} size="sm">
      <form className="form zap-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="zap-presets">
          <legend className="field-label">{t('zaps.modal.presets')}</legend>
          {presetsOf().map((p) => (
            <button
              key={`${p.amount}-${p.message}`}
              type="button"
              className="zap-preset"
              aria-pressed={String(p.amount) === amount}
              onClick={() => pick(p)}
            >
              <span className="zap-preset-emoji" aria-hidden="true">
                {p.emoji}
              </span>
              <span className="zap-preset-amount">{p.amount.toLocaleString()}</span>
              <span className="zap-preset-message">{p.message}</span>
            </button>
          ))}
        </fieldset>
        <label className="field-label" htmlFor={amountId}>
          {t('zaps.modal.custom')}
        </label>
        <input
          id={amountId}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          aria-invalid={!!amountProblem || undefined}
          aria-describedby={shownError ? errorId : undefined}
          onChange={(e) => {
            setAmount(e.target.value.replace(/[^\d]/g, ''));
            setError(null);
          }}
        />
        <label className="field-label" htmlFor={commentId}>
          {t('zaps.modal.comment')}
        </label>
        <input
          id={commentId}
          className="input"
          value={comment}
          maxLength={280}
          placeholder={t('zaps.modal.commentPlaceholder')}
          onChange={(e) => setComment(e.target.value)}
        />
        {shownError && (
          <p id={errorId} className="field-error" role="alert">
            {shownError}
          </p>
        )}
        {route && lightningOk && (
          <fieldset className="zap-method">
            <legend className="field-label">{t('zaps.modal.method')}</legend>
            {(['lightning', 'ecash'] as const).map((m) => (
              <label key={m} className="zap-method-option">
                <input
                  type="radio"
                  name="zap-method"
                  checked={chosen === m}
                  onChange={() => {
                    setMethod(m);
                    setError(null);
                  }}
                />
                {t(`zaps.modal.${m}`)}
              </label>
            ))}
          </fieldset>
        )}
        {!ecash && lookup.state === 'loading' && (
          <p className="muted zap-note" role="status">
            {t('zaps.modal.loading')}
          </p>
        )}
        {ecash && (
          <p className="muted zap-note">
            {t('zaps.modal.ecashNote', { mint: mintHost, name: userLabel(user) })}
          </p>
        )}
        {!ecash && source && (
          <p className="muted zap-note">{t('zaps.modal.payWith', { payer: t(source.label) })}</p>
        )}
        {!ecash && !source && <p className="field-error">{t('zaps.noWallet')}</p>}
        <div className="form-actions zap-actions">
          <Button
            type="submit"
            variant="primary"
            block
            icon={<Zap size={16} aria-hidden />}
            disabled={sending || (ecash ? false : lookup.state !== 'ready' || !source)}
            aria-busy={sending || undefined}
          >
            {t('zaps.modal.submit', { amount: valid ? sats.toLocaleString() : '…' })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
