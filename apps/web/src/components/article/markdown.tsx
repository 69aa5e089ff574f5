import { useLayoutEffect, useMemo, useRef } from 'react';
import { renderMarkdown } from '@/components/article/render-markdown.ts';
import { markHighlights, type HighlightMark } from '@/lib/mark-highlights.ts';

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
