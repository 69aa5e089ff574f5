import { useTranslation } from '@/i18n/use-translation.ts';
import { registerBuiltinPayers } from '@/features/zaps/builtin-payers.ts';
import { payerPreference, setPreferredPayer } from '@/features/zaps/payer-preference.ts';
import { availablePayerSources, payerSourcesVersion } from '@/features/zaps/payer-registry.ts';
import { useSnapshot } from '@/data/use-model.ts';

/**
 * Settings > Zaps, "Pay zaps with": automatic (the best usable source: extension, then wallet
 * connect, then others) or one of the sources usable now. Shown when there is a choice.
 */
export function PayerChoice() {
  const { t } = useTranslation();
  useSnapshot(payerSourcesVersion);
  const preferred = useSnapshot(payerPreference);
  registerBuiltinPayers();
  const sources = availablePayerSources();
  if (sources.length < 2) return null;
  const current = sources.some((s) => s.id === preferred) ? preferred : null;
  return (
    <section aria-labelledby="zap-payer" className="settings-section">
      <fieldset className="payer-choice">
        <legend id="zap-payer" className="settings-section-title">
          {t('zaps.settings.payWith')}
        </legend>
        {[null, ...sources].map((s) => (
          <label key={s?.id ?? 'auto'} className="payer-option">
            <input
              type="radio"
              name="zap-payer"
              checked={current === (s?.id ?? null)}
              onChange={() => setPreferredPayer(s?.id ?? null)}
            />
            {s ? t(s.label) : t('zaps.settings.payAuto')}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
