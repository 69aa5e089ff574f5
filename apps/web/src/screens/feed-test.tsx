import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import FileQuestion from 'lucide-react/icons/file-question';
import { parseFeedSpec } from '@swell/cache-protocol';
import { PagedFeed, readsPageSize } from '@swell/client';
import { FeedItem } from '@/components/note/note-card.tsx';
import { Screen } from '@/components/screen.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useSession } from '@/data/session.ts';
import { PagedFeedView } from '@/features/reading/paged-feed-view.tsx';
import { readingContext } from '@/features/reading/reading-context.ts';
import '@/features/feeds/feeds.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { feeds } from '@/i18n/en/feeds.ts';

addStrings({ feeds });

/** `/feeds/:query`: one feed by its spec (`mega_feed_directive`), paged, with the spec shown. */
export function Component() {
  const { t } = useTranslation();
  const { query = '' } = useParams();
  const { pubkey } = useSession();
  const spec = query.trim();
  const parsed = useMemo(() => parseFeedSpec(spec), [spec]);
  const reads = (parsed as { kind?: string } | null)?.kind === 'reads';
  const feed = useMemo(() => {
    if (!parsed) return null;
    const ctx = readingContext(pubkey);
    const personal = ctx.userPubkey ? { user_pubkey: ctx.userPubkey } : {};
    return new PagedFeed(
      (paging, signal) =>
        ctx.ingest(() =>
          ctx.api.megaFeed(spec, { limit: readsPageSize, ...paging, ...personal }, { signal }),
        ),
      reads ? { defaultOrderBy: 'published_at' } : {},
    );
  }, [parsed, spec, reads, pubkey]);
  useEffect(() => () => feed?.dispose(), [feed]);
  return (
    <Screen title={t('feeds.title')} back>
      <dl className="feeds-spec">
        <dt>{t('feeds.spec')}</dt>
        <dd>
          <code>{spec}</code>
        </dd>
      </dl>
      {!feed && <EmptyState icon={<FileQuestion size={26} />} title={t('feeds.invalid')} />}
      {feed && (
        <PagedFeedView
          feed={feed}
          label={t('feeds.results')}
          render={(id) => <FeedItem id={id} />}
        />
      )}
    </Screen>
  );
}
