import { useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import FileQuestion from 'lucide-react/icons/file-question';
import FilePen from 'lucide-react/icons/file-pen';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import { articleAddressModel, type SyncedDrafts, type WritePath } from '@swell/client';
import { Screen } from '@/components/screen.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import { useModel, useSnapshot } from '@/data/use-model.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import {
  loadSyncedDrafts,
  newDraftIdentifier,
  syncedDraftsStore,
} from '@/features/write/synced-drafts-store.ts';
import { writeStore } from '@/features/write/write-store.ts';
import { ArticleEditor } from '@/features/writing/article-editor.tsx';
import { addStrings } from '@/i18n/add-strings.ts';
import { uploads } from '@/i18n/en/uploads.ts';
import { writing } from '@/i18n/en/writing.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { parseThreadTarget } from '@/lib/note-id.ts';
import '@/components/ui/form.css';
import '@/features/writing/writing.css';

addStrings({ writing, uploads });

/** The draft of an edit of the article `d` (the same on every device). */
export const editDraftId = (d: string) => `edit:${d}`;

function Loading() {
  const { t } = useTranslation();
  return (
    <LoadingRegion label={t('app.loading')}>
      <div className="writing-loading">
        <Skeleton height={40} />
        <Skeleton height={64} />
        <Skeleton height={240} />
      </div>
    </LoadingRegion>
  );
}

/** Editing a published article: loaded by its address, the user's own only. */
function EditArticle({
  write,
  drafts,
  pubkey,
  naddr,
}: {
  write: WritePath;
  drafts: SyncedDrafts;
  pubkey: string;
  naddr: string;
}) {
  const { t } = useTranslation();
  const target = parseThreadTarget(naddr);
  const address =
    target?.type === 'address' && target.kind === 30023
      ? { pubkey: target.pubkey, identifier: target.identifier }
      : null;
  const loaded = useModel(articleAddressModel, address);
  if (!address || (address.pubkey !== pubkey && address))
    return (
      <EmptyState
        icon={<FileQuestion size={26} />}
        title={address ? t('writing.notYours') : t('writing.notFound')}
        actions={<ButtonLink to="/write/article">{t('writing.newArticle')}</ButtonLink>}
      />
    );
  const state = loaded!.state;
  if (state.data === undefined && state.error)
    return (
      <ErrorState title={t('writing.notFound')} onRetry={() => void loaded!.model.refresh()} />
    );
  if (state.data === undefined) return <Loading />;
  if (state.data === null)
    return <EmptyState icon={<FileQuestion size={26} />} title={t('writing.notFound')} />;
  return (
    <ArticleEditor
      key={state.data.id}
      write={write}
      drafts={drafts}
      pubkey={pubkey}
      draftId={editDraftId(address.identifier)}
      previous={state.data}
    />
  );
}

/** A new article: its draft's identifier is kept in the address, so a reload finds it. */
function NewArticle({
  write,
  drafts,
  pubkey,
}: {
  write: WritePath;
  drafts: SyncedDrafts;
  pubkey: string;
}) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const given = search.get('draft');
  const draftId = useMemo(() => given ?? newDraftIdentifier(), [given]);
  useEffect(() => {
    if (!given) void navigate(`?draft=${encodeURIComponent(draftId)}`, { replace: true });
  }, [given, draftId, navigate]);
  return (
    <ArticleEditor key={draftId} write={write} drafts={drafts} pubkey={pubkey} draftId={draftId} />
  );
}

/** `/write/article` (a new article) and `/write/article/:naddr` (editing one). */
export function Component() {
  const { t } = useTranslation();
  const { naddr } = useParams();
  const { pubkey, canSign } = useSession();
  const write = useSnapshot(writeStore);
  const drafts = useSnapshot(syncedDraftsStore);
  useEffect(() => {
    if (canSign) void loadSyncedDrafts().catch(() => notify.error(t('write.failed')));
  }, [canSign, t]);
  const title = naddr ? t('writing.editArticle') : t('writing.newArticle');
  return (
    <Screen
      title={title}
      back
      actions={
        canSign && (
          <ButtonLink
            to="/drafts"
            size="sm"
            variant="ghost"
            icon={<NotebookPen size={16} aria-hidden />}
          >
            {t('writing.drafts')}
          </ButtonLink>
        )
      }
    >
      {!pubkey || !canSign ? (
        <EmptyState
          icon={<FilePen size={26} />}
          title={t('writing.signInToWrite')}
          body={t('writing.signInToWriteBody')}
          actions={
            <Button variant="primary" onClick={() => void requireSigner()}>
              {t('writing.signInToWrite')}
            </Button>
          }
        />
      ) : !write || !drafts ? (
        <Loading />
      ) : naddr ? (
        <EditArticle write={write} drafts={drafts} pubkey={pubkey} naddr={naddr} />
      ) : (
        <NewArticle write={write} drafts={drafts} pubkey={pubkey} />
      )}
    </Screen>
  );
}
