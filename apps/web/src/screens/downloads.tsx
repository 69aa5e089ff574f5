import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Globe from 'lucide-react/icons/globe';
import QrCode from 'lucide-react/icons/qr-code';
import Smartphone from 'lucide-react/icons/smartphone';
import type { AppReleases } from '@swell/cache-protocol';
import { Screen } from '@/components/screen.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { loadReleases, releasesSeen } from '@/features/downloads/download-badge-watch.ts';
import { shortDate } from '@/lib/format.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/features/downloads/downloads.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { downloads } from '@/i18n/en/downloads.ts';

addStrings({ downloads });

function MobileRelease({
  label,
  release,
  now,
}: {
  label: string;
  release: AppReleases['ios'] | undefined;
  /** Unix seconds when the screen opened. */
  now: number;
}) {
  const { t } = useTranslation();
  const version = release?.version?.trim();
  const at = release?.date ? Date.parse(release.date) / 1000 : NaN;
  let text = t('downloads.none');
  if (version && Number.isFinite(at))
    text = t(at <= now ? 'downloads.released' : 'downloads.notYet', {
      version,
      date: shortDate(at),
    });
  return (
    <li className="release">
      <Smartphone size={20} aria-hidden />
      <span className="release-text">
        <strong>{label}</strong>
        <span>{text}</span>
      </span>
      {version && release?.url && /^https:\/\//.test(release.url) && (
        <a className="release-link" href={release.url} rel="noopener noreferrer" target="_blank">
          {t('downloads.get')}
        </a>
      )}
    </li>
  );
}

/** Downloads: Swell's releases as this server reports them; seeing them clears the badge. */
export function Component() {
  const { t } = useTranslation();
  const releases = useAsync('releases', (signal) => loadReleases(signal));
  const [now] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (releases.data) releasesSeen(releases.data);
  }, [releases.data]);
  return (
    <Screen title={t('nav.downloads')}>
      <EmptyState
        icon={<Globe size={26} />}
        title={t('downloads.title')}
        body={t('downloads.body')}
        actions={
          <ButtonLink
            to="/app-download-qr"
            variant="primary"
            icon={<QrCode size={16} aria-hidden />}
          >
            {t('downloads.qr')}
          </ButtonLink>
        }
      />
      {releases.error !== undefined && (
        <ErrorState compact title={t('downloads.loadFailed')} onRetry={releases.retry} />
      )}
      {releases.data && (
        <section className="releases" aria-labelledby="releases-title">
          <h2 id="releases-title" className="releases-title">
            {t('downloads.releases')}
          </h2>
          <ul>
            <li className="release">
              <Globe size={20} aria-hidden />
              <span className="release-text">
                <strong>{t('downloads.web')}</strong>
                <span>
                  {t('downloads.webVersion', { version: releases.data.web?.version ?? '' })}
                </span>
              </span>
            </li>
            <MobileRelease label={t('downloads.ios')} release={releases.data.ios} now={now} />
            <MobileRelease
              label={t('downloads.android')}
              release={releases.data.android}
              now={now}
            />
          </ul>
        </section>
      )}
    </Screen>
  );
}
