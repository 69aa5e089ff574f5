import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { parseFeedSpec, type FeedDefinition } from '@swell/cache-protocol';
import { Screen } from '@/components/screen.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { useSession } from '@/data/session.ts';
import { feedTestPath, loadFeedCatalogue } from '@/features/feeds/feed-catalogue.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/components/ui/form.css';
import '@/features/feeds/feeds.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { feeds } from '@/i18n/en/feeds.ts';

addStrings({ feeds });

function FeedGroup({ title, feeds }: { title: string; feeds: FeedDefinition[] }) {
  if (feeds.length === 0) return null;
  const id = `feeds-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="feeds-group" aria-labelledby={id}>
      <h2 id={id} className="feeds-group-title">
        {title}
      </h2>
      <ul>
        {feeds.map((f) => (
          <li key={f.spec}>
            <Link className="feeds-item" to={feedTestPath(f.spec)}>
              <strong>{f.name}</strong>
              {f.description && <span>{f.description}</span>}
              <code>{f.spec}</code>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/feeds`: the feed test page: every feed the server offers, and a spec of one's own. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pubkey } = useSession();
  const catalogue = useAsync(`feeds:${pubkey}`, () => loadFeedCatalogue(pubkey));
  const [spec, setSpec] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parseFeedSpec(spec.trim())) return setInvalid(true);
    void navigate(feedTestPath(spec.trim()));
  };
  return (
    <Screen title={t('feeds.title')}>
      <p className="feeds-lead">{t('feeds.lead')}</p>
      <form className="feeds-form form" onSubmit={submit}>
        <label className="field-label" htmlFor="feeds-spec">
          {t('feeds.specLabel')}
        </label>
        <div className="form-row">
          <input
            id="feeds-spec"
            className="input"
            value={spec}
            placeholder='{"id":"global-trending","kind":"notes"}'
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'feeds-spec-error' : undefined}
            onChange={(e) => {
              setSpec(e.target.value);
              setInvalid(false);
            }}
          />
          <Button type="submit">{t('feeds.open')}</Button>
        </div>
        {invalid && (
          <p id="feeds-spec-error" className="field-error" role="alert">
            {t('feeds.invalid')}
          </p>
        )}
      </form>
      {catalogue.loading && (
        <LoadingRegion label={t('app.loading')}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </LoadingRegion>
      )}
      {catalogue.error !== undefined && (
        <ErrorState title={t('feeds.loadFailed')} onRetry={catalogue.retry} />
      )}
      {catalogue.data && (
        <>
          <FeedGroup title={t('feeds.home')} feeds={catalogue.data.home} />
          <FeedGroup title={t('feeds.reads')} feeds={catalogue.data.reads} />
          <FeedGroup title={t('feeds.featured')} feeds={catalogue.data.featured} />
        </>
      )}
    </Screen>
  );
}
