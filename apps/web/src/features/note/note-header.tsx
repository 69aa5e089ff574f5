import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import BadgeCheck from 'lucide-react/icons/badge-check';
import type { SignedEvent } from '@swell/cache-protocol';
import type { UserView } from '@/data/user.ts';
import { useLegend } from '@/data/entity-store.ts';
import { noteLink, profileLink, userLabel } from '@/data/user.ts';
import { compactTime, fullDate, relativeTime } from '@/lib/format.ts';

/**
 * The handle shown after a name: the name this server verified (`name@host`, 10000158, whatever
 * the kind 0 claims), else the claimed NIP-05 address (without "_@"), else @name.
 */
export function userHandle(user: UserView): string {
  if (user.verifiedName) return `${user.verifiedName}@${location.host}`;
  if (user.nip05) return user.nip05.startsWith('_@') ? user.nip05.slice(2) : user.nip05;
  return user.name ? `@${user.name}` : '';
}

/** Name, verification badge, handle and relative time (linked to the thread) on one line. */
export function NoteHeader({
  event,
  user,
  timeLink = true,
  children,
}: {
  event: SignedEvent;
  user: UserView;
  timeLink?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const name = userLabel(user);
  const legend = useLegend(user.pubkey);
  const legendBadge = legend?.custom_badge && legend.style ? legend.style : undefined;
  const handle = userHandle(user);
  // The full date is a tooltip, written on first hover: making the date formatter is costly on
  // a phone, and a feed would otherwise pay for it before its first note shows.
  const time = (
    <time
      dateTime={new Date(event.created_at * 1000).toISOString()}
      onPointerEnter={(e) => {
        e.currentTarget.title ||= fullDate(event.created_at);
      }}
    >
      {compactTime(event.created_at)}
    </time>
  );
  return (
    <header className="note-head">
      <div className="note-byline">
        <Link to={profileLink(user)} className="note-author">
          <span className="note-name">{name}</span>
          {user.verifiedName && (
            <BadgeCheck
              className={legendBadge ? 'note-verified legend-badge' : 'note-verified'}
              data-legend-style={legendBadge}
              size={16}
              role="img"
              aria-label={t('note.verified')}
            />
          )}
        </Link>
        {handle && <span className="note-handle">{handle}</span>}
        <span className="note-dot" aria-hidden="true">
          ·
        </span>
        {timeLink ? (
          <Link to={noteLink(event.id)} className="note-time">
            {time}
            <span className="visually-hidden">
              {' '}
              {t('note.openThread', { time: relativeTime(event.created_at) })}
            </span>
          </Link>
        ) : (
          <span className="note-time">{time}</span>
        )}
      </div>
      {children}
    </header>
  );
}
