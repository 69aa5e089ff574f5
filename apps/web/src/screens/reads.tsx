import { useEffect, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Screen } from '@/components/screen.tsx';
import { FeedItem } from '@/components/note/note-card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Select } from '@/components/ui/select.tsx';
import { records } from '@/data/records.ts';
import { useSession } from '@/data/session.ts';
import { PagedFeedView } from '@/features/reading/paged-feed-view.tsx';
import { readsFeedFor } from '@/features/reads/reads-instance.ts';
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
  const { pubkey } = useSession();
  const wide = useMediaQuery(wideQuery);
  const reads = readsFeedFor(pubkey, topic);
  const state = useSyncExternalStore(reads.subscribe, reads.getSnapshot, reads.getSnapshot);
  useEffect(() => {
    if (topic) return reads.showTopic(topic);
    const s = reads.getSnapshot();
    if (s.topic === null) return;
    // Back from a topic: the stored selection again.
    const stored = records().get(pubkey).selectedReadsFeed;
    const spec = s.feeds.find((f) => f.spec === stored)?.spec ?? s.feeds[0]?.spec;
    if (spec) reads.select(spec);
  }, [reads, topic, pubkey]);
  const title = state.topic ? t('reads.topicTitle', { topic: state.topic }) : t('reads.title');
  return (
    <Screen
      title={title}
      back={state.topic !== null}
      actions={
        state.topic === null &&
        state.feeds.length > 0 && (
          <Select
            label={t('feed.selectLabel')}
            className="feed-select"
            value={state.selected}
            options={state.feeds.map((f) => ({ value: f.spec, label: f.name }))}
            onChange={(spec) => reads.select(spec)}
          />
        )
      }
    >
      {!wide && <ReadsTopicsRow current={state.topic} />}
      {state.topic !== null && (
        <p className="reads-topic-note">
          <Link to="/reads">{t('reads.allFeeds')}</Link>
        </p>
      )}
      {state.error && (
        <ErrorState title={t('feed.feedsFailed')} onRetry={() => void reads.start()} />
      )}
      {state.feed && (
        <PagedFeedView
          key={state.selected}
          feed={state.feed}
          label={t('reads.feedLabel')}
          estimateSize={200}
          errorTitle={t('reads.loadFailed')}
          emptyTitle={t('reads.empty')}
          render={(id) => <FeedItem id={id} />}
        />
      )}
    </Screen>
  );
}
