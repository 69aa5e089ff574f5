import { FeedModel, type FeedSource } from './feed-model.ts';
import { defineModel, type ModelContext } from './model.ts';

/** A user's bookmarked notes, paged by the cache. */
export function bookmarksSource(pubkey: string): FeedSource {
  return { command: 'feed', payload: { pubkey, notes: 'bookmarks', limit: 20 } };
}

/**
 * The signed-in user's bookmarked notes (`feed` of `notes: "bookmarks"`, paged by the cache),
 * loaded again from the top when their bookmarks change (a note bookmarked or removed here, on
 * another screen or device) after they first loaded.
 */
export class BookmarksModel extends FeedModel {
  private readonly unwatch: () => void;

  constructor(ctx: ModelContext, pubkey: string) {
    super(ctx, bookmarksSource(pubkey));
    const { lists } = ctx;
    const key = () => {
      const s = lists.getSnapshot();
      return s.pubkey === pubkey && s.status === 'ready' ? s.bookmarks.notes.join(',') : null;
    };
    let last = key();
    this.unwatch = lists.subscribe(() => {
      const now = key();
      if (now === null || now === last) return;
      const first = last === null;
      last = now;
      if (first) return;
      this.reset();
      void this.loadMore();
    });
  }

  override dispose(): void {
    this.unwatch();
    super.dispose();
  }
}

/** The bookmarked notes of a user (the session's viewer). */
export const bookmarksModel = defineModel<string, BookmarksModel>(
  'bookmarks',
  (ctx, pubkey) => new BookmarksModel(ctx, pubkey),
  (pubkey) => pubkey,
);
