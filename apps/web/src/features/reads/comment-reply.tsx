import type { SignedEvent } from '@swell/cache-protocol';
import { userLabel, useUser } from '@/data/user.ts';
import { CommentBox } from '@/features/reads/article-discussion.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The reply box under a NIP-22 comment opened on its own (the thread screen): the reply is a
 * comment too (kind 1111, the comment as parent, its root kept), never a NIP-10 note.
 */
export default function CommentReply({ comment }: { comment: SignedEvent }) {
  const { t } = useTranslation();
  const name = userLabel(useUser(comment.pubkey));
  return (
    <section className="inline-reply" aria-label={t('discussion.replyLabel', { name })}>
      <CommentBox key={comment.id} target={comment} replyTo={name} />
    </section>
  );
}
