import { Suspense, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Clock from 'lucide-react/icons/clock';
import { parseArticle } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { NoteActionBar } from '@/features/note/note-action-bar.tsx';
import { NoteMenu } from '@/features/note/note-menu.tsx';
import { NoteStatsSummary } from '@/features/note/note-stats-summary.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useNoteStats } from '@/data/entity-store.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { readingMinutes, shortDate } from '@/lib/format.ts';
import { withoutRepeatedTitle } from '@/lib/article-title.ts';
import type { HighlightMark } from '@/lib/mark-highlights.ts';
import '@/components/article/article.css';

const Markdown = lazy(() => import('@/components/article/markdown.tsx'));

/**
 * A long-form article: title, author, image, and its markdown rendered and sanitised, with the
 * highlights given marked in its text; `children` follow the action bar (top zaps, more...).
 */
export function ArticleBody({
  event,
  highlights,
  afterText,
  children,
}: {
  event: SignedEvent;
  highlights?: readonly HighlightMark[];
  /** Right after the text (in focus order too): the article view's highlight popover. */
  afterText?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const article = parseArticle(event);
  const user = useUser(event.pubkey);
  const stats = useNoteStats(event.id);
  const name = userLabel(user);
  if (!article) return null;
  return (
    <article
      className="article"
      data-note-id={event.id}
      aria-current="true"
      aria-label={article.title || t('note.article')}
    >
      {article.image && <img className="article-image" src={article.image} alt="" loading="lazy" />}
      <div className="article-inner">
        {article.topics.length > 0 && (
          <ul className="article-topics" aria-label={t('note.topics')}>
            {article.topics.slice(0, 4).map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
        )}
        <h2 className="article-title">{article.title || t('note.untitled')}</h2>
        {article.summary && <p className="article-summary">{article.summary}</p>}
        <div className="article-meta">
          <Link to={profileLink(user)} className="article-author">
            <Avatar pubkey={user.pubkey} picture={user.picture} size="vs" name={name} />
            <span className="note-name">{name}</span>
          </Link>
          <span className="article-meta-details">
            <time dateTime={new Date(article.published * 1000).toISOString()}>
              {shortDate(article.published)}
            </time>
            <span aria-hidden="true">·</span>
            <span className="article-reading">
              <Clock size={14} aria-hidden />
              {t('note.readingTime', { count: readingMinutes(article.wordCount) })}
            </span>
          </span>
          <NoteMenu event={event} />
        </div>
        <Suspense
          fallback={
            <div className="article-loading">
              <Skeleton height={14} />
              <Skeleton height={14} />
              <Skeleton height={14} width="70%" />
            </div>
          }
        >
          <Markdown
            source={withoutRepeatedTitle(article.content, article.title)}
            highlights={highlights}
          />
        </Suspense>
        {afterText}
        <NoteStatsSummary noteId={event.id} stats={stats} />
        <NoteActionBar event={event} stats={stats} />
        {children}
      </div>
    </article>
  );
}
