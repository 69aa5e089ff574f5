import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { defaultZap, defaultZapPresets, type ZapPreset } from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { PayerChoice } from '@/features/zaps/payer-choice.tsx';
import { WalletConnection } from '@/features/zaps/wallet-connection.tsx';
import '@/components/ui/form.css';
import '@/screens/settings/settings.css';
import '@/features/zaps/zaps.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { settings as settingsStrings } from '@/i18n/en/settings.ts';
import { zaps } from '@/i18n/en/zaps.ts';
import { useSnapshot } from '@/data/use-model.ts';

addStrings({ settings: settingsStrings, zaps });

interface Draft {
  amount: string;
  message: string;
  presets: { emoji: string; amount: string; message: string }[];
}

function draftOf(
  zapDefault: { amount: number; message: string },
  presets: readonly ZapPreset[],
): Draft {
  return {
    amount: String(zapDefault.amount),
    message: zapDefault.message,
    presets: presets.map((p) => ({ emoji: p.emoji, amount: String(p.amount), message: p.message })),
  };
}

const wholeSats = (text: string) =>
  /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 100_000_000;

/**
 * Settings > Zaps: the default zap (tap on the zap button; spec: 42 "Onward"), the presets of
 * the custom zap window (spec: 21 ... 100000), saved with the app settings; and the wallet
 * connection (NIP-47).
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const settings = useSnapshot(swell().settings);
  const saved = settings.settings;
  // Until the user edits, the form shows what is saved (settings may arrive after the screen).
  const [edited, setEdited] = useState<Draft | null>(null);
  const draft =
    edited ??
    draftOf(saved.zapDefault, saved.zapConfig.length ? saved.zapConfig : defaultZapPresets);
  const setDraft = (next: Draft | ((d: Draft) => Draft)) =>
    setEdited(typeof next === 'function' ? next(draft) : next);
  const [error, setError] = useState<string | null>(null);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!wholeSats(draft.amount) || draft.presets.some((p) => !wholeSats(p.amount))) {
      setError(t('zaps.settings.invalid'));
      return;
    }
    setError(null);
    const zapDefault = { amount: Number(draft.amount), message: draft.message.trim() };
    const zapConfig = draft.presets.map((p) => ({
      emoji: p.emoji.trim(),
      amount: Number(p.amount),
      message: p.message.trim(),
    }));
    swell().settings.update({
      zapDefault,
      defaultZapAmount: zapDefault.amount,
      zapConfig,
      zapOptions: zapConfig.map((p) => p.amount),
    });
    setEdited(null);
    notify.success(t('zaps.settings.saved'));
  };

  const reset = () => {
    setDraft(draftOf(defaultZap, defaultZapPresets));
    setError(null);
  };

  const setPreset = (i: number, field: 'emoji' | 'amount' | 'message', value: string) =>
    setDraft((d) => ({
      ...d,
      presets: d.presets.map((p, j) => (j === i ? { ...p, [field]: value } : p)),
    }));

  if (!session.pubkey) {
    return (
      <Screen title={t('settings.zaps')} back>
        <p className="settings-section settings-section-intro">{t('zaps.settings.signIn')}</p>
      </Screen>
    );
  }
  return (
    <Screen title={t('settings.zaps')} back>
      <form className="form" onSubmit={save} noValidate>
        <section aria-labelledby="zap-default" className="settings-section">
          <h2 id="zap-default" className="settings-section-title">
            {t('zaps.settings.defaultTitle')}
          </h2>
          <p className="settings-section-intro">{t('zaps.settings.defaultHint')}</p>
          <div className="zap-default-row">
            <label className="zap-field zap-field-amount">
              <span className="field-label">{t('zaps.settings.amount')}</span>
              <input
                className="input"
                inputMode="numeric"
                value={draft.amount}
                aria-invalid={!wholeSats(draft.amount) || undefined}
                onChange={(e) =>
                  setDraft({ ...draft, amount: e.target.value.replace(/[^\d]/g, '') })
                }
              />
            </label>
            <label className="zap-field zap-field-message">
              <span className="field-label">{t('zaps.settings.message')}</span>
              <input
                className="input"
                value={draft.message}
                maxLength={280}
                onChange={(e) => setDraft({ ...draft, message: e.target.value })}
              />
            </label>
          </div>
        </section>
        <section aria-labelledby="zap-presets" className="settings-section">
          <h2 id="zap-presets" className="settings-section-title">
            {t('zaps.settings.presetsTitle')}
          </h2>
          <p className="settings-section-intro">{t('zaps.settings.presetsHint')}</p>
          <ol className="zap-preset-list">
            {draft.presets.map((p, i) => (
              <li key={i} className="zap-preset-row">
                <input
                  className="input zap-preset-emoji-input"
                  aria-label={t('zaps.settings.presetEmoji', { n: i + 1 })}
                  value={p.emoji}
                  maxLength={8}
                  onChange={(e) => setPreset(i, 'emoji', e.target.value)}
                />
                <input
                  className="input zap-preset-amount-input"
                  inputMode="numeric"
                  aria-label={t('zaps.settings.presetAmount', { n: i + 1 })}
                  aria-invalid={!wholeSats(p.amount) || undefined}
                  value={p.amount}
                  onChange={(e) => setPreset(i, 'amount', e.target.value.replace(/[^\d]/g, ''))}
                />
                <input
                  className="input zap-preset-message-input"
                  aria-label={t('zaps.settings.presetMessage', { n: i + 1 })}
                  value={p.message}
                  maxLength={80}
                  onChange={(e) => setPreset(i, 'message', e.target.value)}
                />
              </li>
            ))}
          </ol>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="form-actions">
            <Button type="submit" variant="primary" disabled={settings.saving}>
              {t('zaps.settings.save')}
            </Button>
            <Button variant="ghost" onClick={reset}>
              {t('zaps.settings.reset')}
            </Button>
          </div>
        </section>
      </form>
      <WalletConnection />
      <PayerChoice />
    </Screen>
  );
}
