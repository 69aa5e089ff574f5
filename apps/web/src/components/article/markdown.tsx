import { useLayoutEffect, useMemo, useRef } from 'react';
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import markedFootnote from 'marked-footnote';
import { markHighlights, type HighlightMark } from '@/lib/mark-highlights.ts';
import { linkNostrReferences } from '@/lib/nostr-links.ts';

const parser = new Marked({ gfm: true, breaks: false }).use(
  markedFootnote({ description: 'Footnotes', footnoteDivider: false }),
);

/** Markdown (GFM tables, footnotes, nostr: references as links) to HTML, sanitised with DOMPurify (remote content is never trusted). */
export function renderMarkdown(source: string): string {
  const html = parser.parse(linkNostrReferences(source), { async: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

/** Rendered markdown; the highlights (kind 9802) found in its text are marked. */
export default function Markdown({
  source,
  highlights,
}: {
  source: string;
  highlights?: readonly HighlightMark[];
}) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.innerHTML = html;
    if (highlights?.length) markHighlights(el, highlights);
  }, [html, highlights]);
  return <div ref={ref} className="markdown" />;
}
