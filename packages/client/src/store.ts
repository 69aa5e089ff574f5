/**
 * A tiny observable value: `subscribe` + `getSnapshot` are exactly what React's
 * `useSyncExternalStore` needs. Snapshots are replaced, never mutated, so identity changes
 * mean "changed".
 */
export interface Observable<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
}

export class ValueStore<T> implements Observable<T> {
  private value: T;
  private readonly listeners = new Set<() => void>();

  constructor(initial: T) {
    this.value = initial;
  }

  getSnapshot = (): T => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const l of [...this.listeners]) {
      try {
        l();
      } catch (e) {
        console.error('store listener failed', e);
      }
    }
  }

  update(patch: Partial<T>): void {
    this.set({ ...this.value, ...patch });
  }
}
