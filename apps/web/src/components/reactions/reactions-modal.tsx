import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FeedPage } from '@swell/cache-protocol';
import { api, ingested } from '@/data/connection.ts';
import { profileLink, userLabel, useUser } from '@/data/user.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { Lightbox } from '@/components/lightbox.tsx';
import { FeedItem } from '@/components/note/note-card.tsx';
import { shortNumber } from '@/lib/format.ts';

type Tab = 'likes' | 'zaps' | 'reposts' | 'quotes';
const tabs: Tab[] = ['likes', 'zaps', 'reposts', 'quotes'];

interface Row {
  key: string;
  pubkey?: string;
  amount?: number;
  noteId?: string;
}

function load(tab: Tab, noteId: string, signal: AbortSignal): Promise<FeedPage> {
  const target = { event_id: noteId };
  const opts = { signal };
  switch (tab) {
    case 'likes':
      return ingested(api().eventActions(target, 7, {}, opts));
    case 'reposts':
      return ingested(api().eventActions(target, 6, {}, opts));
    case 'zaps':
      return ingested(api().eventZaps(target, {}, opts));
    case 'quotes':
      return ingested(api().noteMentions(target, {}, opts));
  }
}

function rows(tab: Tab, page: FeedPage): Row[] {
  switch (tab) {
    case 'likes':
      return page.others.filter((e) => e.kind === 7).map((e) => ({ key: e.id, pubkey: e.pubkey }));
    case 'reposts':
      return page.notes.filter((e) => e.kind === 6).map((e) => ({ key: e.id, pubkey: e.pubkey }));
    case 'zaps':
      return Object.values(page.topZaps)
        .flat()
        .sort((a, b) => b.amount_sats - a.amount_sats)
        .map((z) => ({ key: z.zap_receipt_id, pubkey: z.sender, amount: z.amount_sats }));
    case 'quotes':
      return page.notes.map((e) => ({ key: e.id, noteId: e.id }));
  }
}

function ActorRow({ pubkey, amount }: { pubkey: string; amount?: number }) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  return (
    <li className="actor-row">
      <Link to={profileLink(user)}>
        <Avatar picture={user.picture} size="xs" name={name} />
        <span>{name}</span>
      </Link>
      {amount !== undefined && (
        <span className="muted">
          {shortNumber(amount)} {t('profile.sats')}
        </span>
      )}
    </li>
  );
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
  const [state, setState] = useState<{ tab: Tab; rows: Row[] } | null>(null);
  const [error, setError] = useState(false);
  const id = useId();
  useEffect(() => {
    const ctl = new AbortController();
    load(tab, noteId, ctl.signal).then(
      (page) => setState({ tab, rows: rows(tab, page) }),
      () => {
        if (!ctl.signal.aborted) setError(true);
      },
    );
    return () => ctl.abort();
  }, [tab, noteId]);
  const current = state?.tab === tab ? state.rows : null;
  return (
    <Lightbox label={t('reactions.title')} onClose={onClose} className="reactions-modal">
      <h2>{t('reactions.title')}</h2>
      <div role="tablist" aria-label={t('reactions.title')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            onClick={() => {
              setError(false);
              setTab(name);
            }}
          >
            {t(`reactions.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {error && <p className="error-text">{t('app.error')}</p>}
        {!error && current === null && <p>{t('app.loading')}</p>}
        {current?.length === 0 && <p>{t('reactions.empty')}</p>}
        {current && current.length > 0 && (
          <ul className="actor-list">
            {current.map((r) =>
              r.noteId ? (
                <li key={r.key}>
                  <FeedItem id={r.noteId} />
                </li>
              ) : (
                <ActorRow key={r.key} pubkey={r.pubkey!} amount={r.amount} />
              ),
            )}
          </ul>
        )}
      </div>
    </Lightbox>
  );
}
