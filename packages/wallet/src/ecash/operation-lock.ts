/**
 * Runs wallet operations one at a time: in this page through a promise chain, and across tabs
 * of the same wallet through the Web Locks API where there is one (browsers, Node 24). Two
 * operations choosing the same proofs at once would make one of them fail at the mint.
 */
export class OperationLock {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
    const guarded = (): Promise<T> =>
      locks ? (locks.request(this.name, () => fn()) as Promise<T>) : fn();
    const next = this.tail.then(guarded, guarded);
    this.tail = next.catch(() => undefined);
    return next;
  }
}
