import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import FilePen from 'lucide-react/icons/file-pen';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import Trash2 from 'lucide-react/icons/trash-2';
import type { SavedDraft, SyncedDrafts, WritePath } from '@swell/client';
import { nip19 } from '@swell/nostr';
import { Screen } from '@/components/screen.tsx';
import ConfirmDialog from '@/components/ui/confirm-dialog.tsx';
import { Button, ButtonLink, IconButton } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { openComposer } from '@/features/write/composer-store.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { loadSyncedDrafts, syncedDraftsStore } from '@/features/write/synced-drafts-store.ts';
import { writeStore } from '@/features/write/write-store.ts';
import { fieldsOfDraft } from '@/features/writing/article-fields.ts';
import { openNoteDraft } from '@/features/write/note-draft-sync.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { writing } from '@/i18n/en/writing.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { relativeTime } from '@/lib/format.ts';
import '@/features/writing/writing.css';

addStrings({ writing });

/** Where a draft opens: the article editor (new or an edit), or the composer for a note. */
function draftPath(d: SavedDraft, pubkey: string): string | null {
  if (d.kind !== 30023) return null;
  const { editing } = fieldsOfDraft(d.draft);
  if (editing === undefined) return `/write/article?draft=${encodeURIComponent(d.identifier)}`;
  return `/write/article/${encodeURIComponent(naddrOf(pubkey, editing))}`;
}

const naddrOf = (pubkey: string, identifier: string) =>
  nip19.naddrEncode({ kind: 30023, pubkey, identifier });

function DraftRow({
  draft,
  pubkey,
  write,
  drafts,
}: {
  draft: SavedDraft;
  pubkey: string;
  write: WritePath;
  drafts: SyncedDrafts;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const article = draft.kind === 30023;
  const title = article
    ? fieldsOfDraft(draft.draft).fields.title.trim()
    : draft.draft.content.trim().split('\n')[0]!.slice(0, 80);
  const excerpt = draft.draft.content.trim().slice(0, 160);
  const open = () => {
    const path = draftPath(draft, pubkey);
    if (path) void navigate(path);
    else {
      openNoteDraft(write, draft);
      openComposer({ mode: 'new' });
    }
  };
  return (
    <li className="draft-row">
      <button type="button" className="draft-open" onClick={open}>
        <span className="draft-kind">
          {article ? t('writing.draftArticle') : t('writing.draftNote')}
        </span>
        <span className="draft-title">{title || t('writing.draftUntitled')}</span>
        {article && excerpt && <span className="draft-excerpt">{excerpt}</span>}
        <span className="draft-meta">
          {t('writing.draftSaved', { time: relativeTime(draft.savedAt) })}
          {draft.base === 0 && ` · ${t('writing.draftNotSynced')}`}
        </span>
      </button>
      <IconButton
        label={t('writing.deleteDraft')}
        icon={<Trash2 size={18} aria-hidden />}
        onClick={() => setConfirm(true)}
      />
      {confirm && (
        <ConfirmDialog
          title={t('writing.deleteDraftTitle')}
          body={t('writing.deleteDraftBody')}
          confirmLabel={t('writing.deleteDraft')}
          danger
          onConfirm={() =>
            void drafts.remove(draft.identifier).then(
              () => notify.success(t('writing.draftDeleted')),
              () => notify.error(t('write.failed')),
            )
          }
          onClose={() => setConfirm(false)}
        />
      )}
    </li>
  );
}

function DraftList({
  write,
  drafts,
  pubkey,
}: {
  write: WritePath;
  drafts: SyncedDrafts;
  pubkey: string;
}) {
  const { t } = useTranslation();
  // Observing the drafts reads the relays' and follows them live.
  const snapshot = useSnapshot(drafts);
  return (
    <>
      {snapshot.status === 'loading' && (
        <p className="drafts-loading" role="status">
          {t('writing.draftsLoading')}
        </p>
      )}
      {snapshot.unreadable > 0 && (
        <p className="drafts-note">
          {t('writing.draftsUnreadable', { count: snapshot.unreadable })}
        </p>
      )}
      {snapshot.drafts.length > 0 ? (
        <ul className="drafts" aria-label={t('writing.draftsLabel')}>
          {snapshot.drafts.map((d) => (
            <DraftRow key={d.identifier} draft={d} pubkey={pubkey} write={write} drafts={drafts} />
          ))}
        </ul>
      ) : snapshot.status === 'ready' ? (
        <EmptyState
          icon={<NotebookPen size={26} />}
          title={t('writing.draftsEmpty')}
          body={t('writing.draftsEmptyBody')}
          actions={<ButtonLink to="/write/article">{t('writing.newArticle')}</ButtonLink>}
        />
      ) : (
        <LoadingRegion label={t('app.loading')}>
          <div className="writing-loading">
            <Skeleton height={64} />
            <Skeleton height={64} />
          </div>
        </LoadingRegion>
      )}
    </>
  );
}

/** `/drafts`: the user's drafts (articles and notes) from this device and their relays. */
export function Component() {
  const { t } = useTranslation();
  const { pubkey, canSign } = useSession();
  const write = useSnapshot(writeStore);
  const drafts = useSnapshot(syncedDraftsStore);
  useEffect(() => {
    if (canSign) void loadSyncedDrafts().catch(() => notify.error(t('write.failed')));
  }, [canSign, t]);
  return (
    <Screen
      title={t('writing.draftsTitle')}
      actions={
        canSign && (
          <ButtonLink
            to="/write/article"
            size="sm"
            variant="primary"
            icon={<FilePen size={16} aria-hidden />}
          >
            {t('writing.writeArticle')}
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
      ) : write && drafts ? (
        <DraftList write={write} drafts={drafts} pubkey={pubkey} />
      ) : (
        <LoadingRegion label={t('app.loading')}>
          <Skeleton height={64} />
        </LoadingRegion>
      )}
    </Screen>
  );
}
