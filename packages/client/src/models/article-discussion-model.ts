import type { FeedPage } from '@swell/cache-protocol';
import { commentTargetKey, parseComment, parseHighlight, type NostrEvent } from '@swell/nostr';
import type { OutboxItem } from '../outbox/outbox.ts';
import { ValueStore } from '../store.ts';
import { defineModel, type Model, type ModelContext } from './model.ts';
import { QueryModel, type QueryState } from './query-model.ts';

/** An article by its address. */
export interface ArticleAddress {
  pubkey: string;
  kind: number;
  identifier: string;
}

/** A NIP-22 comment with the replies to it (oldest first), by id (the notes are in the store). */
export interface CommentNode {
  id: string;
  replies: CommentNode[];
}

/** A highlight of the article (NIP-84), as the view marks and lists it. */
export interface ArticleHighlight {
  id: string;
  pubkey: string;
  text: string;
  comment?: string;
  created_at: number;
}

export interface ArticleDiscussion {
  /** Top-level comments, oldest first, each with its replies. */
  comments: CommentNode[];
  /** Every comment of the discussion (the count shown). */
  commentCount: number;
  /** Highlights, newest first. */
  highlights: ArticleHighlight[];
}

export type ArticleDiscussionState = QueryState<ArticleDiscussion>;

const coordinateOf = (a: ArticleAddress) => `${a.kind}:${a.pubkey}:${a.identifier}`;

/** True when a comment belongs to the article's discussion (its root is the article). */
function inDiscussion(e: NostrEvent, coordinate: string, articleIds: ReadonlySet<string>): boolean {
  const refs = parseComment(e);
  if (!refs) return false;
  const root = commentTargetKey(refs.root);
  return root === coordinate || articleIds.has(root);
}

/**
 * Comments as a tree: a comment whose parent is the article (or is not among them: a reply to a
 * deleted comment) is top-level; the others go under their parent. Oldest first at each level.
 */
export function commentTree(
  comments: readonly NostrEvent[],
  coordinate: string,
  articleIds: ReadonlySet<string>,
): CommentNode[] {
  const byId = new Map<string, CommentNode>();
  const sorted = [...comments].sort(
    (a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1),
  );
  for (const e of sorted) if (!byId.has(e.id)) byId.set(e.id, { id: e.id, replies: [] });
  const top: CommentNode[] = [];
  const placed = new Set<string>();
  for (const e of sorted) {
    if (placed.has(e.id)) continue;
    placed.add(e.id);
    const node = byId.get(e.id)!;
    const refs = parseComment(e);
    const parent = refs ? commentTargetKey(refs.parent) : '';
    const under =
      parent !== coordinate && !articleIds.has(parent) && parent !== e.id
        ? byId.get(parent)
        : undefined;
    (under ? under.replies : top).push(node);
  }
  return top;
}

function highlightOf(e: NostrEvent): ArticleHighlight | undefined {
  const h = parseHighlight(e);
  if (!h || !h.text.trim()) return undefined;
  const out: ArticleHighlight = {
    id: h.id,
    pubkey: h.pubkey,
    text: h.text,
    created_at: h.created_at,
  };
  if (h.comment) out.comment = h.comment;
  return out;
}

interface Loaded {
  articleIds: string[];
  comments: NostrEvent[];
  highlights: NostrEvent[];
}

/**
 * An article's discussion: its NIP-22 comments as a tree (`long_form_content_thread_view`) and
 * its NIP-84 highlights (`get_highlights`), with the viewer's own comments and highlights from
 * the outbox joined at once (sending, failed or sent), so what they publish shows before any
 * relay answers; a discarded one leaves.
 */
export class ArticleDiscussionModel implements Model<ArticleDiscussionState> {
  private readonly ctx: ModelContext;
  private readonly coordinate: string;
  private readonly query: QueryModel<Loaded, ArticleAddress>;
  private readonly state: ValueStore<ArticleDiscussionState>;
  private own: readonly OutboxItem[] = [];
  private stopQuery: () => void;
  private stopOutbox: (() => void) | null = null;
  private disposed = false;

  constructor(ctx: ModelContext, address: ArticleAddress) {
    this.ctx = ctx;
    this.coordinate = coordinateOf(address);
    this.query = new QueryModel<Loaded, ArticleAddress>(
      ctx,
      address,
      async (c, a, signal) => {
        const [thread, highlights]: FeedPage[] = await Promise.all([
          c.fetchPage(
            'long_form_content_thread_view',
            {
              pubkey: a.pubkey,
              identifier: a.identifier,
              kind: a.kind,
              limit: 500,
              ...(c.viewer ? { user_pubkey: c.viewer } : {}),
            },
            { signal },
          ),
          c.fetchPage(
            'get_highlights',
            { pubkey: a.pubkey, identifier: a.identifier, kind: a.kind },
            { signal },
          ),
        ]);
        const articleIds = thread.notes
          .filter((n) => n.kind === a.kind && n.pubkey === a.pubkey)
          .map((n) => n.id);
        return {
          articleIds,
          comments: thread.notes.filter((n) => n.kind === 1111),
          highlights: highlights.notes.filter((n) => n.kind === 9802),
        };
      },
      {
        shows: (d) => ({
          notes: [...d.comments, ...d.highlights].map((e) => e.id),
          users: [...d.comments, ...d.highlights].map((e) => e.pubkey),
        }),
      },
    );
    this.state = new ValueStore<ArticleDiscussionState>(this.compute());
    this.stopQuery = this.query.subscribe(() => this.state.set(this.compute()));
  }

  getSnapshot = (): ArticleDiscussionState => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  activate(): void {
    this.query.activate();
    if (this.ctx.viewer && !this.stopOutbox) {
      void this.ctx.write().then(
        (w) => {
          if (this.disposed || this.stopOutbox) return;
          const read = () => {
            const items = Object.values(w.outbox.getSnapshot().items).filter(
              (i) => i.event.pubkey === this.ctx.viewer && this.mine(i.event),
            );
            if (items.length === 0 && this.own.length === 0) return;
            this.own = items;
            this.state.set(this.compute());
          };
          this.stopOutbox = w.outbox.subscribe(read);
          read();
        },
        () => {},
      );
    }
  }

  retry(): Promise<void> {
    return this.query.retry();
  }

  dispose(): void {
    this.disposed = true;
    this.stopQuery();
    this.stopOutbox?.();
    this.query.dispose();
  }

  /** An own outbox event of this discussion (a comment on the article or a highlight of it). */
  private mine(e: NostrEvent): boolean {
    const ids = new Set(this.query.getSnapshot().data?.articleIds ?? []);
    if (e.kind === 1111) return inDiscussion(e, this.coordinate, ids);
    if (e.kind !== 9802) return false;
    const source = parseHighlight(e)?.source;
    return (
      (source?.type === 'address' && source.coordinate === this.coordinate) ||
      (source?.type === 'event' && ids.has(source.id))
    );
  }

  private compute(): ArticleDiscussionState {
    const q = this.query.getSnapshot();
    if (!q.data) return { ...q, data: undefined };
    const ids = new Set(q.data.articleIds);
    const comments = new Map(q.data.comments.map((e) => [e.id, e]));
    const highlights = new Map(q.data.highlights.map((e) => [e.id, e]));
    for (const item of this.own) {
      if (item.event.kind === 1111) comments.set(item.id, item.event);
      else highlights.set(item.id, item.event);
    }
    const list = [...comments.values()].filter((e) => inDiscussion(e, this.coordinate, ids));
    return {
      ...q,
      data: {
        comments: commentTree(list, this.coordinate, ids),
        commentCount: list.length,
        highlights: [...highlights.values()]
          .sort((a, b) => b.created_at - a.created_at)
          .map(highlightOf)
          .filter((h): h is ArticleHighlight => !!h),
      },
    };
  }
}

/** The discussion of an article (its address), shared by everyone showing it. */
export const articleDiscussionModel = defineModel<ArticleAddress, ArticleDiscussionModel>(
  'article-discussion',
  (ctx, address) => new ArticleDiscussionModel(ctx, address),
  coordinateOf,
);
