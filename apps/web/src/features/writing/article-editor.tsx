import {
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useNavigate } from 'react-router';
import Bold from 'lucide-react/icons/bold';
import Heading2 from 'lucide-react/icons/heading-2';
import ImagePlus from 'lucide-react/icons/image-plus';
import Italic from 'lucide-react/icons/italic';
import Link2 from 'lucide-react/icons/link-2';
import Send from 'lucide-react/icons/send';
import { articleAddressModel, type SyncedDrafts, type WritePath } from '@swell/client';
import type { SignedEvent } from '@swell/cache-protocol';
import {
  articleIdentifier,
  countWords,
  getDTag,
  unpublishTemplate,
  type NostrEvent,
} from '@swell/nostr';
import ConfirmDialog from '@/components/ui/confirm-dialog.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useRegistry, useSnapshot } from '@/data/use-model.ts';
import { notePath } from '@/features/note-actions/note-addresses.ts';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import {
  articleDraft,
  articleOfFields,
  emptyArticle,
  fieldsOfArticle,
  fieldsOfDraft,
  sameFields,
  type ArticleFields,
} from '@/features/writing/article-fields.ts';
import { applyMark, insertImage, markOfKey, type Mark } from '@/features/writing/markdown-marks.ts';
import { uploadImage } from '@/features/writing/upload-image.ts';
import { useKeyboardInset } from '@/features/writing/use-keyboard-inset.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { withoutRepeatedTitle } from '@/lib/article-title.ts';
import { readingMinutes, relativeTime } from '@/lib/format.ts';
import { lazy } from '@/lib/lazy.ts';
import '@/components/article/article.css';

const Markdown = lazy(() => import('@/components/article/markdown.tsx'));

const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
const now = () => Math.floor(Date.now() / 1000);

const MARKS: ReadonlyArray<{ mark: Mark; icon: typeof Bold }> = [
  { mark: 'bold', icon: Bold },
  { mark: 'italic', icon: Italic },
  { mark: 'link', icon: Link2 },
  { mark: 'heading', icon: Heading2 },
];

/**
 * The article editor's form: title, summary, header image, topics and the markdown body with its
 * live preview (the article view's own renderer), autosaved as a draft on every device, and
 * published (or updated, or unpublished) through the outbox.
 */
export function ArticleEditor({
  write,
  drafts,
  pubkey,
  draftId,
  previous,
}: {
  write: WritePath;
  drafts: SyncedDrafts;
  pubkey: string;
  draftId: string;
  /** The published article being edited. */
  previous?: NostrEvent;
}) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const registry = useRegistry();
  const editing = previous ? getDTag(previous) : undefined;
  const [fields, setFields] = useState<ArticleFields>(() => {
    const saved = drafts.get(draftId);
    if (saved) return fieldsOfDraft(saved.draft).fields;
    return previous ? fieldsOfArticle(previous) : emptyArticle;
  });
  const snapshot = useSnapshot(drafts);
  const saved = snapshot.drafts.find((d) => d.identifier === draftId);
  const conflict = snapshot.conflicts[draftId];
  const [busy, setBusy] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [headerUploading, setHeaderUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const body = useRef<HTMLTextAreaElement>(null);
  const bodyFile = useRef<HTMLInputElement>(null);
  const headerFile = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useKeyboardInset(root);

  // Another device's save replaced this one's (nothing typed here since): shown at once
  // (state adjusted while rendering, when the saved version changes).
  const version = saved && !saved.dirty ? saved.savedAt : null;
  const [shown, setShown] = useState(version);
  if (version !== shown) {
    setShown(version);
    const remote = saved && !saved.dirty ? fieldsOfDraft(saved.draft).fields : null;
    if (remote && !sameFields(fields, remote)) setFields(remote);
  }

  // Leaving (or hiding the page) sends what waits for the typing pause.
  useEffect(() => {
    const flush = () => void drafts.flush(draftId).catch(() => {});
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [drafts, draftId]);

  const change = (next: ArticleFields) => {
    setFields(next);
    drafts.save(draftId, articleDraft(next, now(), editing));
  };
  const set = (k: keyof ArticleFields, v: string) => change({ ...fields, [k]: v });

  const words = useMemo(() => countWords(fields.body), [fields.body]);
  const previewSource = useMemo(
    () => withoutRepeatedTitle(fields.body, fields.title.trim()),
    [fields.body, fields.title],
  );

  const select = (start: number, end: number) =>
    requestAnimationFrame(() => {
      const el = body.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(start, end);
    });
  const mark = (m: Mark) => {
    const el = body.current;
    const edit = applyMark(
      fields.body,
      el?.selectionStart ?? fields.body.length,
      el?.selectionEnd ?? fields.body.length,
      m,
    );
    change({ ...fields, body: edit.text });
    select(edit.start, edit.end);
  };
  const onBodyKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const m = markOfKey(e);
    if (!m) return;
    e.preventDefault();
    mark(m);
  };

  // Pictures pasted, dropped or picked go in where the caret was, once uploaded.
  const latest = useRef(fields);
  latest.current = fields;
  const insertPictures = async (files: File[], at: number) => {
    const pictures = files.filter((f) => f.type.startsWith('image/'));
    if (pictures.length === 0 || !(await requireSigner())) return;
    setUploads((n) => n + pictures.length);
    let caret = at;
    for (const file of pictures) {
      const url = await uploadImage(file);
      setUploads((n) => n - 1);
      if (!url) continue;
      const cur = latest.current;
      const edit = insertImage(cur.body, Math.min(caret, cur.body.length), url);
      caret = edit.start;
      change({ ...cur, body: edit.text });
      latest.current = { ...cur, body: edit.text };
    }
  };
  const caretNow = () => body.current?.selectionStart ?? fields.body.length;
  const onPaste = (e: ClipboardEvent) => {
    const files = [...(e.clipboardData?.files ?? [])];
    if (files.some((f) => f.type.startsWith('image/'))) {
      e.preventDefault();
      void insertPictures(files, caretNow());
    }
  };
  const onDrop = (e: DragEvent) => {
    setDragging(false);
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length > 0) {
      e.preventDefault();
      void insertPictures(files, caretNow());
    }
  };
  const pickHeader = async (file: File | undefined) => {
    if (!file || !(await requireSigner())) return;
    setHeaderUploading(true);
    const url = await uploadImage(file);
    setHeaderUploading(false);
    if (url) change({ ...latest.current, image: url });
  };

  /** A `d` of the title that none of the user's articles has. */
  const freeIdentifier = async (): Promise<string> => {
    const taken = new Set<string>();
    for (;;) {
      const identifier = articleIdentifier(fields.title, { taken, now: now() });
      const held = registry.acquire(articleAddressModel, { pubkey, identifier });
      try {
        await held.model.refresh();
        if (!held.model.getSnapshot().data) return identifier;
      } finally {
        held.release();
      }
      taken.add(identifier);
    }
  };

  const publish = async () => {
    if (busy) return;
    if (!fields.title.trim()) {
      notify.error(t('writing.needsTitle'));
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    if (!fields.body.trim()) {
      notify.error(t('writing.needsBody'));
      body.current?.focus();
      return;
    }
    if (!(await requireSigner())) return;
    setBusy(true);
    try {
      const template = articleOfFields(fields, {
        createdAt: now(),
        author: pubkey,
        ...(previous ? { previous } : { identifier: await freeIdentifier() }),
      });
      const r = await write.publishEvent(template);
      await drafts.remove(draftId).catch(() => {});
      await toastOutcome(r.result, {
        success: previous ? t('writing.updated') : t('writing.published'),
      });
      void navigate(notePath(r.event as SignedEvent));
    } catch {
      notify.error(t('write.failed'));
    } finally {
      setBusy(false);
    }
  };

  const unpublish = async () => {
    if (!previous || !(await requireSigner())) return;
    setBusy(true);
    try {
      const r = await write.publishEvent(unpublishTemplate(previous, now()));
      await drafts.remove(draftId).catch(() => {});
      await toastOutcome(r.result, { success: t('writing.unpublished') });
      void navigate('/reads');
    } catch {
      notify.error(t('write.failed'));
    } finally {
      setBusy(false);
    }
  };

  const status = saved
    ? saved.dirty
      ? t('writing.savedLocal')
      : t('writing.savedEverywhere')
    : '';
  return (
    <div className="writing" ref={root}>
      <div className="writing-bar">
        <div className="writing-marks" role="toolbar" aria-label={t('writing.toolbar')}>
          {MARKS.map(({ mark: m, icon: Icon }) => (
            <IconButton
              key={m}
              size="sm"
              label={t(`writing.${m}`)}
              icon={<Icon size={18} aria-hidden />}
              // Keeps the body's selection (a click would take the focus first).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => mark(m)}
            />
          ))}
          <IconButton
            size="sm"
            label={t('writing.image')}
            icon={<ImagePlus size={18} aria-hidden />}
            onClick={() => bodyFile.current?.click()}
          />
          <input
            ref={bodyFile}
            type="file"
            accept="image/*"
            hidden
            aria-label={t('writing.imageFile')}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void insertPictures(files, caretNow());
            }}
          />
        </div>
        <p className="writing-status" role="status">
          {uploads > 0 ? t('writing.uploadingImage') : status}
        </p>
        <Button
          variant="primary"
          size="sm"
          disabled={busy || uploads > 0 || headerUploading}
          onClick={() => void publish()}
          icon={<Send size={16} aria-hidden />}
        >
          {busy ? t('writing.publishing') : previous ? t('writing.update') : t('writing.publish')}
        </Button>
      </div>
      {conflict && (
        <div className="writing-conflict" role="alert">
          <p>{t('writing.conflict', { time: relativeTime(conflict.savedAt) })}</p>
          <div className="writing-conflict-actions">
            <Button size="sm" onClick={() => void drafts.resolve(draftId, 'mine')}>
              {t('writing.keepMine')}
            </Button>
            <Button
              size="sm"
              onClick={() => {
                setFields(fieldsOfDraft(conflict.draft).fields);
                void drafts.resolve(draftId, 'theirs');
              }}
            >
              {t('writing.useTheirs')}
            </Button>
          </div>
        </div>
      )}
      <form className="writing-form" onSubmit={(e) => e.preventDefault()} noValidate>
        <label htmlFor={`${id}-title`} className="field-label">
          {t('writing.title')}
        </label>
        <input
          id={`${id}-title`}
          className="input writing-title"
          value={fields.title}
          onChange={(e) => set('title', e.target.value)}
          autoComplete="off"
        />
        <label htmlFor={`${id}-summary`} className="field-label">
          {t('writing.summary')}
        </label>
        <textarea
          id={`${id}-summary`}
          className="input writing-summary"
          rows={2}
          value={fields.summary}
          aria-describedby={`${id}-summary-hint`}
          onChange={(e) => set('summary', e.target.value)}
        />
        <span id={`${id}-summary-hint`} className="field-hint">
          {t('writing.summaryHint')}
        </span>
        <fieldset className="writing-header">
          <legend className="field-label">{t('writing.headerImage')}</legend>
          {fields.image && (
            <img
              className="writing-header-image"
              src={fields.image}
              alt={t('writing.headerImage')}
            />
          )}
          <div className="writing-header-row">
            <Button
              size="sm"
              icon={<ImagePlus size={16} aria-hidden />}
              disabled={headerUploading}
              onClick={() => headerFile.current?.click()}
            >
              {headerUploading ? t('writing.uploadingHeader') : t('writing.uploadHeader')}
            </Button>
            {fields.image && (
              <Button size="sm" variant="ghost" onClick={() => set('image', '')}>
                {t('writing.removeHeader')}
              </Button>
            )}
            <input
              ref={headerFile}
              type="file"
              accept="image/*"
              hidden
              aria-label={t('writing.headerImageFile')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                void pickHeader(file);
              }}
            />
          </div>
          <label htmlFor={`${id}-image`} className="visually-hidden">
            {t('writing.headerImageUrl')}
          </label>
          <input
            id={`${id}-image`}
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={fields.image}
            onChange={(e) => set('image', e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </fieldset>
        <label htmlFor={`${id}-topics`} className="field-label">
          {t('writing.topics')}
        </label>
        <input
          id={`${id}-topics`}
          className="input"
          value={fields.topics}
          aria-describedby={`${id}-topics-hint`}
          onChange={(e) => set('topics', e.target.value)}
          autoComplete="off"
        />
        <span id={`${id}-topics-hint`} className="field-hint">
          {t('writing.topicsHint')}
        </span>
        <label htmlFor={`${id}-body`} className="field-label">
          {t('writing.body')}
        </label>
        <div
          className="writing-dropzone"
          data-dragging={dragging}
          data-drop-label={t('writing.dropImage')}
          onDragOver={(e) => {
            if (!hasFiles(e)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
        >
          <textarea
            ref={body}
            id={`${id}-body`}
            className="input writing-body"
            rows={14}
            placeholder={t('writing.bodyPlaceholder')}
            value={fields.body}
            aria-describedby={`${id}-stats`}
            onChange={(e) => set('body', e.target.value)}
            onKeyDown={onBodyKey}
            onPaste={onPaste}
          />
        </div>
        <p id={`${id}-stats`} className="writing-stats">
          {t('writing.stats', { count: words, minutes: readingMinutes(words) })}
        </p>
        {previous && (
          <div className="writing-danger">
            <Button
              variant="danger"
              size="sm"
              disabled={busy}
              onClick={() => setConfirmUnpublish(true)}
            >
              {t('writing.unpublish')}
            </Button>
          </div>
        )}
      </form>
      <section className="writing-preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`} className="writing-preview-title">
          {t('writing.preview')}
        </h2>
        <article className="article" aria-label={fields.title.trim() || t('writing.draftUntitled')}>
          {fields.image && <img className="article-image" src={fields.image} alt="" />}
          <div className="article-inner">
            <h3 className="article-title">{fields.title.trim() || t('writing.draftUntitled')}</h3>
            {fields.summary.trim() && <p className="article-summary">{fields.summary.trim()}</p>}
            {previewSource.trim() ? (
              <Suspense fallback={<Skeleton height={14} />}>
                <Markdown source={previewSource} />
              </Suspense>
            ) : (
              <p className="writing-preview-empty">{t('writing.previewEmpty')}</p>
            )}
          </div>
        </article>
      </section>
      {confirmUnpublish && (
        <ConfirmDialog
          title={t('writing.unpublishTitle')}
          body={t('writing.unpublishBody')}
          confirmLabel={t('writing.unpublish')}
          danger
          onConfirm={() => void unpublish()}
          onClose={() => setConfirmUnpublish(false)}
        />
      )}
    </div>
  );
}
