import { Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Zap from 'lucide-react/icons/zap';
import type { SignedEvent, TopZap } from '@swell/cache-protocol';
import { articleDiscussionModel } from '@swell/client';
import { parseArticle } from '@swell/nostr';
import { ArticleBody } from '@/features/reads/article-body.tsx';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { ArticleCard } from '@/features/note/article-card.tsx';
import { api, ingested } from '@/data/connection.ts';
import { useNote } from '@/data/entity-store.ts';
import { parseUser, profileLink, userLabel, useUser } from '@/data/user.ts';
import { swell } from '@/data/client.ts';
import { useModel } from '@/data/use-model.ts';
import { lazy } from '@/lib/lazy.ts';
import { shortNumber } from '@/lib/format.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/features/reads/article-view.css';

const HighlightSelection = lazy(() => import('@/features/reads/highlight-selection.tsx'));
const ArticleDiscussion = lazy(() => import('@/features/reads/article-discussion.tsx'));

/** Thread top zaps: 10 (spec section 9). */
const topZapCount = 10;
/** Articles under "more from this author". */
const moreCount = 3;

function TopZapChip({ zap }: { zap: TopZap }) {
  const user = useUser(zap.sender);
  const name = userLabel(user);
  return (
    <li>
      <Link to={profileLink(user)} className="article-top-zap" title={name}>
        <Avatar pubkey={user.pubkey} picture={user.picture} size="xxs" name={name} />
        <strong>
          <Zap size={14} aria-hidden />
          {shortNumber(zap.amount_sats)}
        </strong>
        {zap.message && <span className="article-top-zap-message">{zap.message}</span>}
      </Link>
    </li>
  );
}

function TopZaps({ article }: { article: SignedEvent }) {
  const { t } = useTranslation();
  const zaps = useAsync(`zaps:${article.id}`, (signal) =>
    ingested(api().eventZaps({ event_id: article.id }, { limit: topZapCount }, { signal })).then(
      (page) =>
        Object.values(page.topZaps)
          .flat()
          .filter((z) => z.event_id === article.id)
          .sort((a, b) => b.amount_sats - a.amount_sats)
          .slice(0, topZapCount),
    ),
  );
  if (!zaps.data?.length) return null;
  return (
    <section className="article-extra" aria-labelledby="article-top-zaps">
      <h3 id="article-top-zaps" className="article-extra-title">
        {t('reads.topZaps')}
      </h3>
      <ul className="article-top-zaps">
        {zaps.data.map((z) => (
          <TopZapChip key={z.zap_receipt_id} zap={z} />
        ))}
      </ul>
    </section>
  );
}

function MoreArticle({ id }: { id: string }) {
  const event = useNote(id);
  return event ? (
    <li>
      <ArticleCard event={event} />
    </li>
  ) : null;
}

function MoreFromAuthor({ article }: { article: SignedEvent }) {
  const { t } = useTranslation();
  const author = useUser(article.pubkey);
  const more = useAsync(`more:${article.pubkey}:${article.id}`, (signal) =>
    ingested(
      api().page(
        'long_form_content_feed',
        { pubkey: article.pubkey, notes: 'authored', limit: moreCount + 1 },
        { signal },
      ),
    ).then((page) =>
      page.notes
        .filter((n) => n.kind === 30023 && n.id !== article.id)
        .slice(0, moreCount)
        .map((n) => n.id),
    ),
  );
  if (!more.data?.length) return null;
  return (
    <section className="article-extra" aria-labelledby="article-more">
      <h3 id="article-more" className="article-extra-title">
        {t('reads.moreFromAuthor', { name: userLabel(author) })}
      </h3>
      <ul className="article-more">
        {more.data.map((id) => (
          <MoreArticle key={id} id={id} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The article view: the article with its highlights marked (the user's own at once), the text
 * selection's Highlight popover, the number of highlights, its discussion (quote highlights and
 * NIP-22 comments, read through the article's discussion model), its top zaps, and more articles
 * of the same author.
 */
export function ArticleView({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const identifier = parseArticle(event)?.identifier ?? '';
  const address = useMemo(
    () => ({ pubkey: event.pubkey, kind: event.kind, identifier }),
    [event.pubkey, event.kind, identifier],
  );
  const discussion = useModel(articleDiscussionModel, address);
  const found = discussion?.state.data?.highlights;
  const highlights = useMemo(() => {
    const store = swell().store;
    return (found ?? []).map((h) => ({
      id: h.id,
      text: h.text,
      title: t('reads.highlightedBy', {
        name: userLabel(parseUser(h.pubkey, store.user(h.pubkey))),
      }),
    }));
  }, [found, t]);
  return (
    <ArticleBody
      event={event}
      highlights={highlights}
      afterText={
        <Suspense fallback={null}>
          <HighlightSelection article={event} />
        </Suspense>
      }
    >
      {highlights.length > 0 && (
        <p className="article-highlight-count">
          {t('reads.highlights', { count: highlights.length })}
        </p>
      )}
      {discussion && (
        <Suspense fallback={null}>
          <ArticleDiscussion article={event} model={discussion.model} />
        </Suspense>
      )}
      <TopZaps article={event} />
      <MoreFromAuthor article={event} />
    </ArticleBody>
  );
}
