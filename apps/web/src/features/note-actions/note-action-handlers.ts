import type { SignedEvent } from '@swell/cache-protocol';

/**
 * Everything a user can do to a note or its author, in one place. Components only call these;
 * what each one does is decided by whoever provides them (`NoteActionsProvider`), so the write
 * path replaces the not-built-yet ones without touching a component.
 */
export interface NoteActionHandlers {
  /** Opens the composer for a new note. */
  compose(): void;
  reply(note: SignedEvent): void;
  /** A tap: the default zap (amount and message of Settings > Zaps). */
  zap(note: SignedEvent): void;
  /** Long press or the menu: the custom zap window. */
  zapCustom(note: SignedEvent): void;
  like(note: SignedEvent): void;
  repost(note: SignedEvent): void;
  quote(note: SignedEvent): void;
  bookmark(note: SignedEvent): void;
  /** Context menu. */
  copyLink(note: SignedEvent): Promise<void>;
  copyText(note: SignedEvent): Promise<void>;
  copyId(note: SignedEvent): Promise<void>;
  copyRaw(note: SignedEvent): Promise<void>;
  broadcast(note: SignedEvent): void;
  /** Mute the author (from a note: or its thread). */
  muteUser(pubkey: string, note?: SignedEvent): void;
  /** Report the author (from a note: that note too). */
  reportUser(pubkey: string, note?: SignedEvent): void;
  /** Only offered for the signed-in user's own notes. */
  deleteNote(note: SignedEvent): void;
  follow(pubkey: string): void;
  unfollow(pubkey: string): void;
}

/** The signed-in user's own relation to a note (cache result 10000115, note actions). */
export interface NoteState {
  liked: boolean;
  replied: boolean;
  reposted: boolean;
  zapped: boolean;
}
