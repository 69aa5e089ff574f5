import { useId } from 'react';

/** A labelled group of radio choices, each with a line of explanation. */
export function ChoiceGroup<V extends string>({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string; hint?: string }[];
}) {
  const id = useId();
  return (
    <fieldset className="lists-choices">
      <legend className="field-label">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="lists-choice">
          <input
            type="radio"
            name={`${name}-${id}`}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          <span className="lists-choice-text">
            <span className="lists-choice-label">{o.label}</span>
            {o.hint && <span className="lists-choice-hint">{o.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
