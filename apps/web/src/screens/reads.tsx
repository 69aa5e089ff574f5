import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { readsModel } from '@swell/client';
import { useTranslation } from '@/i18n/use-translation.ts';
import FilePen from 'lucide-react/icons/file-pen';
import { Screen } from '@/components/screen.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { useSession } from '@/data/session.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useModel } from '@/data/use-model.ts';
import { FeedView } from '@/features/feed/feed-view.tsx';
import { ReadsTopicsRow } from '@/features/reads/reads-topics-row.tsx';
import { useMediaQuery, wideQuery } from '@/lib/use-media-query.ts';
import '@/features/reads/reads.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { reads as readsStrings } from '@/i18n/en/reads.ts';

addStrings({ reads: readsStrings });

/** `/reads/:topic?`: the reads feed (feed list select, topic feeds) as article cards. */
export function Component() {
  const { t } = useTranslation();
  const { topic: rawTopic } = useParams();
  const topic = rawTopic?.trim() ? rawTopic.trim() : null;
  const wide = useMediaQuery(wideQuery);
  const { canSign } = useSession();
  const { state, model: reads } = useModel(readsModel, undefined)!;
  // The address says what to show: a topic, or (back from one) the stored selection.
  useEffect(() => reads.show(topic), [reads, topic]);
  const title = state.topic ? t('reads.topicTitle', { topic: state.topic }) : t('reads.title');
  return (
    <Screen
      title={title}
      back={state.topic !== null}
      actions={
        <>
          {canSign && (
            <ButtonLink
              to="/write/article"
              size="sm"
              variant="ghost"
              icon={<FilePen size={16} aria-hidden />}
              aria-label={t('write.writeArticle')}
            >
              {t('write.write')}
            </ButtonLink>
          )}
          {state.topic === null && state.feeds.length > 0 && (
            <Select
              label={t('feed.selectLabel')}
              className="feed-select"
              value={state.selected}
              options={state.feeds.map((f) => ({ value: f.spec, label: f.name }))}
              onChange={(spec) => reads.select(spec)}
            />
          )}
        </>
      }
    >
      {!wide && <ReadsTopicsRow current={state.topic} />}
      {state.topic !== null && (
        <p className="reads-topic-note">
          <Link to="/reads">{t('reads.allFeeds')}</Link>
        </p>
      )}
      {state.error && (
        <ErrorState title={t('feed.feedsFailed')} onRetry={() => void reads.start(topic)} />
      )}
      {state.feed && (
        <FeedView
          key={state.selected}
          feed={state.feed}
          label={t('reads.feedLabel')}
          estimateSize={200}
          errorTitle={t('reads.loadFailed')}
          emptyTitle={t('reads.empty')}
        />
      )}
    </Screen>
  );
}
