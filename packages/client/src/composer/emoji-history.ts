import type { UserRecordStore } from '../storage/user-record.ts';

/** Spec section 5/9: the emoji history keeps 40. */
export const emojiHistoryLimit = 40;

/** The history after using `emoji`: most recent first, a reused one moves to the front. */
export function withEmoji(history: readonly string[], emoji: string): string[] {
  return [emoji, ...history.filter((e) => e !== emoji)].slice(0, emojiHistoryLimit);
}

/** The emoji the user picked, in the per-user record (`emojiHistory`). */
export class EmojiHistory {
  private readonly records: UserRecordStore;
  private readonly pubkey: () => string | null;

  constructor(records: UserRecordStore, pubkey: () => string | null) {
    this.records = records;
    this.pubkey = pubkey;
  }

  list(): string[] {
    const h = this.records.get(this.pubkey()).emojiHistory ?? [];
    return h.filter((e): e is string => typeof e === 'string').slice(0, emojiHistoryLimit);
  }

  use(emoji: string): string[] {
    const next = withEmoji(this.list(), emoji);
    this.records.update(this.pubkey(), { emojiHistory: next });
    return next;
  }
}
