import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseArticle } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { fullDate } from '@/lib/format.ts';

const Markdown = lazy(() => import('@/components/article/markdown.tsx'));

/** A long-form article: title, author, image, and its markdown rendered and sanitised. */
export function ArticleBody({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const article = parseArticle(event);
  const user = useUser(event.pubkey);
  const name = userLabel(user);
  if (!article) return null;
  return (
    <article
      className="article"
      data-note-id={event.id}
      aria-label={article.title || t('note.article')}
    >
      <h2>{article.title}</h2>
      <p className="article-meta">
        <Link to={profileLink(user)} className="note-author">
          <Avatar picture={user.picture} size="xs" name={name} />
          <span>{name}</span>
        </Link>{' '}
        <time dateTime={new Date(article.published * 1000).toISOString()}>
          {fullDate(article.published)}
        </time>
      </p>
      {article.image && <img className="article-image" src={article.image} alt="" loading="lazy" />}
      {article.summary && <p className="article-summary">{article.summary}</p>}
      <Suspense fallback={<p>{t('app.loading')}</p>}>
        <Markdown source={article.content} />
      </Suspense>
    </article>
  );
}
