import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { LucideIcon } from 'lucide-react';
import AtSign from 'lucide-react/icons/at-sign';
import Heart from 'lucide-react/icons/heart';
import Highlighter from 'lucide-react/icons/highlighter';
import MessageSquare from 'lucide-react/icons/message-square';
import MessageCircle from 'lucide-react/icons/message-circle';
import Quote from 'lucide-react/icons/quote';
import Repeat2 from 'lucide-react/icons/repeat-2';
import UserMinus from 'lucide-react/icons/user-minus';
import UserPlus from 'lucide-react/icons/user-plus';
import Zap from 'lucide-react/icons/zap';
import type { NotificationGroup, NotificationVerb } from '@swell/client';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { NoteCard } from '@/features/note/note-card.tsx';
import { useNote } from '@/data/entity-store.ts';
import { noteLink, profileLink, useUser, userLabel } from '@/data/user.ts';
import { compactTime, shortNumber } from '@/lib/format.ts';
import { plainText } from '@/lib/summary.ts';

const ICONS: Record<NotificationVerb, LucideIcon> = {
  followed: UserPlus,
  unfollowed: UserMinus,
  zapped: Zap,
  liked: Heart,
  reposted: Repeat2,
  replied: MessageCircle,
  mentioned: AtSign,
  quoted: Quote,
  commented: MessageSquare,
  highlighted: Highlighter,
};

/** Up to this many actors' avatars in a row. */
const AVATARS = 6;

function useActorsText(actors: readonly string[]): string {
  const { t } = useTranslation();
  const a = useUser(actors[0] ?? '');
  const b = useUser(actors[1] ?? '');
  const first = actors[0] ? userLabel(a) : t('notifications.someone');
  if (actors.length <= 1) return t('notifications.actors.one', { a: first });
  if (actors.length === 2) return t('notifications.actors.two', { a: first, b: userLabel(b) });
  return t('notifications.actors.many', { a: first, count: actors.length - 1 });
}

function useSentence(group: NotificationGroup): string {
  const { t } = useTranslation();
  const actors = useActorsText(group.actors);
  const subject = useNote(group.subjectId);
  switch (group.verb) {
    case 'commented':
    case 'highlighted':
      // What of theirs: an article (the usual case) or another post.
      return t(
        `notifications.${group.verb}.${subject && subject.kind !== 30023 ? 'post' : 'article'}`,
        {
          actors,
        },
      );
    case 'followed':
    case 'unfollowed':
    case 'mentioned':
    case 'quoted':
      return t(`notifications.${group.verb}`, { actors });
    default:
      return t(
        `notifications.verb.${group.verb}.${group.subject === 'none' ? 'yours' : group.subject}`,
        {
          actors,
        },
      );
  }
}

/** One grouped notification: icon, who (avatars), what, the note involved, zap amounts. */
export function NotificationItem({ group, fresh }: { group: NotificationGroup; fresh?: boolean }) {
  const sentence = useSentence(group);
  const Icon = ICONS[group.verb];
  const cls = `notif notif-${group.verb}${fresh ? ' notif-fresh' : ''}`;
  if (
    group.sourceId &&
    (group.verb === 'replied' ||
      group.verb === 'mentioned' ||
      group.verb === 'quoted' ||
      group.verb === 'commented' ||
      group.verb === 'highlighted')
  ) {
    return (
      <li className={cls} data-type={group.type} data-key={group.key}>
        <p className="notif-line">
          <Icon size={16} aria-hidden className="notif-line-icon" />
          <span>{sentence}</span>
          <time className="notif-time" dateTime={new Date(group.created_at * 1000).toISOString()}>
            {compactTime(group.created_at)}
          </time>
        </p>
        {group.verb === 'highlighted' ? (
          <HighlightSnippet id={group.sourceId} subjectId={group.subjectId} />
        ) : (
          <SourceNote id={group.sourceId} />
        )}
      </li>
    );
  }
  return (
    <li className={cls} data-type={group.type} data-key={group.key}>
      <span className="notif-icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className="notif-body">
        <div className="notif-avatars">
          {group.actors.slice(0, AVATARS).map((pk) => (
            <ActorAvatar key={pk} pubkey={pk} />
          ))}
          {group.actors.length > AVATARS && (
            <span className="notif-more-actors">+{group.actors.length - AVATARS}</span>
          )}
        </div>
        <p className="notif-text">
          {sentence}
          {group.verb === 'zapped' && group.sats > 0 && (
            <strong className="notif-sats"> {shortNumber(group.sats)} sats</strong>
          )}
          <time className="notif-time" dateTime={new Date(group.created_at * 1000).toISOString()}>
            {' · '}
            {compactTime(group.created_at)}
          </time>
        </p>
        {group.verb === 'zapped' && <ZapMessages group={group} />}
        {group.subjectId && <SubjectSnippet id={group.subjectId} />}
      </div>
    </li>
  );
}

function ActorAvatar({ pubkey }: { pubkey: string }) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <Link to={profileLink(user)} className="notif-avatar" aria-label={name}>
      <Avatar pubkey={user.pubkey} picture={user.picture} size="vvs" name={name} />
    </Link>
  );
}

function ZapMessages({ group }: { group: NotificationGroup }) {
  const withMessage = group.zaps.filter((z) => z.message).slice(0, 3);
  if (withMessage.length === 0) return null;
  return (
    <ul className="notif-zaps">
      {withMessage.map((z, i) => (
        <ZapLine key={i} actor={z.actor} sats={z.sats} message={z.message!} />
      ))}
    </ul>
  );
}

function ZapLine({ actor, sats, message }: { actor?: string; sats: number; message: string }) {
  const user = useUser(actor ?? '');
  return (
    <li>
      <strong>{actor ? userLabel(user) : ''}</strong>{' '}
      <span className="notif-sats">{shortNumber(sats)} sats</span> <span>{message}</span>
    </li>
  );
}

function SubjectSnippet({ id }: { id: string }) {
  const { t } = useTranslation();
  const note = useNote(id);
  if (!note) return <p className="notif-snippet notif-missing">{t('notifications.missingNote')}</p>;
  const text = plainText(note.content, note.tags);
  return (
    <Link to={noteLink(id)} className="notif-snippet">
      {text || t('notifications.missingNote')}
    </Link>
  );
}

function SourceNote({ id }: { id: string }) {
  const { t } = useTranslation();
  const note = useNote(id);
  if (!note) return <p className="notif-snippet notif-missing">{t('notifications.missingNote')}</p>;
  return <NoteCard event={note} />;
}

/** A highlight of the user's post: the passage, the highlighter's comment, and the post. */
function HighlightSnippet({ id, subjectId }: { id: string; subjectId: string | undefined }) {
  const { t } = useTranslation();
  const note = useNote(id);
  const subject = useNote(subjectId);
  if (!note) return <p className="notif-snippet notif-missing">{t('notifications.missingNote')}</p>;
  const comment = note.tags.find((tag) => tag[0] === 'comment')?.[1];
  const title = subject?.kind === 30023 ? subject.tags.find((tag) => tag[0] === 'title')?.[1] : '';
  return (
    <div className="notif-highlight">
      <blockquote className="notif-highlight-text">{note.content}</blockquote>
      {comment && <p className="notif-highlight-comment">{comment}</p>}
      {subjectId && (
        <Link to={noteLink(subjectId)} className="notif-snippet">
          {title ||
            (subject ? plainText(subject.content, subject.tags) : t('notifications.missingNote'))}
        </Link>
      )}
    </div>
  );
}
