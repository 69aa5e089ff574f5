import { useLoaderData, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VanityTarget } from '@/app/vanity.ts';
import { Screen } from '@/components/screen.tsx';
import { FeedItem, NoteCard } from '@/components/note/note-card.tsx';
import { api, ingested } from '@/data/connection.ts';
import { useSession } from '@/data/session.ts';
import { useAsync } from '@/lib/use-async.ts';
import { splitThread } from '@/features/thread/split-thread.ts';
import { parseThreadTarget, type ThreadTarget } from '@/lib/note-id.ts';
import { ArticleBody } from '@/components/article/article-body.tsx';

export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const vanity = useLoaderData() as VanityTarget | undefined;
  const { pubkey } = useSession();
  const personal = pubkey ? { user_pubkey: pubkey } : {};
  const target: ThreadTarget | undefined =
    vanity?.identifier !== undefined
      ? { type: 'address', pubkey: vanity.pubkey, identifier: vanity.identifier, kind: 30023 }
      : parseThreadTarget(params.id);
  const id = target?.type === 'event' ? target.id : undefined;
  const key = !target
    ? null
    : target.type === 'event'
      ? target.id
      : `a:${target.kind}:${target.pubkey}:${target.identifier}`;
  const result = useAsync(key, (signal) =>
    target!.type === 'address'
      ? ingested(
          api().longFormThread(
            target!.pubkey,
            target!.identifier,
            { ...personal, kind: target!.kind },
            { signal },
          ),
        )
      : ingested(api().threadView(target!.id, personal, { signal })),
  );
  if (key === null)
    return (
      <Screen title={t('thread.title')}>
        <p className="error-text">{t('thread.invalidId')}</p>
      </Screen>
    );
  const view = result.data ? splitThread(result.data, id) : undefined;
  return (
    <Screen title={t('thread.title')}>
      {result.loading && <p role="status">{t('app.loading')}</p>}
      {result.error !== undefined && <p className="error-text">{t('app.error')}</p>}
      {view && !view.focus && <p>{t('thread.notFound')}</p>}
      {view?.focus && (
        <>
          <div className="thread-parents">
            {view.parents.map((p) => (
              <FeedItem key={p} id={p} />
            ))}
          </div>
          {view.focus.kind === 30023 ? (
            <ArticleBody event={view.focus} />
          ) : (
            <NoteCard event={view.focus} focused />
          )}
          <section aria-label={t('thread.replies')} className="thread-replies">
            <h2 className="visually-hidden">{t('thread.replies')}</h2>
            {view.replies.map((r) => (
              <FeedItem key={r} id={r} />
            ))}
          </section>
        </>
      )}
    </Screen>
  );
}
