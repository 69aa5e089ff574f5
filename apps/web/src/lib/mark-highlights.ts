/** A highlight (kind 9802) to mark in an article: the quoted text and who highlighted it. */
export interface HighlightMark {
  id: string;
  text: string;
  /** Shown as the mark's title (e.g. "Highlighted by Alice"). */
  title?: string;
}

interface Piece {
  node: Text;
  start: number;
  end: number;
}

/** Text nodes under `root` in document order (code blocks are left alone). */
function textPieces(root: HTMLElement): { full: string; pieces: Piece[] } {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.parentElement?.closest('pre, code, mark')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const pieces: Piece[] = [];
  let full = '';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = (n as Text).data;
    pieces.push({ node: n as Text, start: full.length, end: full.length + text.length });
    full += text;
  }
  return { full, pieces };
}

/** `text` with whitespace runs collapsed, and for each kept character its index in `text`. */
function collapse(text: string): { value: string; index: number[] } {
  let value = '';
  const index: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      if (space) continue;
      space = true;
      value += ' ';
    } else {
      space = false;
      value += c;
    }
    index.push(i);
  }
  return { value, index };
}

/**
 * Wraps the first occurrence of each highlight's text in `<mark class="article-highlight">`,
 * across inline formatting (a highlight over bold text becomes several marks), ignoring
 * differences in whitespace. Works on the sanitised article DOM; returns how many were found.
 */
export function markHighlights(root: HTMLElement, highlights: readonly HighlightMark[]): number {
  let found = 0;
  for (const h of highlights) {
    const wanted = collapse(h.text.trim()).value;
    if (wanted.length < 3) continue;
    const { full, pieces } = textPieces(root);
    const hay = collapse(full);
    const at = hay.value.indexOf(wanted);
    if (at < 0) continue;
    const from = hay.index[at]!;
    const to = hay.index[at + wanted.length - 1]! + 1;
    found++;
    // Last piece first, so splitting a node never moves the offsets of the ones still to do.
    for (const p of pieces.filter((x) => x.end > from && x.start < to).reverse()) {
      const localStart = Math.max(0, from - p.start);
      const localEnd = Math.min(p.node.data.length, to - p.start);
      if (localEnd <= localStart) continue;
      let target = p.node;
      if (localEnd < target.data.length) target.splitText(localEnd);
      if (localStart > 0) target = target.splitText(localStart);
      if (!target.data.trim()) continue;
      const mark = root.ownerDocument.createElement('mark');
      mark.className = 'article-highlight';
      mark.dataset.highlightId = h.id;
      if (h.title) mark.title = h.title;
      target.parentNode!.replaceChild(mark, target);
      mark.appendChild(target);
    }
  }
  return found;
}
