/** Why a request's work was stopped before it finished. */
export type CancelReason = 'close' | 'disconnect' | 'budget' | 'replaced' | 'shed';

/**
 * One request of a connection, from its REQ to its EOSE (or, for a streaming command, to its
 * CLOSE). Work is keyed by the request, not by the subscription id: two REQs that reuse an id are
 * two tickets, each answered or cancelled on its own.
 */
export interface Ticket {
  /** Unique within the connection. */
  readonly seq: number;
  readonly subId: string;
  readonly streaming: boolean;
  /** Aborted when the request is cancelled; handlers and the store view watch it. */
  readonly abort: AbortController;
  /** When the request's time budget ends (ms since the epoch). */
  readonly deadline: number;
  /** Stops a streaming command's pushes (set once it has started). */
  stop?: () => void;
  /** A stream whose first answer (EOSE) went out. */
  answered?: boolean;
}

/**
 * The requests of one cache connection that are queued, running or streaming. CLOSE of an id
 * cancels every request under that id; a disconnect cancels all of them; the time budget ends
 * one. A finished request is simply forgotten.
 */
export class RequestRegistry {
  private readonly bySub = new Map<string, Set<Ticket>>();
  private seq = 0;
  private count = 0;

  private readonly onCancel: (t: Ticket, reason: CancelReason) => void;

  constructor(onCancel: (t: Ticket, reason: CancelReason) => void = () => {}) {
    this.onCancel = onCancel;
  }

  /** Requests registered now (queued, running or streaming). */
  get size(): number {
    return this.count;
  }

  open(subId: string, streaming: boolean, budgetMs: number): Ticket {
    const t: Ticket = {
      seq: ++this.seq,
      subId,
      streaming,
      abort: new AbortController(),
      deadline: Date.now() + budgetMs,
    };
    let set = this.bySub.get(subId);
    if (!set) this.bySub.set(subId, (set = new Set()));
    set.add(t);
    this.count++;
    return t;
  }

  /** Whether the request is still registered (not finished, not cancelled). */
  isOpen(t: Ticket): boolean {
    return this.bySub.get(t.subId)?.has(t) === true;
  }

  private forget(t: Ticket): boolean {
    const set = this.bySub.get(t.subId);
    if (!set?.delete(t)) return false;
    if (set.size === 0) this.bySub.delete(t.subId);
    this.count--;
    return true;
  }

  /** The request was answered: forgotten without aborting anything. */
  finish(t: Ticket): void {
    this.forget(t);
  }

  /** Stops one request: its work is aborted and its stream stopped. False if it was not open. */
  cancel(t: Ticket, reason: CancelReason): boolean {
    if (!this.forget(t)) return false;
    t.abort.abort(reason);
    t.stop?.();
    this.onCancel(t, reason);
    return true;
  }

  /** CLOSE: cancels every request and stream under this subscription id. */
  cancelSubscription(subId: string, reason: CancelReason = 'close'): number {
    const set = this.bySub.get(subId);
    if (!set) return 0;
    let n = 0;
    for (const t of [...set]) if (this.cancel(t, reason)) n++;
    return n;
  }

  /**
   * Cancels only the streaming subscription(s) under this id (a new REQ replaces a stream; one-shot
   * requests of the same id go on and are answered each). Gives the tickets it cancelled.
   */
  cancelStreams(subId: string, reason: CancelReason = 'replaced'): Ticket[] {
    const set = this.bySub.get(subId);
    if (!set) return [];
    return [...set].filter((t) => t.streaming && this.cancel(t, reason));
  }

  /** Disconnect: cancels everything of the connection. */
  cancelAll(reason: CancelReason = 'disconnect'): number {
    let n = 0;
    for (const set of [...this.bySub.values()]) {
      for (const t of [...set]) if (this.cancel(t, reason)) n++;
    }
    return n;
  }
}
