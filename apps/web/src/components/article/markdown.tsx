import { useMemo } from 'react';
import { renderMarkdown } from '@/components/article/render-markdown.ts';

export default function Markdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
