import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import type { SignedEvent } from '@swell/cache-protocol';
import {
  hasTierErrors,
  keptTierCosts,
  newTierIdentifier,
  tierCadences,
  validateTierDraft,
  type AuthorTier,
  type CreatorTiers,
  type TierCadence,
  type TierDraft,
  type TierDraftErrors,
} from '@swell/client';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { publishTier } from '@/features/subscriptions/tier-service.ts';
import { tierPriceText } from '@/features/subscriptions/tier-price-text.ts';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The form of one tier (new, or `editing` one): title, description, sats per month and per year,
 * perks as a list. Checked before anything is signed (the messages sit under their fields and
 * the first wrong field takes the focus); publishing says so and a relay's refusal is shown
 * with the form kept as typed. `onDone` gets the published tier.
 */
export function TierForm({
  current,
  editing,
  initial,
  onDone,
  onCancel,
}: {
  current: CreatorTiers;
  editing: AuthorTier | null;
  initial: TierDraft;
  onDone: (event: SignedEvent) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<TierDraft>(initial);
  const [errors, setErrors] = useState<TierDraftErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A new tier's address is chosen once, so trying again after a partial failure updates the
  // tier that did go out instead of making a second one.
  const d = useRef<string | null>(editing?.event.tags.find((x) => x[0] === 'd')?.[1] ?? null);
  const previous = useRef<SignedEvent | null>(editing?.event ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const kept = editing ? keptTierCosts(editing) : [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateTierDraft(draft, kept.length);
    setErrors(found);
    setFailure(null);
    if (hasTierErrors(found)) {
      const first = found.title
        ? 'title'
        : found.prices?.monthly || found.price
          ? 'monthly'
          : 'yearly';
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    d.current ??= newTierIdentifier(draft.title);
    const outcome = await publishTier(current, draft, d.current, previous.current);
    setBusy(false);
    if (outcome.ok) onDone(outcome.event);
    else {
      if (outcome.event) previous.current = outcome.event;
      if (outcome.message) setFailure(outcome.message);
    }
  };

  const setPrice = (cadence: TierCadence, value: string) => {
    setDraft((x) => ({ ...x, prices: { ...x.prices, [cadence]: value } }));
    if (errors.prices?.[cadence] || errors.price)
      setErrors((x) => ({ ...x, price: undefined, prices: { ...x.prices, [cadence]: undefined } }));
  };
  const setPerk = (i: number, value: string) =>
    setDraft((x) => ({ ...x, perks: x.perks.map((p, j) => (j === i ? value : p)) }));
  const addPerk = () => {
    setDraft((x) => ({ ...x, perks: [...x.perks, ''] }));
    // The new field takes the focus once it is there.
    setTimeout(() => document.getElementById(`${id}-perk-${draft.perks.length}`)?.focus(), 0);
  };
  const removePerk = (i: number) => {
    setDraft((x) => ({ ...x, perks: x.perks.filter((_, j) => j !== i) }));
    document.getElementById(`${id}-add-perk`)?.focus();
  };

  const priceError = (cadence: TierCadence) => errors.prices?.[cadence];
  const titleText = editing
    ? t('tierSettings.form.editTitle', { title: editing.title })
    : t('tierSettings.form.newTitle');

  return (
    <form
      className="form tier-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="settings-section-title">
        {titleText}
      </h2>
      <div className="tier-field">
        <label htmlFor={`${id}-title`} className="field-label">
          {t('tierSettings.form.title')}
        </label>
        <input
          id={`${id}-title`}
          className="input"
          value={draft.title}
          maxLength={240}
          autoComplete="off"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
          onChange={(e) => {
            setDraft((x) => ({ ...x, title: e.target.value }));
            if (errors.title) setErrors((x) => ({ ...x, title: undefined }));
          }}
        />
        {errors.title && (
          <span id={`${id}-title-error`} className="field-error" role="alert">
            {t(`tierSettings.errors.title.${errors.title}`)}
          </span>
        )}
      </div>
      <div className="tier-field">
        <label htmlFor={`${id}-description`} className="field-label">
          {t('tierSettings.form.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className="input tier-description-input"
          rows={3}
          value={draft.description}
          aria-describedby={`${id}-description-hint`}
          onChange={(e) => setDraft((x) => ({ ...x, description: e.target.value }))}
        />
        <span id={`${id}-description-hint`} className="field-hint">
          {t('tierSettings.form.descriptionHint')}
        </span>
      </div>
      <fieldset className="tier-fieldset" aria-describedby={`${id}-prices-hint`}>
        <legend className="field-label">{t('tierSettings.form.prices')}</legend>
        <span id={`${id}-prices-hint`} className="field-hint">
          {t('tierSettings.form.pricesHint')}
        </span>
        <div className="tier-prices">
          {tierCadences.map((cadence) => {
            const err = priceError(cadence);
            const described = [
              err ? `${id}-${cadence}-error` : null,
              errors.price && cadence === 'monthly' ? `${id}-price-error` : null,
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <div className="tier-field tier-price-field" key={cadence}>
                <label htmlFor={`${id}-${cadence}`} className="field-label">
                  {t(`tierSettings.form.${cadence}`)}
                </label>
                <div className="tier-sats-input">
                  <input
                    id={`${id}-${cadence}`}
                    className="input"
                    inputMode="numeric"
                    autoComplete="off"
                    value={draft.prices[cadence]}
                    aria-invalid={err || errors.price ? true : undefined}
                    aria-describedby={described || undefined}
                    onChange={(e) => setPrice(cadence, e.target.value)}
                  />
                  <span className="tier-sats-unit" aria-hidden="true">
                    {t('tierSettings.form.satsUnit')}
                  </span>
                </div>
                {err && (
                  <span id={`${id}-${cadence}-error`} className="field-error" role="alert">
                    {t(`tierSettings.errors.price.${err}`)}
                  </span>
                )}
              </div>
            );
          })}
        </div>
        {errors.price && (
          <span id={`${id}-price-error`} className="field-error" role="alert">
            {t('tierSettings.errors.missing')}
          </span>
        )}
        {kept.length > 0 && (
          <p className="field-hint">
            {t('tierSettings.form.kept', {
              prices: kept.map((c) => tierPriceText(t, c)).join(', '),
            })}
          </p>
        )}
      </fieldset>
      <fieldset className="tier-fieldset">
        <legend className="field-label">{t('tierSettings.form.perks')}</legend>
        {draft.perks.length > 0 && (
          <ol className="tier-perk-inputs">
            {draft.perks.map((perk, i) => (
              <li key={i} className="tier-perk-input">
                <input
                  id={`${id}-perk-${i}`}
                  className="input"
                  aria-label={t('tierSettings.form.perk', { n: i + 1 })}
                  value={perk}
                  maxLength={200}
                  autoComplete="off"
                  onChange={(e) => setPerk(i, e.target.value)}
                />
                <IconButton
                  size="sm"
                  label={t('tierSettings.form.removePerk', { n: i + 1 })}
                  icon={<X size={16} aria-hidden />}
                  onClick={() => removePerk(i)}
                />
              </li>
            ))}
          </ol>
        )}
        <div>
          <Button
            id={`${id}-add-perk`}
            size="sm"
            variant="secondary"
            icon={<Plus size={16} aria-hidden />}
            onClick={addPerk}
          >
            {t('tierSettings.form.addPerk')}
          </Button>
        </div>
      </fieldset>
      {failure && (
        <p className="field-error tier-failure" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions tier-form-actions">
        {busy && (
          <span className="muted" role="status">
            {t('tierSettings.form.publishing')}
          </span>
        )}
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('tierSettings.form.cancel')}
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {editing ? t('tierSettings.form.save') : t('tierSettings.form.publish')}
        </Button>
      </div>
    </form>
  );
}
