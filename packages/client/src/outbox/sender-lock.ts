/**
 * Who sends the outbox: one tab at a time. Every tab writes to the outbox; only the tab holding
 * the sender role publishes from it, so two open tabs never both send (and a closed tab hands
 * the role on). Two implementations: the Web Locks API (web-locks-sender-lock.ts) and, where
 * it is missing, a lease kept in IndexedDB (lease-sender-lock.ts).
 */
export interface SenderLock {
  /** Starts competing for the role; `onChange` is told whenever this tab gains or loses it. */
  start(onChange: (held: boolean) => void): void;
  /** Takes the role now (the user acted in this tab), from whichever tab holds it. */
  takeOver(): Promise<void>;
  /** Gives the role up and stops competing. */
  stop(): Promise<void>;
  readonly held: boolean;
}
