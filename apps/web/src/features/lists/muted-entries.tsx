import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import X from 'lucide-react/icons/x';
import type { MuteEntry, MuteKind } from '@swell/client';
import { nip19 } from '@swell/nostr';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { IconButton } from '@/components/ui/button.tsx';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { unmute } from '@/features/lists/list-actions.ts';
import { VisibilityBadge } from '@/features/lists/visibility-badge.tsx';

function UserEntry({ pubkey }: { pubkey: string }) {
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <Link to={profileLink(user)} className="lists-entry-main">
      <Avatar picture={user.picture} size="xs" name={name} />
      <span className="lists-entry-name">{name}</span>
    </Link>
  );
}

/** What an entry is called in its remove button and messages. */
function useEntryLabel(entry: MuteEntry): string {
  const { t } = useTranslation();
  const user = useUser(entry.kind === 'user' ? entry.value : '');
  switch (entry.kind) {
    case 'user':
      return userLabel(user);
    case 'hashtag':
      return `#${entry.value}`;
    case 'thread':
      return t('lists.threadLabel', { id: `${nip19.noteEncode(entry.value).slice(0, 16)}…` });
    default:
      return entry.value;
  }
}

function EntryRow({ entry }: { entry: MuteEntry }) {
  const { t } = useTranslation();
  const label = useEntryLabel(entry);
  const [busy, setBusy] = useState(false);
  let main: ReactNode;
  if (entry.kind === 'user') main = <UserEntry pubkey={entry.value} />;
  else if (entry.kind === 'thread')
    main = (
      <Link to={`/e/${nip19.noteEncode(entry.value)}`} className="lists-entry-main">
        <span className="lists-entry-name">{label}</span>
      </Link>
    );
  else
    main = (
      <span className="lists-entry-main">
        <span className="lists-entry-name">{label}</span>
      </span>
    );
  return (
    <li className="lists-entry">
      {main}
      <VisibilityBadge private={entry.private} />
      <IconButton
        size="sm"
        label={t('lists.remove', { what: label })}
        icon={<X size={16} aria-hidden />}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void unmute(entry.kind, entry.value, label).finally(() => setBusy(false));
        }}
      />
    </li>
  );
}

/** One kind of muted entries (accounts, words, hashtags or threads), each removable. */
export function MutedSection({
  kind,
  title,
  entries,
  children,
}: {
  kind: MuteKind;
  title: string;
  entries: readonly MuteEntry[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `muted-${kind}`;
  const mine = entries.filter((e) => e.kind === kind);
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id} className="settings-section-title">
        {title}
        {mine.length > 0 && <span className="lists-count">{mine.length}</span>}
      </h2>
      {children}
      {mine.length === 0 ? (
        <p className="lists-none">{t('lists.mutedNone')}</p>
      ) : (
        <ul className="lists-entries">
          {mine.map((e) => (
            <EntryRow key={`${e.private ? 'p' : 'o'}:${e.value}`} entry={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
