import { memo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SignedEvent } from '@swell/cache-protocol';
import { useNote, useNoteStats, useRepostOf } from '@/data/entity-store.ts';
import { noteLink, profileLink, userLabel, useUser } from '@/data/user.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { NoteContent } from '@/components/note/note-content.tsx';
import { NoteStatsBar } from '@/components/note/note-stats-bar.tsx';
import { fullDate, relativeTime } from '@/lib/format.ts';

/** A feed element: a note, or a repost shown with its original. */
export const FeedItem = memo(function FeedItem({ id }: { id: string }) {
  const event = useNote(id);
  const originalId = useRepostOf(id);
  const original = useNote(originalId);
  if (!event) return null;
  if (event.kind === 6) {
    if (!original) return <MissingNote />;
    return <NoteCard event={original} repostedBy={event.pubkey} />;
  }
  return <NoteCard event={event} />;
});

function MissingNote() {
  const { t } = useTranslation();
  return <p className="note note-missing">{t('note.missing')}</p>;
}

function RepostLine({ pubkey }: { pubkey: string }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  return (
    <p className="note-repost">
      <Link to={profileLink(user)}>{t('note.repostedBy', { name: userLabel(user) })}</Link>
    </p>
  );
}

/** One note as an <article>: author, time, content, stats. */
export function NoteCard({
  event,
  repostedBy,
  focused,
}: {
  event: SignedEvent;
  repostedBy?: string;
  focused?: boolean;
}) {
  const user = useUser(event.pubkey);
  const stats = useNoteStats(event.id);
  const name = userLabel(user);
  return (
    <article
      className={focused ? 'note note-focused' : 'note'}
      data-note-id={event.id}
      aria-current={focused ? 'true' : undefined}
    >
      {repostedBy && <RepostLine pubkey={repostedBy} />}
      <header className="note-head">
        <Link to={profileLink(user)} className="note-author">
          <Avatar picture={user.picture} size="vs" name={name} />
          <span className="note-name">{name}</span>
        </Link>
        <Link to={noteLink(event.id)} className="note-time">
          <time
            dateTime={new Date(event.created_at * 1000).toISOString()}
            title={fullDate(event.created_at)}
          >
            {relativeTime(event.created_at)}
          </time>
        </Link>
      </header>
      <NoteContent event={event} />
      <NoteStatsBar noteId={event.id} stats={stats} />
    </article>
  );
}
