import { useId } from 'react';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { POLL_LIMITS } from '@swell/nostr';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { PollDraft, PollSpan } from '@/features/write/composer/poll-draft.ts';
import '@/components/ui/form.css';

const spans: PollSpan[] = ['1h', '1d', '3d', '1w', 'custom'];
const spanKey = {
  '1h': 'compose.ends1h',
  '1d': 'compose.ends1d',
  '3d': 'compose.ends3d',
  '1w': 'compose.ends1w',
  custom: 'compose.endsCustom',
} as const;

/** `datetime-local` value of a date, in local time, to the minute. */
function localValue(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

/**
 * The poll part of a new note (NIP-88): 2 to 10 options, one choice or several, when it ends and
 * the relays votes go to. The note's text is the question. Loaded when the user adds a poll.
 */
export default function PollForm({
  draft,
  available,
  onChange,
}: {
  draft: PollDraft;
  /** The relays the user may send votes to (their write relays and this server's). */
  available: readonly string[];
  onChange: (next: PollDraft) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (patch: Partial<PollDraft>) => onChange({ ...draft, ...patch });
  const setOption = (i: number, value: string) =>
    set({ options: draft.options.map((o, j) => (j === i ? value : o)) });
  const canAdd = draft.options.length < POLL_LIMITS.maxOptions;
  const canRemove = draft.options.length > POLL_LIMITS.minOptions;
  const toggleRelay = (url: string, on: boolean) =>
    set({
      relays: on
        ? available.filter((u) => u === url || draft.relays.includes(u))
        : draft.relays.filter((u) => u !== url),
    });
  return (
    <section className="poll-form" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="poll-form-title">
        {t('compose.pollTitle')}
      </h3>
      <fieldset className="poll-form-options">
        <legend className="field-label">{t('compose.options')}</legend>
        <ol>
          {draft.options.map((value, i) => (
            <li key={i} className="poll-form-option">
              <input
                className="input"
                value={value}
                maxLength={POLL_LIMITS.maxLabelLength}
                aria-label={t('compose.optionLabel', { n: i + 1 })}
                placeholder={t('compose.optionLabel', { n: i + 1 })}
                onChange={(e) => setOption(i, e.target.value)}
              />
              {canRemove && (
                <IconButton
                  size="sm"
                  label={t('compose.removeOption', { n: i + 1 })}
                  icon={<X size={16} aria-hidden />}
                  onClick={() => set({ options: draft.options.filter((_, j) => j !== i) })}
                />
              )}
            </li>
          ))}
        </ol>
        {canAdd && (
          <Button
            size="sm"
            variant="ghost"
            icon={<Plus size={16} aria-hidden />}
            onClick={() => set({ options: [...draft.options, ''] })}
          >
            {t('compose.addOption')}
          </Button>
        )}
      </fieldset>
      <div className="poll-form-row">
        <Switch
          id={`${id}-multiple`}
          checked={draft.multiple}
          onCheckedChange={(multiple) => set({ multiple })}
        />
        <label htmlFor={`${id}-multiple`}>{t('compose.multiple')}</label>
      </div>
      <div className="poll-form-row poll-form-ends">
        <span className="field-label" id={`${id}-ends`}>
          {t('compose.ends')}
        </span>
        <Select
          label={t('compose.ends')}
          value={draft.span}
          options={spans.map((s) => ({ value: s, label: t(spanKey[s]) }))}
          onChange={(v) => {
            const span = v as PollSpan;
            set({
              span,
              endsAtLocal:
                span === 'custom' && draft.endsAtLocal === ''
                  ? localValue(new Date(Date.now() + 86_400_000))
                  : draft.endsAtLocal,
            });
          }}
        />
        {draft.span === 'custom' && (
          <input
            className="input"
            type="datetime-local"
            aria-label={t('compose.endsAt')}
            min={localValue(new Date())}
            value={draft.endsAtLocal}
            onChange={(e) => set({ endsAtLocal: e.target.value })}
          />
        )}
      </div>
      <fieldset className="poll-form-relays" aria-describedby={`${id}-relays-hint`}>
        <legend className="field-label">{t('compose.relays')}</legend>
        {available.length === 0 ? (
          <p className="field-hint">{t('compose.noRelays')}</p>
        ) : (
          <ul>
            {available.map((url) => (
              <li key={url}>
                <label>
                  <input
                    type="checkbox"
                    checked={draft.relays.includes(url)}
                    onChange={(e) => toggleRelay(url, e.target.checked)}
                  />
                  <span className="poll-form-relay">{url}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <p className="field-hint" id={`${id}-relays-hint`}>
          {t('compose.relaysHint')}
        </p>
      </fieldset>
    </section>
  );
}
