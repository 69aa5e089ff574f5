import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ingested } from '@/data/connection.ts';
import { noteLink, userLabel, useUser } from '@/data/user.ts';
import { useNote } from '@/data/entity-store.ts';
import { afterFirstContent } from '@/lib/first-content.ts';
import { summaryText } from '@/lib/summary.ts';
import { useAsync } from '@/lib/use-async.ts';

function TrendingItem({ id }: { id: string }) {
  const note = useNote(id);
  const user = useUser(note?.pubkey ?? '');
  if (!note) return null;
  const text = summaryText(note.content, note.tags);
  return (
    <li>
      <Link to={noteLink(id)}>
        <strong>{userLabel(user)}</strong>: {text}
      </Link>
    </li>
  );
}

/** The home sidebar: today's trending notes. */
export default function HomeSidebar() {
  const { t } = useTranslation();
  const trending = useAsync('trending_24h', (signal) =>
    afterFirstContent().then(() =>
      ingested(api().page('scored', { selector: 'trending_24h' }, { signal })),
    ),
  );
  const ids =
    trending.data?.notes
      .filter((n) => n.kind === 1)
      .slice(0, 6)
      .map((n) => n.id) ?? [];
  return (
    <section aria-labelledby="sidebar-title" className="home-sidebar">
      <h2 id="sidebar-title">{t('sidebar.title')}</h2>
      {trending.loading && <p>{t('app.loading')}</p>}
      {!trending.loading && ids.length === 0 && <p className="muted">{t('sidebar.empty')}</p>}
      <ul>
        {ids.map((id) => (
          <TrendingItem key={id} id={id} />
        ))}
      </ul>
    </section>
  );
}
