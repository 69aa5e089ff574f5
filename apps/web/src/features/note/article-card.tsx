import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Clock from 'lucide-react/icons/clock';
import { parseArticle } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { NoteActionBar } from '@/features/note/note-action-bar.tsx';
import { NoteMenu } from '@/features/note/note-menu.tsx';
import { RepostLine } from '@/features/note/repost-line.tsx';
import { useNoteStats } from '@/data/entity-store.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { notePath } from '@/features/note-actions/index.ts';
import { readingMinutes, shortDate } from '@/lib/format.ts';

/**
 * A long-form article in a list: title, summary, cover image, author, date and reading time,
 * linked to the article. Never its raw markdown.
 */
export function ArticleCard({ event, repostedBy }: { event: SignedEvent; repostedBy?: string }) {
  const { t } = useTranslation();
  const article = parseArticle(event);
  const user = useUser(event.pubkey);
  const stats = useNoteStats(event.id);
  if (!article) return null;
  const name = userLabel(user);
  const title = article.title || t('note.untitled');
  return (
    <article className="note article-card" data-note-id={event.id} aria-label={title}>
      {repostedBy && <RepostLine pubkey={repostedBy} />}
      <div className="article-card-top">
        <Link to={profileLink(user)} className="article-card-author">
          <Avatar picture={user.picture} size="xss" name={name} />
          <span className="note-name">{name}</span>
        </Link>
        <span className="note-dot" aria-hidden="true">
          ·
        </span>
        <time
          className="article-card-date"
          dateTime={new Date(article.published * 1000).toISOString()}
        >
          {shortDate(article.published)}
        </time>
        <NoteMenu event={event} />
      </div>
      <Link to={notePath(event)} className="article-card-link">
        <span className="article-card-text">
          <strong className="article-card-title">{title}</strong>
          {article.summary && <span className="article-card-summary">{article.summary}</span>}
          <span className="article-card-meta">
            <Clock size={14} aria-hidden />
            {t('note.readingTime', { count: readingMinutes(article.wordCount) })}
          </span>
        </span>
        {article.image && (
          <img
            className="article-card-image"
            src={article.image}
            alt=""
            loading="lazy"
            decoding="async"
          />
        )}
      </Link>
      <NoteActionBar event={event} stats={stats} />
    </article>
  );
}
