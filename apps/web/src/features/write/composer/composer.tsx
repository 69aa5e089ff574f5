import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import ImagePlus from 'lucide-react/icons/image-plus';
import Send from 'lucide-react/icons/send';
import type { SignedEvent } from '@swell/cache-protocol';
import type { WritePath, WriteResult } from '@swell/client';
import { NoteContent } from '@/components/note/note-content.tsx';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { notify } from '@/components/ui/notify.ts';
import { useSession } from '@/data/session.ts';
import { draftKey, type ComposerTarget } from '@/features/write/composer-store.ts';
import { EmojiPicker } from '@/features/write/composer/emoji-picker.tsx';
import { MentionList, useMentionSearch } from '@/features/write/composer/mention-list.tsx';
import {
  canPost,
  hashtagsOf,
  insertAt,
  insertMention,
  mentionAt,
  type TextEdit,
} from '@/features/write/composer/composer-text.ts';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { loadWrite, writeStore } from '@/features/write/write-store.ts';
import { useStore } from '@/lib/external-store.ts';
import '@/features/write/composer/composer.css';

function hasImage(items: DataTransferItemList | undefined | null): boolean {
  return !!items && [...items].some((i) => i.kind === 'file' && i.type.startsWith('image/'));
}

/**
 * The note editor of the modal and of the inline reply: the draft (per note answered, kept in
 * the per-user record, so it survives reloads), mentions (`@name` -> user_search ->
 * `nostr:nprofile1…`), hashtags (shown as the `t` tags they become), an emoji picker with
 * history, a live preview through the notes' own renderer, and images (not built yet: the
 * not-implemented notice). Ctrl/Cmd+Enter posts.
 */
export function Composer(props: ComposerProps) {
  const { t } = useTranslation();
  const write = useStore(writeStore);
  // The write path (drafts, emoji history, publishing) loads with the composer.
  useEffect(() => {
    void loadWrite().catch(() => notify.error(t('write.failed')));
  }, [t]);
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

  useEffect(() => {
    const flush = () => write.drafts.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [write]);

  const mention = useMemo(() => mentionAt(text, caret), [text, caret]);
  const search = useMentionSearch(mention?.query ?? null);
  const [picked, setActive] = useState({ query: '', index: 0 });
  const active = picked.query === mention?.query ? picked.index : 0;
  const [mentionClosed, setMentionClosed] = useState<string | null>(null);
  const suggestions = mention && mentionClosed !== mention.query ? search : [];

  const change = (next: string) => {
    setText(next);
    write.drafts.save(key, next);
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
      tags: [],
      content: text,
      sig: '',
    }),
    [id, pubkey, text],
  );
  const hashtags = useMemo(() => hashtagsOf(text), [text]);

  const submit = async () => {
    if (!canPost(text) || busy) return;
    setBusy(true);
    try {
      if (!(await requireSigner())) return;
      const w = write;
      let r: WriteResult;
      if (target.mode === 'reply') r = await w.reply(target.note, text);
      else if (target.mode === 'quote') r = await w.quote(target.note, text);
      else r = await w.post(text);
      w.drafts.clear(key);
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
  const onPaste = (e: ClipboardEvent) => {
    if (hasImage(e.clipboardData?.items)) {
      e.preventDefault();
      notify.notImplemented();
    }
  };
  const onDrop = (e: DragEvent) => {
    if (hasImage(e.dataTransfer?.items) || (e.dataTransfer?.files.length ?? 0) > 0) {
      e.preventDefault();
      notify.notImplemented();
    }
  };

  const label =
    target.mode === 'reply'
      ? t('write.replyLabel')
      : target.mode === 'quote'
        ? t('write.quoteLabel')
        : t('write.noteLabel');
  const listId = `${id}-mentions`;
  return (
    <div className={compact ? 'composer composer-compact' : 'composer'} data-testid="composer">
      <div className="composer-field">
        <textarea
          ref={area}
          className="composer-input"
          aria-label={label}
          placeholder={
            target.mode === 'reply' ? t('write.replyPlaceholder') : t('write.placeholder')
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
          onDrop={onDrop}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={
            suggestions.length > 0 ? `${listId}-${suggestions[active]}` : undefined
          }
        />
        <MentionList id={listId} pubkeys={suggestions} active={active} onPick={pickMention} />
      </div>
      {hashtags.length > 0 && (
        <p className="composer-hashtags" aria-label={t('write.hashtags')}>
          {hashtags.map((h) => (
            <span key={h} className="composer-hashtag">
              #{h}
            </span>
          ))}
        </p>
      )}
      {canPost(text) && (
        <section className="composer-preview" aria-label={t('write.preview')}>
          {!compact && <h3 className="composer-preview-title">{t('write.preview')}</h3>}
          <NoteContent event={preview} />
        </section>
      )}
      <div className="composer-bar">
        <div className="composer-tools">
          <EmojiPicker onPick={pickEmoji} />
          <IconButton
            label={t('write.addImage')}
            icon={<ImagePlus size={20} aria-hidden />}
            onClick={() => notify.notImplemented()}
          />
        </div>
        <Button
          variant="primary"
          disabled={!canPost(text) || busy}
          onClick={() => void submit()}
          icon={<Send size={16} aria-hidden />}
        >
          {target.mode === 'reply' ? t('write.replyButton') : t('write.postButton')}
        </Button>
      </div>
    </div>
  );
}
