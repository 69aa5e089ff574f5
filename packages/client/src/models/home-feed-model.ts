import { newerPosts } from '@swell/cache-protocol';
import { shownNotesOf } from '../feed/shown-notes.ts';
import { FeedModel } from './feed-model.ts';
import { defineModel } from './model.ts';

/** Random delay of the periodic new-notes check: 25 to 35 s (spec section 9). */
export function pollDelay(random = Math.random): number {
  return 25_000 + Math.floor(random() * 10_000);
}

/** The new-notes check stops once this many notes wait (spec section 9). */
export const futureCap = 100;

/**
 * A list that looks for newer notes (Home's): `checkNew` asks for notes newer than the newest
 * asked for (created_at order), and they wait in `future`, one card per note with what is shown
 * and waiting, until `showFuture` puts them at the top. `watchNew` checks every 25-35 s and when
 * a live watch says something arrived.
 */
export class HomeFeedModel extends FeedModel {
  /** The note each waiting element shows. */
  private futureNotes = new Map<string, string>();
  /** The newest `until` asked for by the new-notes check (else the first page's). */
  private newestUntil: number | undefined;
  private stopWatch: (() => void) | null = null;

  /** Whether an element was seen (shown, left out as a second card of its note, or waiting). */
  override has(id: string): boolean {
    return super.has(id) || this.futureNotes.has(id);
  }

  override reset(): void {
    this.futureNotes = new Map();
    this.newestUntil = undefined;
    super.reset();
  }

  /** The new-notes check (created_at order only; stops above the cap). */
  async checkNew(): Promise<void> {
    const s = this.state.getSnapshot();
    const range = s.firstRange;
    if (this.disposed || s.future.length > futureCap || !range) return;
    const params = newerPosts({ ...range, until: this.newestUntil ?? range.until });
    if (!params) return;
    const signal = this.controller.signal;
    const page = await this.ctx.fetchPage(this.source.command, this.payload(params) as never, {
      signal,
    });
    if (signal.aborted || this.disposed) return;
    const noteOf = shownNotesOf(page);
    const waiting = new Set(this.futureNotes.values());
    const fresh: string[] = [];
    for (const n of page.notes) {
      const note = noteOf(n.id);
      if (this.has(n.id) || this.notes.has(note) || waiting.has(note)) continue;
      waiting.add(note);
      this.futureNotes.set(n.id, note);
      fresh.push(n.id);
    }
    if (fresh.length === 0) return;
    if (page.range?.until !== undefined) this.newestUntil = page.range.until;
    const cur = this.state.getSnapshot();
    this.state.set({ ...cur, future: [...fresh, ...cur.future] });
    this.hold();
  }

  /** The waiting newer notes go to the top of the list. */
  showFuture(): void {
    const { future } = this.state.getSnapshot();
    if (future.length === 0) return;
    const notes = this.futureNotes;
    this.futureNotes = new Map();
    this.state.update({ future: [] });
    this.prepend(future, (id) => notes.get(id) ?? id);
  }

  /**
   * Checks for newer notes every 25-35 s until stopped, and at once when `live` says something
   * arrived (a watch of the feed's authors on the server's relay). Starting again restarts.
   */
  watchNew(live?: (onNew: () => void) => () => void): () => void {
    this.stopWatch?.();
    if (this.disposed) return () => {};
    const clock = this.ctx.clock;
    let stopped = false;
    let timer: unknown = null;
    const check = () => this.checkNew().catch(() => {});
    const tick = () => {
      timer = clock.setTimeout(() => {
        void check().finally(() => {
          if (!stopped) tick();
        });
      }, pollDelay());
    };
    tick();
    const stopLive = live ? live(() => void check()) : () => {};
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clock.clearTimeout(timer);
      stopLive();
      if (this.stopWatch === stop) this.stopWatch = null;
    };
    this.stopWatch = stop;
    return stop;
  }

  deactivate(): void {
    this.stopWatch?.();
  }

  override dispose(): void {
    this.stopWatch?.();
    super.dispose();
  }
}

/** A feed spec's list with the new-notes check (Home's selected feed). */
export const homeFeedModel = defineModel<{ spec: string }, HomeFeedModel>(
  'home-feed',
  (ctx, { spec }) =>
    new HomeFeedModel(ctx, { command: 'mega_feed_directive', payload: { spec, limit: 20 } }),
);
