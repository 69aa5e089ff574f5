import DOMPurify, { type Config } from 'dompurify';
import { Marked } from 'marked';
import markedFootnote from 'marked-footnote';
import { linkNostrReferences } from '@/lib/nostr-links.ts';

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
    'section',
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
    // footnotes: ids are prefixed (SANITIZE_NAMED_PROPS) and classes limited to FOOTNOTE_CLASSES
    'id',
    'class',
  ],
  SANITIZE_NAMED_PROPS: true,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** The only class names an article keeps: the footnotes section and its hidden heading. */
const FOOTNOTE_CLASSES = new Set(['footnotes', 'sr-only']);
/** The ids marked-footnote gives references and notes. */
const FOOTNOTE_ID = /^footnote-[\w-]{1,64}$/;
/** What DOMPurify puts before every id (so none can shadow the app's own). */
const ID_PREFIX = 'user-content-';

const parser = new Marked({ gfm: true, breaks: false }).use(
  markedFootnote({ description: 'Footnotes', footnoteDivider: false }),
);

/** A purifier of its own, so these hooks never touch other sanitising in the app. */
let purifier: ReturnType<typeof DOMPurify> | undefined;
function articlePurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify();
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    // Only footnotes keep an id (then prefixed, so it can never shadow one of the app's).
    if (data.attrName === 'id' && !FOOTNOTE_ID.test(data.attrValue)) data.keepAttr = false;
    if (data.attrName === 'class') {
      const kept = data.attrValue.split(/\s+/).filter((c) => FOOTNOTE_CLASSES.has(c));
      if (kept.length === 0) data.keepAttr = false;
      else data.attrValue = kept.join(' ');
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    // In-page links (footnote references and back-links) follow their prefixed targets.
    const href = node.getAttribute('href');
    if (href?.startsWith('#') && href.length > 1 && !href.startsWith(`#${ID_PREFIX}`)) {
      node.setAttribute('href', `#${ID_PREFIX}${href.slice(1)}`);
    }
  });
  return (purifier = p);
}

/**
 * Markdown (GFM tables, footnotes, nostr: references as links) to HTML, sanitised with
 * DOMPurify (remote content is never trusted).
 */
export function renderMarkdown(source: string): string {
  const html = parser.parse(linkNostrReferences(source), { async: false });
  return articlePurifier().sanitize(html, ARTICLE_SANITIZE);
}
