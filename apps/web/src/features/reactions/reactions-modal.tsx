import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Heart from 'lucide-react/icons/heart';
import type { NoteStats } from '@swell/cache-protocol';
import { reactionsModel, reactionTabs, type ReactionTab as Tab } from '@swell/client';
import { useNoteStats } from '@/data/entity-store.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { FeedItem } from '@/features/note/note-card.tsx';
import { userHandle } from '@/features/note/note-header.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs } from '@/components/ui/tabs.tsx';
import { shortNumber } from '@/lib/format.ts';
import '@/features/reactions/reactions.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { profile } from '@/i18n/en/profile.ts';
import { useModel } from '@/data/use-model.ts';

addStrings({ profile });

/** One person: avatar, name and handle (the whole row links to the profile), and sats for zaps. */
function ActorRow({ pubkey, amount }: { pubkey: string; amount?: number }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  const handle = userHandle(user);
  return (
    <li>
      <Link to={profileLink(user)} className="actor-row">
        <Avatar pubkey={user.pubkey} picture={user.picture} size="vs" name={name} />
        <span className="actor-names">
          <span className="actor-name">{name}</span>
          {handle && <span className="actor-handle">{handle}</span>}
        </span>
        {amount !== undefined && (
          <span className="actor-amount">
            {shortNumber(amount)} {t('profile.sats')}
          </span>
        )}
      </Link>
    </li>
  );
}

function RowsSkeleton() {
  const { t } = useTranslation();
  return (
    <LoadingRegion label={t('app.loading')}>
      <ul className="actor-list">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="actor-skeleton">
            <Skeleton circle width={40} height={40} />
            <span className="actor-names">
              <Skeleton width="40%" height={12} />
              <Skeleton width="25%" height={10} />
            </span>
          </li>
        ))}
      </ul>
    </LoadingRegion>
  );
}

/** How many reactions a tab lists, from the note's stats (quotes are its mentions). */
function tabCount(tab: Tab, stats: NoteStats | undefined): string | undefined {
  if (!stats) return undefined;
  const n = tab === 'quotes' ? stats.mentions : stats[tab];
  return shortNumber(n);
}

/** The reactions of a note (likes, zaps, reposts, quotes), read-only. */
export default function ReactionsModal({
  noteId,
  onClose,
}: {
  noteId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('likes');
  const reactions = useModel(reactionsModel, { noteId, tab })!;
  const error = reactions.state.error !== null;
  const current = reactions.state.data ?? null;
  const stats = useNoteStats(noteId);
  return (
    <Dialog title={t('reactions.title')} onClose={onClose} size="lg" className="reactions-modal">
      <Tabs
        label={t('reactions.title')}
        items={reactionTabs.map((name) => ({
          value: name,
          label: t(`reactions.${name}`),
          count: tabCount(name, stats),
        }))}
        value={tab}
        onChange={setTab}
        stretch
      >
        <div className="reactions-panel">
          {error && <ErrorState compact onRetry={() => void reactions.model.retry()} />}
          {!error && current === null && <RowsSkeleton />}
          {!error && current?.length === 0 && (
            <EmptyState
              compact
              icon={<Heart size={20} />}
              title={t('reactions.empty')}
              headingLevel={3}
            />
          )}
          {!error && current && current.length > 0 && (
            <ul className="actor-list">
              {current.map((r) =>
                r.noteId ? (
                  <li key={r.key} className="reactions-quote">
                    <FeedItem id={r.noteId} />
                  </li>
                ) : (
                  <ActorRow key={r.key} pubkey={r.pubkey!} amount={r.amount} />
                ),
              )}
            </ul>
          )}
        </div>
      </Tabs>
    </Dialog>
  );
}
