import { memo, Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import FileQuestion from 'lucide-react/icons/file-question';
import { replyTo } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { useIsHidden, useNote, useNoteStats, useRepostOf } from '@/data/entity-store.ts';
import { useSession } from '@/data/session.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { ArticleCard } from '@/features/note/article-card.tsx';
import { NoteActionBar } from '@/features/note/note-action-bar.tsx';
import { NoteBody } from '@/features/note/note-body.tsx';
import { NoteHeader } from '@/features/note/note-header.tsx';
import { NoteMenu } from '@/features/note/note-menu.tsx';
import { NoteStatsSummary } from '@/features/note/note-stats-summary.tsx';
import { RepostLine } from '@/features/note/repost-line.tsx';
import { OutboxState } from '@/features/write/outbox-state.tsx';
import { NoteZaps } from '@/features/zaps/note-zaps.tsx';
import { fullDate } from '@/lib/format.ts';
import '@/features/note/note.css';

// Loads with the first NIP-22 comment shown (parsing its tags pulls in the comment reader).
const CommentTarget = lazy(() => import('@/features/note/comment-target.tsx'));

/** A feed element: a note, a repost shown with its original, or an article card. */
export const FeedItem = memo(function FeedItem({
  id,
  variant = 'feed',
}: {
  id: string;
  variant?: NoteVariant;
}) {
  const event = useNote(id);
  const originalId = useRepostOf(id);
  const original = useNote(originalId);
  // Deleted (NIP-09) or hidden notes leave every list at once.
  const hidden = useIsHidden(id);
  const originalHidden = useIsHidden(originalId);
  if (!event || hidden) return null;
  if (event.kind === 6) {
    if (originalHidden) return null;
    if (!original) return <MissingNote />;
    return <FeedEvent event={original} repostedBy={event.pubkey} variant={variant} />;
  }
  return <FeedEvent event={event} variant={variant} />;
});

function FeedEvent({
  event,
  repostedBy,
  variant,
}: {
  event: SignedEvent;
  repostedBy?: string;
  variant: NoteVariant;
}) {
  if (event.kind === 30023) return <ArticleCard event={event} repostedBy={repostedBy} />;
  return <NoteCard event={event} repostedBy={repostedBy} variant={variant} />;
}

/** In a feed every item is an <article> (role feed owns articles only), this one too. */
function MissingNote() {
  const { t } = useTranslation();
  return (
    <article className="note note-missing" aria-label={t('note.missing')}>
      <FileQuestion size={18} aria-hidden />
      <p>{t('note.missing')}</p>
    </article>
  );
}

/** "Replying to @name" above a reply shown outside its thread. */
function ReplyingTo({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const parentId = replyTo(event);
  const parent = useNote(parentId);
  const pubkey = parent?.pubkey ?? event.tags.find((tag) => tag[0] === 'p')?.[1] ?? '';
  const user = useUser(pubkey);
  if (!parentId || !pubkey) return null;
  return (
    <p className="note-reply-to">
      {t('note.replyingTo')}{' '}
      <Link to={profileLink(user)} className="mention">
        @{user.name || userLabel(user)}
      </Link>
    </p>
  );
}

/**
 * How a note is shown: in a feed; as a parent in a thread's chain (a line joins it to the next
 * note); or as the focused note of a thread (larger text, full date, counts).
 */
export type NoteVariant = 'feed' | 'parent' | 'focused' | 'reply';

/** One note as an <article>: avatar on the left; name, handle and time; content; actions. */
export function NoteCard({
  event,
  repostedBy,
  variant = 'feed',
}: {
  event: SignedEvent;
  repostedBy?: string;
  variant?: NoteVariant;
}) {
  const { t } = useTranslation();
  const user = useUser(event.pubkey);
  const stats = useNoteStats(event.id);
  const name = userLabel(user);
  const focused = variant === 'focused';
  const own = useSession().pubkey === event.pubkey;
  return (
    <article
      className={`note note-${variant}`}
      data-note-id={event.id}
      aria-current={focused ? 'true' : undefined}
      aria-label={t('note.label', { name })}
    >
      {repostedBy && <RepostLine pubkey={repostedBy} />}
      <div className="note-grid">
        <Link to={profileLink(user)} className="note-avatar" tabIndex={-1} aria-hidden="true">
          <Avatar pubkey={user.pubkey} picture={user.picture} size="md" name={name} />
        </Link>
        <div className="note-main">
          <NoteHeader event={event} user={user}>
            <NoteMenu event={event} />
          </NoteHeader>
          {event.kind === 1111
            ? variant !== 'reply' && (
                <Suspense fallback={null}>
                  <CommentTarget event={event} />
                </Suspense>
              )
            : variant === 'feed' && <ReplyingTo event={event} />}
          <NoteBody event={event} />
          {focused && (
            <p className="note-full-date">
              <time dateTime={new Date(event.created_at * 1000).toISOString()}>
                {fullDate(event.created_at)}
              </time>
            </p>
          )}
          {focused && <NoteStatsSummary noteId={event.id} stats={stats} />}
          <NoteZaps noteId={event.id} />
          <NoteActionBar event={event} stats={stats} />
          {own && <OutboxState id={event.id} />}
        </div>
      </div>
    </article>
  );
}
