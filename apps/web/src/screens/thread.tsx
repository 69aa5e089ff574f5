import { Suspense, useEffect, useRef } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import FileQuestion from 'lucide-react/icons/file-question';
import FileX from 'lucide-react/icons/file-x';
import MessageCircle from 'lucide-react/icons/message-circle';
import { useVanityTarget } from '@/app/vanity-route.tsx';
import { FeedItem, NoteCard } from '@/features/note/note-card.tsx';
import { NoteSkeleton } from '@/features/note/note-skeleton.tsx';
import { Screen } from '@/components/screen.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion } from '@/components/ui/skeleton.tsx';
import { api, ingested } from '@/data/connection.ts';
import { useIsDeleted } from '@/data/entity-store.ts';
import { useSession } from '@/data/session.ts';
import { ArticleView } from '@/features/reads/article-view.tsx';
import { splitThread } from '@/features/thread/split-thread.ts';
import { useOwnReplies } from '@/features/write/use-outbox-item.ts';
import { parseThreadTarget, type ThreadTarget } from '@/lib/note-id.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/screens/thread.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { reads } from '@/i18n/en/reads.ts';
import { thread } from '@/i18n/en/thread.ts';

addStrings({ reads, thread });

const ThreadLookup = lazy(() => import('@/features/outbox/thread-lookup.tsx'));
const InlineReply = lazy(() => import('@/features/write/composer/inline-reply.tsx'));
const CommentReply = lazy(() => import('@/features/reads/comment-reply.tsx'));

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const vanity = useVanityTarget();
  const { pubkey, canSign } = useSession();
  const personal = pubkey ? { user_pubkey: pubkey } : {};
  const target: ThreadTarget | undefined =
    vanity?.identifier !== undefined
      ? { type: 'address', pubkey: vanity.pubkey, identifier: vanity.identifier, kind: 30023 }
      : parseThreadTarget(params.id);
  const id = target?.type === 'event' ? target.id : undefined;
  const key = !target
    ? null
    : target.type === 'event'
      ? target.id
      : `a:${target.kind}:${target.pubkey}:${target.identifier}`;
  const result = useAsync(key, (signal) =>
    target!.type === 'address'
      ? ingested(
          api().longFormThread(
            target!.pubkey,
            target!.identifier,
            { ...personal, kind: target!.kind },
            { signal },
          ),
        )
      : ingested(api().threadView(target!.id, personal, { signal })),
  );
  const view = result.data ? splitThread(result.data, id) : undefined;
  const focusRef = useRef<HTMLDivElement>(null);
  const focusId = view?.focus?.id;
  const hasParents = (view?.parents.length ?? 0) > 0;
  // Deleted (also while the user's own deletion waits for a relay): gone from here at once.
  const deleted = useIsDeleted(focusId);
  // The user's own replies (sending, failed or just sent) join the thread at once.
  const own = useOwnReplies(pubkey, focusId);
  const replies = view ? [...view.replies, ...own.filter((r) => !view.replies.includes(r))] : [];
  // The viewed note is scrolled into view (below its parents) once the thread has loaded.
  useEffect(() => {
    if (focusId && hasParents) focusRef.current?.scrollIntoView({ block: 'start' });
  }, [focusId, hasParents]);
  if (key === null)
    return (
      <Screen title={t('thread.title')} back>
        <EmptyState
          icon={<FileQuestion size={26} />}
          title={t('thread.invalidId')}
          actions={<ButtonLink to="/home">{t('notFound.home')}</ButtonLink>}
        />
      </Screen>
    );
  const title = view?.focus?.kind === 30023 ? t('thread.article') : t('thread.title');
  return (
    <Screen title={title} back>
      {result.loading && (
        <LoadingRegion label={t('app.loading')}>
          <NoteSkeleton lines={4} />
          <NoteSkeleton lines={2} />
          <NoteSkeleton lines={2} />
        </LoadingRegion>
      )}
      {result.error !== undefined && (
        <ErrorState title={t('thread.loadFailed')} onRetry={result.retry} />
      )}
      {view && !view.focus && id && (
        <Suspense fallback={null}>
          <ThreadLookup id={id} param={params.id} />
        </Suspense>
      )}
      {view && !view.focus && !id && (
        <EmptyState icon={<FileQuestion size={26} />} title={t('thread.notFound')} />
      )}
      {view?.focus && (
        <>
          {hasParents && (
            <div className="thread-parents">
              {view.parents.map((p) => (
                <FeedItem key={p} id={p} variant="parent" />
              ))}
            </div>
          )}
          <div ref={focusRef} className="thread-focus">
            {deleted ? (
              <EmptyState icon={<FileX size={26} />} title={t('thread.deleted')} compact />
            ) : view.focus.kind === 30023 ? (
              <ArticleView event={view.focus} />
            ) : (
              <NoteCard event={view.focus} variant="focused" />
            )}
          </div>
          {canSign && !deleted && view.focus.kind !== 30023 && view.focus.kind !== 1111 && (
            <Suspense fallback={null}>
              <InlineReply note={view.focus} />
            </Suspense>
          )}
          {canSign && !deleted && view.focus.kind === 1111 && (
            <Suspense fallback={null}>
              <CommentReply comment={view.focus} />
            </Suspense>
          )}
          {/* An article's discussion is its comments: kind 1 replies show only when it has some. */}
          {(view.focus.kind !== 30023 || replies.length > 0) && (
            <section
              aria-label={t('thread.replies')}
              className={hasParents ? 'thread-replies thread-replies-tall' : 'thread-replies'}
            >
              <h2 className="thread-replies-title">{t('thread.replies')}</h2>
              {replies.length === 0 ? (
                <EmptyState
                  compact
                  icon={<MessageCircle size={20} />}
                  title={t('thread.noReplies')}
                  headingLevel={3}
                />
              ) : (
                replies.map((r) => <FeedItem key={r} id={r} variant="reply" />)
              )}
            </section>
          )}
        </>
      )}
    </Screen>
  );
}
