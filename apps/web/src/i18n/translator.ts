/** Values for a string's `{{name}}` slots, and what shapes the lookup. */
export interface TOptions {
  /** Picks the plural form: `key_one` or `key_other` (English rules), else the bare key. */
  count?: number;
  /** Picks `key_<context>` over the bare key when it exists. */
  context?: string;
  /** Shown (interpolated) when the key has no string; a deliberate fallback, never reported. */
  defaultValue?: string;
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** Strings by feature: nested objects, looked up by a dotted key (`premium.steps.name`). */
type Strings = { [key: string]: string | Strings };

export interface Translator {
  t: TFunction;
  /** The locale, for Intl formatters. */
  language: string;
  /** Whether a key leads to a string or a group of strings. */
  exists: (key: string) => boolean;
  /** Merges strings in, deeply; later strings win. The caller's objects are left as they are. */
  add: (strings: Record<string, string | object>) => void;
}

const isGroup = (v: unknown): v is Strings => typeof v === 'object' && v !== null;

function merge(into: Strings, from: Strings): void {
  for (const [k, v] of Object.entries(from)) {
    const old = into[k];
    into[k] = isGroup(v) && isGroup(old) ? { ...old } : v;
    if (isGroup(v) && isGroup(old)) merge(into[k] as Strings, v);
  }
}

// `{{name}}`, spaces inside allowed. A slot whose name is not among the options stays as
// written; one given as undefined or null becomes empty (as i18next does).
const slot = /\{\{\s*([\w$]+)\s*\}\}/g;

/**
 * The subset of i18next the app uses, with its semantics: a dotted key's string with its
 * `{{name}}` slots filled (no escaping: React escapes); `count` picks `key_one` / `key_other` by
 * `Intl.PluralRules` (0 is "other" in English), falling back to the bare key and then to
 * `key_other`; `context` picks `key_<context>` first; a key without a string gives
 * `defaultValue` if one is passed, else the key itself, and is reported to `onMissing`.
 */
export function createTranslator(locale: string, onMissing?: (key: string) => void): Translator {
  const strings: Strings = {};
  const plural = new Intl.PluralRules(locale);

  const find = (key: string): string | Strings | undefined => {
    let node: string | Strings | undefined = strings;
    for (const part of key.split('.'))
      node = isGroup(node) && Object.hasOwn(node, part) ? node[part] : undefined;
    return node;
  };

  const t: TFunction = (key, options = {}) => {
    const { count, context, defaultValue } = options;
    const form = typeof count === 'number' ? `_${plural.select(count)}` : undefined;
    // Most specific first, as i18next looks them up.
    const bases = context ? [`${key}_${context}`, key] : [key];
    const tries = bases.flatMap((base) => (form ? [base + form, base] : [base]));
    if (form) tries.push(`${key}_other`);
    const found = tries.map(find).find((v) => typeof v === 'string') ?? defaultValue;
    if (found === undefined) {
      onMissing?.(key);
      return key;
    }
    return found.replace(slot, (whole, name: string) =>
      Object.hasOwn(options, name) ? String(options[name] ?? '') : whole,
    );
  };

  return {
    t,
    exists: (key) => find(key) !== undefined,
    add: (more) => merge(strings, more as Strings),
    language: locale,
  };
}
