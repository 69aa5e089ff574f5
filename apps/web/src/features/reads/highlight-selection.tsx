import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import Highlighter from 'lucide-react/icons/highlighter';
import MessageSquareQuote from 'lucide-react/icons/message-square-quote';
import { highlight } from '@swell/client';
import { highlightContext } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { Button } from '@/components/ui/button.tsx';
import { useSession } from '@/data/session.ts';
import { toastOutcome } from '@/features/write/publish-toast.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { loadWrite } from '@/features/write/write-store.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { discussion } from '@/i18n/en/discussion.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import '@/features/reads/highlight-selection.css';

addStrings({ discussion });

/** Shortest selection offered as a highlight (characters, spaces trimmed). */
const minChars = 3;
/** Longest selection offered (a highlight is a passage, not the article). */
const maxChars = 2000;

interface Selected {
  text: string;
  context?: string;
  /** Where the popover goes, in the article's inner box (px). */
  top: number;
  left: number;
}

const BLOCKS = 'p, li, blockquote, td, th, h1, h2, h3, h4, h5, h6, figcaption, dd, dt';

/** The selection inside `root` as a highlight to offer, or null. */
function readSelection(root: HTMLElement, box: HTMLElement): Selected | null {
  const s = root.ownerDocument.getSelection();
  if (!s || s.isCollapsed || s.rangeCount === 0) return null;
  const range = s.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const text = s.toString().replace(/\s+/g, ' ').trim();
  if (text.length < minChars || text.length > maxChars) return null;
  const start =
    range.startContainer instanceof Element
      ? range.startContainer
      : range.startContainer.parentElement;
  const block = start?.closest(BLOCKS);
  const context =
    block && root.contains(block) ? highlightContext(block.textContent ?? '', text) : undefined;
  const rect = range.getBoundingClientRect();
  const outer = box.getBoundingClientRect();
  return {
    text,
    ...(context ? { context } : {}),
    top: rect.bottom - outer.top + 8,
    left: Math.min(Math.max(rect.left + rect.width / 2 - outer.left, 0), outer.width),
  };
}

/**
 * Offers to highlight the text selected in an article (NIP-84), by mouse, touch or keyboard: a
 * popover under the selection with Highlight and Highlight with comment (a quote highlight). The
 * selection is announced and Tab goes to the popover (it also sits right after the article's
 * text); Escape closes it. Published through the outbox; the article marks it at once.
 */
export default function HighlightSelection({ article }: { article: SignedEvent }) {
  const { t } = useTranslation();
  const { pubkey } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  useEffect(() => {
    // While the comment is written the selection may go (the text box has the focus): kept.
    if (writing) return;
    const doc = document;
    const read = () => {
      const box = ref.current?.closest<HTMLElement>('.article-inner');
      const root = box?.querySelector<HTMLElement>('.markdown');
      if (!box || !root) return;
      const next = readSelection(root, box);
      // Focus moving into the popover (Tab from the text) keeps what was selected.
      if (!next && ref.current?.contains(doc.activeElement)) return;
      setSelected(next);
    };
    doc.addEventListener('selectionchange', read);
    return () => doc.removeEventListener('selectionchange', read);
  }, [writing]);

  // Tab with text selected goes to the popover (a selection made by keyboard or by a pointer
  // sets no focus of its own); Escape anywhere closes it.
  useEffect(() => {
    if (!selected || writing) return;
    const onKey = (e: KeyboardEvent) => {
      const inside = ref.current?.contains(document.activeElement);
      if (e.key === 'Escape') {
        setSelected(null);
        document.getSelection()?.removeAllRanges();
      } else if (e.key === 'Tab' && !e.shiftKey && !inside) {
        const first = ref.current?.querySelector<HTMLElement>('.highlight-popover button');
        if (!first) return;
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selected, writing]);

  // Centred under the selection, kept inside the article at its edges.
  const popover = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = popover.current;
    const box = el?.offsetParent as HTMLElement | null;
    if (!el || !box || !selected) return;
    const half = el.offsetWidth / 2;
    el.style.left = `${Math.min(Math.max(selected.left, half), Math.max(half, box.clientWidth - half))}px`;
  }, [selected, writing]);

  const close = () => {
    setSelected(null);
    setWriting(false);
    setNote('');
    document.getSelection()?.removeAllRanges();
  };

  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!selected || busy) return;
    setBusy(true);
    try {
      if (!(await requireSigner('other'))) return;
      const sent = await highlight(await loadWrite(), {
        text: selected.text,
        source: article,
        ...(selected.context ? { context: selected.context } : {}),
        ...(note.trim() ? { comment: note.trim() } : {}),
        ...(pubkey ? { author: pubkey } : {}),
      });
      close();
      void toastOutcome(sent.result, { success: t('discussion.highlightSaved') });
    } catch {
      void toastOutcome(Promise.reject(new Error('not sent')));
    } finally {
      setBusy(false);
    }
  };

  // Pressing a button must not take the selection away first (mouse and touch).
  const keep = (e: React.PointerEvent | React.MouseEvent) => e.preventDefault();

  return (
    <div ref={ref} className="highlight-anchor">
      <p className="visually-hidden" aria-live="polite">
        {selected && !writing ? t('discussion.selected') : ''}
      </p>
      {selected && (
        <div
          ref={popover}
          className="highlight-popover"
          role="group"
          aria-label={t('discussion.highlightActions')}
          style={{ top: selected.top, left: selected.left }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          {writing ? (
            <form className="highlight-form" onSubmit={(e) => void save(e)}>
              {/* The selection goes when the text box takes the focus: the passage stays in view. */}
              <blockquote className="highlight-form-quote">{selected.text}</blockquote>
              <label htmlFor={noteId} className="visually-hidden">
                {t('discussion.highlightComment')}
              </label>
              <textarea
                id={noteId}
                className="input"
                rows={3}
                maxLength={2000}
                value={note}
                placeholder={t('discussion.highlightCommentPlaceholder')}
                onChange={(e) => setNote(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void save(e);
                }}
                autoFocus
              />
              <div className="highlight-form-actions">
                <Button type="button" variant="ghost" size="sm" onClick={close}>
                  {t('discussion.cancel')}
                </Button>
                <Button type="submit" variant="primary" size="sm" disabled={busy}>
                  {t('discussion.saveHighlight')}
                </Button>
              </div>
            </form>
          ) : (
            <>
              <Button
                variant="ghost"
                size="sm"
                onPointerDown={keep}
                onMouseDown={keep}
                onClick={() => void save()}
                disabled={busy}
              >
                <Highlighter size={16} aria-hidden />
                {t('discussion.highlight')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onPointerDown={keep}
                onMouseDown={keep}
                onClick={() => setWriting(true)}
              >
                <MessageSquareQuote size={16} aria-hidden />
                {t('discussion.highlightWithComment')}
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
