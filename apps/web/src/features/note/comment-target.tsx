import { Link } from 'react-router';
import { nip19, parseArticle, parseComment, parseCoordinate } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { useNote } from '@/data/entity-store.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * "Comment on <title>" above a NIP-22 comment (kind 1111) shown outside its discussion: a link
 * to what it comments on (an article by its address, a post by its id), named by its title when
 * the store has it, else by its author.
 */
export default function CommentTarget({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const refs = parseComment(event);
  const root = refs?.root;
  const coordinate = root?.type === 'address' ? parseCoordinate(root.coordinate) : undefined;
  // The version commented on (NIP-22: an e beside the a), or the root post.
  const knownId =
    root?.type === 'event'
      ? root.id
      : refs?.parent.type === 'address'
        ? refs.parent.id
        : root?.type === 'address'
          ? root.id
          : undefined;
  const target = useNote(knownId);
  const author = useUser(refs?.rootAuthor ?? coordinate?.pubkey ?? target?.pubkey ?? '');
  if (!root || root.type === 'external' || (root.type === 'address' && !coordinate)) return null;
  const path = coordinate
    ? `/e/${nip19.naddrEncode({ kind: coordinate.kind, pubkey: coordinate.pubkey, identifier: coordinate.identifier })}`
    : `/e/${nip19.noteEncode(root.type === 'event' ? root.id : '')}`;
  const title = target?.kind === 30023 ? parseArticle(target)?.title : undefined;
  const name = userLabel(author);
  return (
    <p className="note-reply-to note-comment-on">
      {t('note.commentOn')}{' '}
      <Link to={path} className="mention">
        {title ||
          (coordinate
            ? t('note.commentOnArticleBy', { name })
            : t('note.commentOnPostBy', { name }))}
      </Link>
    </p>
  );
}
