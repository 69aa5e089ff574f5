import DOMPurify, { type Config } from 'dompurify';
import { marked } from 'marked';

/**
 * What an article may contain once rendered: text structure, links, pictures, code and tables.
 * Remote content must never look like the app: no style or class attributes (nothing can be
 * positioned over the app or borrow its styles), no ids (they could shadow the app's), no forms,
 * inputs, buttons, text areas or selects (no fake login), no frames, dialogs, popovers, SVG or
 * scripts. An allow-list, so what DOMPurify's HTML profile would also let through stays out.
 */
export const ARTICLE_SANITIZE: Config = {
  ALLOWED_TAGS: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'caption',
    'cite',
    'code',
    'dd',
    'del',
    'details',
    'div',
    'dl',
    'dt',
    'em',
    'figcaption',
    'figure',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'ins',
    'kbd',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    'q',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'summary',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'time',
    'tr',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: [
    'href',
    'src',
    'alt',
    'title',
    'colspan',
    'rowspan',
    'start',
    'reversed',
    'datetime',
    'cite',
    'lang',
    'dir',
    'open',
    // GFM table column alignment (text alignment only)
    'align',
  ],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** Markdown to HTML, sanitised with DOMPurify (remote content is never trusted). */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, ARTICLE_SANITIZE);
}
