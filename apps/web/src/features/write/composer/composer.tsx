import {
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import ChartBar from 'lucide-react/icons/chart-bar';
import ImagePlus from 'lucide-react/icons/image-plus';
import FilePen from 'lucide-react/icons/file-pen';
import Send from 'lucide-react/icons/send';
import type { SignedEvent } from '@swell/cache-protocol';
import { relayBesideCache, type WritePath, type WriteResult } from '@swell/client';
import { swell } from '@/data/client.ts';
import { lazy } from '@/lib/lazy.ts';
import { NoteContent } from '@/features/note/note-content.tsx';
import { Button, ButtonLink, IconButton } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import {
  closeComposer,
  draftKey,
  openComposer,
  type ComposerTarget,
} from '@/features/write/composer-store.ts';
import { EmojiPicker } from '@/features/write/composer/emoji-picker.tsx';
import { MentionList, useMentionSearch } from '@/features/write/composer/mention-list.tsx';
import {
  canPost,
  hashtagsOf,
  insertAt,
  insertMention,
  mentionAt,
  withMediaUrls,
  type TextEdit,
} from '@/features/write/composer/composer-text.ts';
import { AttachmentList } from '@/features/uploads/attachment-list.tsx';
import { attachmentsFor, attachmentsState } from '@/features/uploads/attachments.ts';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { watchStartFlow } from '@/features/account/start-flow.ts';
import { loadWrite, writeStore } from '@/features/write/write-store.ts';
import { noteDraftPublished, syncNoteDraft } from '@/features/write/note-draft-sync.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { MediaPostChoice, useMediaPost } from '@/features/write/composer/media-post-choice.tsx';
import {
  newPollDraft,
  pollEvent,
  pollProblem,
  type PollDraft,
} from '@/features/write/composer/poll-draft.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { compose } from '@/i18n/en/compose.ts';
import '@/features/write/composer/composer.css';

addStrings({ compose });

const PollForm = lazy(() => import('@/features/write/composer/poll-form.tsx'));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Relays a new poll's votes may go to: the user's write relays and this server's relay. */
function pollRelayChoices(write: WritePath): string[] {
  const own = relayBesideCache(swell().cache.getSnapshot().url);
  return [...new Set([...write.publisher.targets({ tags: [] }), ...(own ? [own] : [])])];
}

const hasFiles = (types: readonly string[] | undefined) => !!types?.includes('Files');

/**
 * The note editor of the modal and of the inline reply: the draft (per note answered, kept in
 * the per-user record, so it survives reloads), mentions (`@name` -> user_search ->
 * `nostr:nprofile1…`), hashtags (shown as the `t` tags they become), an emoji picker with
 * history, a live preview through the notes' own renderer, and pictures and video (image
 * button, paste, drop): uploaded at once, in parallel, each with its progress; the note goes
 * out with their URLs and `imeta` tags once every upload is done. Ctrl/Cmd+Enter posts.
 */
export function Composer(props: ComposerProps) {
  const { t } = useTranslation();
  const write = useSnapshot(writeStore);
  // The write path (drafts, emoji history, publishing) loads with the composer.
  useEffect(() => {
    void loadWrite().catch(() => notify.error(t('write.failed')));
  }, [t]);
  // A guest's draft moves to the account they sign in to or create.
  useEffect(watchStartFlow, []);
  if (!write)
    return (
      <div className="composer" aria-busy="true">
        <textarea
          className="composer-input"
          aria-label={t('write.noteLabel')}
          rows={props.compact ? 2 : 5}
          disabled
        />
      </div>
    );
  return <ComposerEditor {...props} write={write} />;
}

interface ComposerProps {
  target: ComposerTarget;
  onPosted?: (event: SignedEvent) => void;
  autoFocus?: boolean;
  /** The inline reply under a thread: smaller, no preview heading. */
  compact?: boolean;
}

function ComposerEditor({
  target,
  onPosted,
  autoFocus,
  compact,
  write,
}: ComposerProps & { write: WritePath }) {
  const { t } = useTranslation();
  const id = useId();
  const { pubkey } = useSession();
  const key = draftKey(target);
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(() => write.drafts.get(key).text);
  const [caret, setCaret] = useState(0);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const attachments = attachmentsFor(pubkey, key);
  const attached = useSnapshot(attachments);
  const uploadStates = useSnapshot(attachments, attachments.getStates);
  const uploads = attachmentsState(uploadStates);
  const media = useMemo(
    () => uploadStates.flatMap((s) => (s.result ? [s.result] : [])),
    [uploadStates],
  );
  const content = useMemo(
    () =>
      withMediaUrls(
        text,
        media.map((m) => m.url),
      ),
    [text, media],
  );
  // A new note may carry a poll (its text is the question) or go out as a picture post / video.
  const [poll, setPoll] = useState<{ draft: PollDraft; relays: string[] } | null>(null);
  const mediaPost = useMediaPost(target.mode === 'new' && !poll ? attached : [], media);
  const problem = poll ? pollProblem(poll.draft, text, nowSeconds()) : null;
  const ready = poll
    ? problem === null
    : (canPost(text) || attached.length > 0) && uploads === 'ready';
  const togglePoll = () =>
    setPoll((p) => {
      if (p) return null;
      const relays = pollRelayChoices(write);
      return { draft: newPollDraft(relays), relays };
    });

  useEffect(() => {
    const flush = () => write.drafts.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [write]);

  const mention = useMemo(() => mentionAt(text, caret), [text, caret]);
  const search = useMentionSearch(mention?.query ?? null, pubkey ?? null);
  const [picked, setActive] = useState({ query: '', index: 0 });
  const active = picked.query === mention?.query ? picked.index : 0;
  const [mentionClosed, setMentionClosed] = useState<string | null>(null);
  const suggestions = mention && mentionClosed !== mention.query ? search : [];

  const change = (next: string) => {
    setText(next);
    write.drafts.save(key, next);
    // A new note's draft is on every device too (the local copy stays the cache).
    if (target.mode === 'new') syncNoteDraft(pubkey, next);
  };
  const apply = (edit: TextEdit) => {
    change(edit.text);
    setCaret(edit.caret);
    requestAnimationFrame(() => {
      const el = area.current;
      if (!el) return;
      el.focus();
      el.setSelectionRange(edit.caret, edit.caret);
    });
  };
  const pickMention = (pk: string) => {
    if (mention) apply(insertMention(text, mention, pk));
  };
  const pickEmoji = (emoji: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    apply(insertAt(text, start, end, emoji));
  };

  const preview = useMemo<SignedEvent>(
    () => ({
      id: `preview-${id}`,
      pubkey: pubkey ?? '',
      created_at: 0,
      kind: 1,
      tags: media.map((m) => m.imeta),
      content,
      sig: '',
    }),
    [id, pubkey, content, media],
  );
  const hashtags = useMemo(() => hashtagsOf(text), [text]);

  const intent = target.mode === 'reply' ? 'reply' : 'post';
  // From `/new`, the composer modal opens again with the draft (the inline reply is only for
  // those who can sign).
  const again = compact ? undefined : () => openComposer(target);
  const submit = async () => {
    if (!ready || busy) return;
    setBusy(true);
    try {
      // A guest is asked to sign in or make an account; the text stays here (and in the
      // draft, which moves to the account), and the note goes out once they signed in.
      if (!(await requireSigner(intent, again))) return;
      const w = write;
      const extras = { media: media.map((m) => m.imeta) };
      let r: WriteResult;
      if (poll) {
        const { kind, tags, content: question } = pollEvent(poll.draft, text, nowSeconds());
        r = await w.publishEvent({ kind, tags, content: question });
      } else if (mediaPost.on) {
        const { kind, tags, content: description } = mediaPost.template(text, hashtagsOf(text));
        r = await w.publishEvent({ kind, tags, content: description });
      } else if (target.mode === 'reply') r = await w.reply(target.note, content, extras);
      else if (target.mode === 'quote') r = await w.quote(target.note, content, extras);
      else r = await w.post(content, extras);
      w.drafts.clear(key);
      if (target.mode === 'new') noteDraftPublished(pubkey);
      attachments.clear();
      mediaPost.reset();
      setPoll(null);
      setText('');
      onPosted?.(r.event as SignedEvent);
      void toastOutcome(r.result);
    } catch (e) {
      const { loginErrorKey } = await import('@/features/account/account.ts');
      const k = loginErrorKey(e);
      notify.error(t(k === 'app.error' ? 'write.notSigned' : k));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const d = e.key === 'ArrowDown' ? 1 : -1;
        setActive({
          query: mention?.query ?? '',
          index: (active + d + suggestions.length) % suggestions.length,
        });
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pickMention(suggestions[active]!);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setMentionClosed(mention?.query ?? null);
        return;
      }
    }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };
  const attach = async (files: File[]) => {
    if (files.length === 0 || !(await requireSigner(intent, again))) return;
    await attachments.add(files);
  };
  const onPaste = (e: ClipboardEvent) => {
    const files = [...(e.clipboardData?.files ?? [])];
    if (files.length > 0) {
      // Pasted files become attachments; pasted text stays the browser's to insert.
      e.preventDefault();
      void attach(files);
    }
  };
  const onDragOver = (e: DragEvent) => {
    if (!hasFiles(e.dataTransfer?.types ? [...e.dataTransfer.types] : undefined)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (e: DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    setDragging(false);
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length > 0) {
      e.preventDefault();
      void attach(files);
    }
  };
  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    void attach(files);
  };

  const label = poll
    ? t('compose.questionLabel')
    : target.mode === 'reply'
      ? t('write.replyLabel')
      : target.mode === 'quote'
        ? t('write.quoteLabel')
        : t('write.noteLabel');
  const listId = `${id}-mentions`;
  return (
    <div
      className={compact ? 'composer composer-compact' : 'composer'}
      data-testid="composer"
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <MentionList
        id={listId}
        pubkeys={suggestions}
        active={active}
        onPick={pickMention}
        onDismiss={() => setMentionClosed(mention?.query ?? null)}
        anchor={
          <div
            className="composer-field composer-dropzone"
            data-dragging={dragging}
            data-drop-label={t('uploads.dropHere')}
          >
            <textarea
              ref={area}
              className="composer-input"
              aria-label={label}
              placeholder={
                poll
                  ? t('compose.questionPlaceholder')
                  : target.mode === 'reply'
                    ? t('write.replyPlaceholder')
                    : t('write.placeholder')
              }
              value={text}
              rows={compact ? 2 : 5}
              autoFocus={autoFocus}
              onChange={(e) => {
                change(e.target.value);
                setCaret(e.target.selectionStart);
              }}
              onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={suggestions.length > 0}
              aria-controls={listId}
              aria-activedescendant={
                suggestions.length > 0 ? `${listId}-${suggestions[active]}` : undefined
              }
            />
          </div>
        }
      />
      {hashtags.length > 0 && (
        <p className="composer-hashtags" aria-label={t('write.hashtags')}>
          {hashtags.map((h) => (
            <span key={h} className="composer-hashtag">
              #{h}
            </span>
          ))}
        </p>
      )}
      {poll && (
        <Suspense fallback={<div className="poll-form" aria-busy="true" />}>
          <PollForm
            draft={poll.draft}
            available={poll.relays}
            onChange={(draft) => setPoll({ ...poll, draft })}
          />
        </Suspense>
      )}
      <AttachmentList set={attachments} />
      <MediaPostChoice post={mediaPost} attached={attached} />
      {!poll && canPost(mediaPost.on ? text : content) && (
        <section className="composer-preview" aria-label={t('write.preview')}>
          {!compact && <h3 className="composer-preview-title">{t('write.preview')}</h3>}
          <NoteContent event={mediaPost.on ? { ...preview, content: text, tags: [] } : preview} />
        </section>
      )}
      <div className="composer-bar">
        <div className="composer-tools">
          <EmojiPicker onPick={pickEmoji} />
          {!poll && (
            <IconButton
              label={t('uploads.attach')}
              icon={<ImagePlus size={20} aria-hidden />}
              onClick={() => fileInput.current?.click()}
            />
          )}
          {target.mode === 'new' && attached.length === 0 && (
            <IconButton
              label={poll ? t('compose.removePoll') : t('compose.addPoll')}
              aria-pressed={!!poll}
              icon={<ChartBar size={20} aria-hidden />}
              onClick={togglePoll}
            />
          )}
          <input
            ref={fileInput}
            type="file"
            accept="image/*,video/*"
            multiple
            hidden
            aria-label={t('uploads.fileInput')}
            onChange={onPick}
          />
          {target.mode === 'new' && !compact && (
            <ButtonLink
              to="/write/article"
              variant="ghost"
              size="sm"
              icon={<FilePen size={16} aria-hidden />}
              title={t('write.writeArticle')}
              aria-label={t('write.writeArticle')}
              onClick={closeComposer}
            >
              {t('write.article')}
            </ButtonLink>
          )}
        </div>
        {poll && problem && text.trim() !== '' && (
          <p className="composer-blocked" role="status">
            {t(`compose.${problem}`)}
          </p>
        )}
        {!poll && uploads !== 'ready' && (
          <p
            className={uploads === 'failed' ? 'composer-blocked is-error' : 'composer-blocked'}
            role="status"
          >
            {uploads === 'failed' ? t('uploads.fixUploads') : t('uploads.waitUploads')}
          </p>
        )}
        <Button
          variant="primary"
          disabled={!ready || busy}
          onClick={() => void submit()}
          icon={<Send size={16} aria-hidden />}
        >
          {target.mode === 'reply' ? t('write.replyButton') : t('write.postButton')}
        </Button>
      </div>
    </div>
  );
}
