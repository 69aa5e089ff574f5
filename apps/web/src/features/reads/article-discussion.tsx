import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import MessageCircle from 'lucide-react/icons/message-circle';
import Highlighter from 'lucide-react/icons/highlighter';
import { comment, type ArticleDiscussionModel, type CommentNode } from '@swell/client';
import type { SignedEvent } from '@swell/cache-protocol';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useIsHidden, useNote } from '@/data/entity-store.ts';
import { useSession } from '@/data/session.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { NoteContent } from '@/features/note/note-content.tsx';
import { OutboxState } from '@/features/write/outbox-state.tsx';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { loadWrite } from '@/features/write/write-store.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { discussion } from '@/i18n/en/discussion.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { compactTime, fullDate } from '@/lib/format.ts';
import '@/features/reads/article-discussion.css';

addStrings({ discussion });

/** Longest comment accepted (characters). */
const maxLength = 8000;

/**
 * The box that writes a comment on the article, or a reply to a comment (NIP-22), through the
 * outbox; a guest is asked to sign in first and keeps the text.
 */
export function CommentBox({
  target,
  replyTo,
  onDone,
  focus = false,
}: {
  target: SignedEvent;
  /** The name of the comment's author, for a reply. */
  replyTo?: string;
  onDone?: () => void;
  /** Focused when it opens (a reply box the user asked for). */
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const label = replyTo
    ? t('discussion.replyLabel', { name: replyTo })
    : t('discussion.commentLabel');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    try {
      if (!(await requireSigner('reply'))) return;
      const sent = await comment(await loadWrite(), target, content, pubkey ?? undefined);
      setText('');
      onDone?.();
      void toastOutcome(sent.result, { quietSuccess: true });
    } catch {
      void toastOutcome(Promise.reject(new Error('not sent')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="comment-box" onSubmit={(e) => void submit(e)} aria-label={label}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className="input comment-box-text"
        value={text}
        maxLength={maxLength}
        rows={replyTo ? 2 : 3}
        placeholder={
          replyTo
            ? t('discussion.replyPlaceholder', { name: replyTo })
            : t('discussion.commentPlaceholder')
        }
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void submit(e);
          if (e.key === 'Escape' && onDone) onDone();
        }}
        autoFocus={focus}
      />
      <div className="comment-box-actions">
        {onDone && (
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            {t('discussion.cancel')}
          </Button>
        )}
        <Button type="submit" variant="primary" size="sm" disabled={!text.trim() || busy}>
          {replyTo ? t('discussion.sendReply') : t('discussion.send')}
        </Button>
      </div>
    </form>
  );
}

/** One comment with its replies (indented; deeper levels stay at the second indent). */
function CommentItem({ node, depth }: { node: CommentNode; depth: number }) {
  const { t } = useTranslation();
  const event = useNote(node.id);
  const hidden = useIsHidden(node.id);
  const user = useUser(event?.pubkey ?? '');
  const { pubkey } = useSession();
  const [replying, setReplying] = useState(false);
  if (!event || hidden) return null;
  const name = userLabel(user);
  return (
    <li className="comment" data-depth={Math.min(depth, 2)}>
      <article
        className="comment-body"
        aria-label={t('discussion.commentBy', { name })}
        data-note-id={event.id}
      >
        <Link to={profileLink(user)} className="comment-avatar" tabIndex={-1} aria-hidden="true">
          <Avatar pubkey={user.pubkey} picture={user.picture} size="xs" name={name} />
        </Link>
        <div className="comment-main">
          <p className="comment-head">
            <Link to={profileLink(user)} className="comment-name">
              {name}
            </Link>
            <time
              className="comment-time"
              dateTime={new Date(event.created_at * 1000).toISOString()}
              title={fullDate(event.created_at)}
            >
              {compactTime(event.created_at)}
            </time>
          </p>
          <NoteContent event={event} />
          <div className="comment-actions">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={replying}
              onClick={() => setReplying((r) => !r)}
            >
              <MessageCircle size={14} aria-hidden />
              {t('discussion.reply')}
            </Button>
          </div>
          {pubkey === event.pubkey && <OutboxState id={event.id} />}
          {replying && (
            <CommentBox target={event} replyTo={name} onDone={() => setReplying(false)} focus />
          )}
        </div>
      </article>
      {node.replies.length > 0 && (
        <ul className="comment-replies" aria-label={t('discussion.repliesTo', { name })}>
          {node.replies.map((r) => (
            <CommentItem key={r.id} node={r} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A quote highlight (one with a comment): who, the passage and what they said. */
function QuoteHighlight({ pubkey, text, note }: { pubkey: string; text: string; note: string }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <li className="quote-highlight">
      <p className="quote-highlight-who">
        <Highlighter size={14} aria-hidden />
        <Link to={profileLink(user)}>{t('discussion.highlightBy', { name })}</Link>
      </p>
      <blockquote className="quote-highlight-text">{text}</blockquote>
      <p className="quote-highlight-comment">{note}</p>
    </li>
  );
}

/**
 * An article's discussion: its quote highlights, the number of comments, the comment box and the
 * comments as threads (NIP-22), read through the article's discussion model.
 */
export default function ArticleDiscussion({
  article,
  model,
}: {
  article: SignedEvent;
  model: ArticleDiscussionModel;
}) {
  const { t } = useTranslation();
  const state = useSnapshot(model);
  const data = state.data;
  const quotes = (data?.highlights ?? []).filter((h) => h.comment);
  return (
    <>
      {quotes.length > 0 && (
        <section className="article-extra" aria-labelledby="article-quote-highlights">
          <h3 id="article-quote-highlights" className="article-extra-title">
            {t('discussion.highlightsTitle')}
          </h3>
          <ul className="quote-highlights">
            {quotes.map((h) => (
              <QuoteHighlight key={h.id} pubkey={h.pubkey} text={h.text} note={h.comment!} />
            ))}
          </ul>
        </section>
      )}
      <section className="article-extra article-comments" aria-labelledby="article-comments">
        <h3 id="article-comments" className="article-extra-title">
          {t('discussion.comments')}
          {data && data.commentCount > 0 && (
            <span className="article-comment-count">
              {t('discussion.commentCount', { count: data.commentCount })}
            </span>
          )}
        </h3>
        <CommentBox target={article} />
        {state.error !== null && !data && (
          <ErrorState title={t('discussion.loadFailed')} onRetry={() => void model.retry()} />
        )}
        {data && data.comments.length === 0 && (
          <EmptyState
            compact
            icon={<MessageCircle size={20} />}
            title={t('discussion.noComments')}
            headingLevel={3}
          />
        )}
        {data && data.comments.length > 0 && (
          <ul className="comments">
            {data.comments.map((c) => (
              <CommentItem key={c.id} node={c} depth={0} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
