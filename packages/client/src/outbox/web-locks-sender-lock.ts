import type { SenderLock } from './sender-lock.ts';

/**
 * The sender role as a Web Lock (`navigator.locks`): held while this tab lives, granted to the
 * next waiting tab when it closes. `takeOver` steals it; the tab it was stolen from queues again.
 */
export class WebLocksSenderLock implements SenderLock {
  private readonly locks: LockManager;
  private readonly name: string;
  private onChange: (held: boolean) => void = () => {};
  private release: (() => void) | null = null;
  private queued: AbortController | null = null;
  private generation = 0;
  private stopped = false;
  held = false;

  constructor(locks: LockManager, name: string) {
    this.locks = locks;
    this.name = name;
  }

  start(onChange: (held: boolean) => void): void {
    this.onChange = onChange;
    this.stopped = false;
    this.request(false);
  }

  async takeOver(): Promise<void> {
    if (this.held || this.stopped) return;
    this.queued?.abort();
    this.queued = null;
    await new Promise<void>((granted) => this.request(true, granted));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queued?.abort();
    this.queued = null;
    this.release?.();
  }

  private request(steal: boolean, granted?: () => void): void {
    const gen = ++this.generation;
    const abort = steal ? null : new AbortController();
    if (abort) this.queued = abort;
    let holding = false;
    const options: LockOptions = steal ? { steal: true } : { signal: abort!.signal };
    this.locks
      .request(this.name, options, () => {
        if (this.stopped || gen !== this.generation) return undefined;
        if (abort && this.queued === abort) this.queued = null;
        holding = true;
        this.set(true);
        granted?.();
        return new Promise<void>((r) => (this.release = r));
      })
      .catch(() => {
        // AbortError: our queued request was cancelled, or another tab stole the lock.
      })
      .finally(() => {
        if (!holding) return;
        this.release = null;
        this.set(false);
        // Stolen: wait for our turn again.
        if (!this.stopped && gen === this.generation) this.request(false);
      });
  }

  private set(held: boolean): void {
    if (this.held === held) return;
    this.held = held;
    this.onChange(held);
  }
}
