/** A text area's text and selection after an edit. */
export interface MarkEdit {
  text: string;
  start: number;
  end: number;
}

export type Mark = 'bold' | 'italic' | 'link' | 'heading';

const WRAP: Record<'bold' | 'italic', string> = { bold: '**', italic: '*' };

/**
 * A markdown mark applied to the selection `[start, end)` of `text`: bold and italic wrap it (or
 * unwrap it when it is wrapped already), a link makes it `[text](https://)` with the URL
 * selected, a heading toggles `## ` at the start of the selection's line. With nothing selected
 * the marks go around the caret, ready to type into.
 */
export function applyMark(text: string, start: number, end: number, mark: Mark): MarkEdit {
  const selected = text.slice(start, end);
  if (mark === 'heading') {
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const line = text.slice(lineStart);
    const hashes = /^#{1,6} /.exec(line)?.[0];
    if (hashes) {
      const d = hashes.length;
      return {
        text: text.slice(0, lineStart) + line.slice(d),
        start: Math.max(lineStart, start - d),
        end: Math.max(lineStart, end - d),
      };
    }
    return { text: `${text.slice(0, lineStart)}## ${line}`, start: start + 3, end: end + 3 };
  }
  if (mark === 'link') {
    const label = selected || 'link';
    const url = 'https://';
    const out = `${text.slice(0, start)}[${label}](${url})${text.slice(end)}`;
    const urlStart = start + label.length + 3;
    return { text: out, start: urlStart, end: urlStart + url.length };
  }
  const w = WRAP[mark];
  const before = text.slice(Math.max(0, start - w.length), start);
  const after = text.slice(end, end + w.length);
  // `**` around an italic's `*` is bold: only unwrap an exact match.
  const exact =
    before === w &&
    after === w &&
    (mark === 'bold' || (text[start - 2] !== '*' && text[end + 1] !== '*'));
  if (exact) {
    return {
      text: text.slice(0, start - w.length) + selected + text.slice(end + w.length),
      start: start - w.length,
      end: end - w.length,
    };
  }
  return {
    text: text.slice(0, start) + w + selected + w + text.slice(end),
    start: start + w.length,
    end: end + w.length,
  };
}

/** The mark of a keyboard shortcut (Ctrl/Cmd+B, I, K, and Ctrl/Cmd+Alt+2 or Shift+H). */
export function markOfKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): Mark | null {
  if (!(e.ctrlKey || e.metaKey)) return null;
  const k = e.key.toLowerCase();
  if (!e.altKey && !e.shiftKey && k === 'b') return 'bold';
  if (!e.altKey && !e.shiftKey && k === 'i') return 'italic';
  if (!e.altKey && !e.shiftKey && k === 'k') return 'link';
  if ((e.altKey && k === '2') || (e.shiftKey && k === 'h')) return 'heading';
  return null;
}

/** Markdown of an uploaded picture, on a paragraph of its own, at the caret. */
export function insertImage(text: string, at: number, url: string, alt = ''): MarkEdit {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead =
    before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const tail =
    after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const md = `![${alt.replace(/[[\]]/g, '')}](${url})`;
  const out = before + lead + md + tail + after;
  const caret = before.length + lead.length + md.length;
  return { text: out, start: caret, end: caret };
}
