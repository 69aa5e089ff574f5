import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { nip19 } from '@swell/nostr';
import {
  buildSearchQuery,
  hasSearchTerms,
  searchScopes,
  type AdvancedSearch,
  type SearchScope,
} from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import '@/components/ui/form.css';

function pubkeyOf(text: string): string | null {
  const s = text.trim().replace(/^nostr:/, '');
  if (/^[0-9a-f]{64}$/.test(s)) return s;
  try {
    const d = nip19.decode(s);
    if (d.type === 'npub') return d.data;
    if (d.type === 'nprofile') return d.data.pubkey;
  } catch {
    /* not a key */
  }
  return null;
}

function npubs(pubkeys: string[]): string {
  return pubkeys.map((pk) => nip19.npubEncode(pk)).join(' ');
}

/**
 * The advanced search builder (`/asearch`): words, phrase, excluded words, hashtags, authors,
 * kind, dates and scope; shows the query it writes and runs it.
 */
export function AdvancedSearchForm({
  initial,
  onSearch,
}: {
  initial: AdvancedSearch;
  onSearch: (query: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [s, setS] = useState(initial);
  const [authorsText, setAuthorsText] = useState(() => npubs(initial.authors));
  const [tagsText, setTagsText] = useState(() => initial.hashtags.map((h) => `#${h}`).join(' '));
  const [error, setError] = useState<string | null>(null);
  const badAuthors = authorsText
    .split(/\s+/)
    .filter(Boolean)
    .filter((a) => !pubkeyOf(a));
  const current: AdvancedSearch = {
    ...s,
    authors: authorsText
      .split(/\s+/)
      .map(pubkeyOf)
      .filter((pk): pk is string => pk !== null),
    hashtags: tagsText
      .split(/[\s,]+/)
      .map((h) => h.replace(/^#+/, ''))
      .filter(Boolean),
  };
  const query = buildSearchQuery(current);
  const set = (patch: Partial<AdvancedSearch>) => {
    setS((old) => ({ ...old, ...patch }));
    setError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!hasSearchTerms(query)) return setError(t('search.builder.needsTerm'));
    onSearch(query);
  };
  const field = (name: string) => `${id}-${name}`;
  return (
    <form className="asearch-form form" onSubmit={submit} aria-label={t('search.builder.title')}>
      <div className="asearch-grid">
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('include')}>
            {t('search.builder.include')}
          </label>
          <input
            id={field('include')}
            className="input"
            value={s.include}
            onChange={(e) => set({ include: e.target.value })}
          />
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('phrase')}>
            {t('search.builder.phrase')}
          </label>
          <input
            id={field('phrase')}
            className="input"
            value={s.phrase}
            onChange={(e) => set({ phrase: e.target.value })}
          />
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('exclude')}>
            {t('search.builder.exclude')}
          </label>
          <input
            id={field('exclude')}
            className="input"
            value={s.exclude}
            onChange={(e) => set({ exclude: e.target.value })}
          />
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('tags')}>
            {t('search.builder.hashtags')}
          </label>
          <input
            id={field('tags')}
            className="input"
            value={tagsText}
            aria-describedby={field('tags-hint')}
            onChange={(e) => {
              setTagsText(e.target.value);
              setError(null);
            }}
          />
          <span id={field('tags-hint')} className="asearch-hint">
            {t('search.builder.hashtagsHint')}
          </span>
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('authors')}>
            {t('search.builder.authors')}
          </label>
          <input
            id={field('authors')}
            className="input"
            value={authorsText}
            aria-invalid={badAuthors.length > 0 || undefined}
            aria-describedby={field('authors-hint')}
            onChange={(e) => {
              setAuthorsText(e.target.value);
              setError(null);
            }}
          />
          <span id={field('authors-hint')} className="asearch-hint">
            {t('search.builder.authorsHint')}
          </span>
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('kind')}>
            {t('search.builder.kind')}
          </label>
          <select
            id={field('kind')}
            className="input"
            value={s.kind}
            onChange={(e) => set({ kind: Number(e.target.value) })}
          >
            <option value={1}>{t('search.builder.kindNotes')}</option>
            <option value={30023}>{t('search.builder.kindReads')}</option>
          </select>
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('since')}>
            {t('search.builder.since')}
          </label>
          <input
            id={field('since')}
            className="input"
            type="date"
            value={s.since}
            onChange={(e) => set({ since: e.target.value })}
          />
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('until')}>
            {t('search.builder.until')}
          </label>
          <input
            id={field('until')}
            className="input"
            type="date"
            value={s.until}
            onChange={(e) => set({ until: e.target.value })}
          />
        </div>
        <div className="asearch-field">
          <label className="field-label" htmlFor={field('scope')}>
            {t('search.builder.scope')}
          </label>
          <select
            id={field('scope')}
            className="input"
            value={s.scope}
            onChange={(e) => set({ scope: e.target.value as SearchScope })}
          >
            {searchScopes.map((scope) => (
              <option key={scope} value={scope}>
                {t(`search.builder.scopes.${scope}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="field-label">{t('search.builder.query')}</p>
      <output className="asearch-query" aria-label={t('search.builder.query')}>
        {query || '—'}
      </output>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit">{t('search.builder.run')}</Button>
      </div>
    </form>
  );
}
