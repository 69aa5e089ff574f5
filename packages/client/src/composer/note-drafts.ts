import { systemClock, type Clock } from '../clock.ts';
import type { UserRecordStore } from '../storage/user-record.ts';

/** The draft of a new note (not a reply) is kept under this id (spec section 3). */
export const rootDraftKey = 'root';

export interface NoteDraft {
  text: string;
  /** Users the composer mentioned (e.g. pubkey -> what the autocomplete showed). */
  userRefs?: unknown;
}

/**
 * Composer drafts, per note answered (`root` for a new note), in the per-user record
 * (`noteDraft` and `noteDraftUserRefs`), so they survive reloads. Typing calls `save` often:
 * writes are gathered for `delayMs` (flush() writes at once, e.g. on page hide).
 */
export class NoteDrafts {
  private readonly records: UserRecordStore;
  private readonly pubkey: () => string | null;
  private readonly clock: Clock;
  private readonly delayMs: number;
  private readonly waiting = new Map<string, NoteDraft>();
  private timer: unknown = null;

  constructor(
    records: UserRecordStore,
    pubkey: () => string | null,
    options: { delayMs?: number; clock?: Clock } = {},
  ) {
    this.records = records;
    this.pubkey = pubkey;
    this.clock = options.clock ?? systemClock;
    this.delayMs = options.delayMs ?? 300;
  }

  get(noteId: string = rootDraftKey): NoteDraft {
    const waiting = this.waiting.get(noteId);
    if (waiting) return waiting;
    const r = this.records.get(this.pubkey());
    const text = r.noteDraft?.[noteId] ?? '';
    const userRefs = r.noteDraftUserRefs?.[noteId];
    return userRefs === undefined ? { text } : { text, userRefs };
  }

  /** Keeps the draft (an empty text removes it). */
  save(noteId: string = rootDraftKey, text: string, userRefs?: unknown): void {
    this.waiting.set(noteId, userRefs === undefined ? { text } : { text, userRefs });
    if (this.timer === null) {
      this.timer = this.clock.setTimeout(() => this.flush(), this.delayMs);
    }
  }

  /** The note was sent or the draft thrown away. */
  clear(noteId: string = rootDraftKey): void {
    this.waiting.delete(noteId);
    this.write(new Map([[noteId, { text: '' }]]));
  }

  flush(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting.size === 0) return;
    const batch = new Map(this.waiting);
    this.waiting.clear();
    this.write(batch);
  }

  /**
   * A guest signed in (or made an account): the drafts they typed as a guest move to the
   * account, so the note they were writing is still there. A draft the account already has for
   * the same note is kept (the guest's one is dropped).
   */
  adoptGuestDrafts(): void {
    this.flush();
    const me = this.pubkey();
    if (!me) return;
    const guest = this.records.get(null);
    const texts = guest.noteDraft ?? {};
    if (Object.keys(texts).length === 0) return;
    const guestRefs = guest.noteDraftUserRefs ?? {};
    this.records.update(me, (r) => {
      const noteDraft = { ...(r.noteDraft ?? {}) };
      const refs = { ...(r.noteDraftUserRefs ?? {}) };
      for (const [id, text] of Object.entries(texts)) {
        if (noteDraft[id]?.trim()) continue;
        noteDraft[id] = text;
        if (guestRefs[id] === undefined) delete refs[id];
        else refs[id] = guestRefs[id];
      }
      return { noteDraft, noteDraftUserRefs: refs };
    });
    this.records.update(null, { noteDraft: {}, noteDraftUserRefs: {} });
  }

  private write(batch: Map<string, NoteDraft>): void {
    this.records.update(this.pubkey(), (r) => {
      const noteDraft = { ...(r.noteDraft ?? {}) };
      const refs = { ...(r.noteDraftUserRefs ?? {}) };
      for (const [id, d] of batch) {
        if (d.text.trim() === '') {
          delete noteDraft[id];
          delete refs[id];
        } else {
          noteDraft[id] = d.text;
          if (d.userRefs === undefined) delete refs[id];
          else refs[id] = d.userRefs;
        }
      }
      return { noteDraft, noteDraftUserRefs: refs };
    });
  }
}
