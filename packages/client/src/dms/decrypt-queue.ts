import { ValueStore, type Observable } from '../store.ts';
import type { Signer } from '../signers/signer.ts';

export type CipherScheme = 'nip04' | 'nip44';

/** `now`: the open conversation; `later`: contact previews and the rest of the inbox. */
export type DecryptPriority = 'now' | 'later';

export interface DecryptQueueSnapshot {
  /** Requests waiting for the user's go-ahead (a signer that asks the user: extension, bunker). */
  held: number;
  /** Requests queued or running. */
  pending: number;
  /** The user said to go ahead in this session (always true for a local key). */
  allowed: boolean;
  /** The signer asks the user for each call (extension, NIP-46), so calls are held and serial. */
  prompting: boolean;
}

export interface DecryptQueueOptions {
  /** Who decrypts now (the session's signer). */
  signer: () => Signer | null;
  /** Plaintexts remembered in memory (never stored): most recent first out. Default 5000. */
  cacheSize?: number;
}

interface Job {
  key: string;
  scheme: CipherScheme;
  peer: string;
  payload: string;
  priority: DecryptPriority;
  waiters: Array<{ resolve(text: string): void; reject(e: unknown): void }>;
}

/** The request was dropped (signer changed or the queue closed); nothing was decrypted. */
export class DecryptCancelled extends Error {
  constructor() {
    super('decryption cancelled');
    this.name = 'DecryptCancelled';
  }
}

/**
 * Decryption of direct messages through the user's signer, batched: identical requests are
 * asked once, plaintexts are remembered in memory (failures are not), and for a signer that
 * asks the user (extension, NIP-46 bunker) nothing is sent until the user says so once in the
 * session (`allow()`); then the whole batch runs one call at a time, the open conversation
 * first, so the user sees one prompt (which extensions let them "remember"), not one prompt per
 * message fired at once. A local key decrypts at once.
 */
export class DecryptQueue implements Observable<DecryptQueueSnapshot> {
  private readonly opts: DecryptQueueOptions;
  private readonly cacheSize: number;
  private readonly cache = new Map<string, string>();
  private readonly jobs = new Map<string, Job>();
  private readonly queue: Job[] = [];
  private running = 0;
  private allowed = false;
  private signerRef: Signer | null = null;
  private readonly state = new ValueStore<DecryptQueueSnapshot>({
    held: 0,
    pending: 0,
    allowed: false,
    prompting: false,
  });

  constructor(options: DecryptQueueOptions) {
    this.opts = options;
    this.cacheSize = options.cacheSize ?? 5000;
  }

  getSnapshot = (): DecryptQueueSnapshot => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** The plaintext if it was decrypted already (no call). */
  cached(scheme: CipherScheme, peer: string, payload: string): string | undefined {
    return this.cache.get(keyOf(scheme, peer, payload));
  }

  decrypt(
    scheme: CipherScheme,
    peer: string,
    payload: string,
    priority: DecryptPriority = 'later',
  ): Promise<string> {
    this.checkSigner();
    const key = keyOf(scheme, peer, payload);
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    return new Promise((resolve, reject) => {
      let job = this.jobs.get(key);
      if (!job) {
        job = { key, scheme, peer, payload, priority, waiters: [] };
        this.jobs.set(key, job);
        this.queue.push(job);
      } else if (priority === 'now' && job.priority === 'later') {
        job.priority = 'now';
      }
      job.waiters.push({ resolve, reject });
      this.pump();
    });
  }

  /** The user's go-ahead for this session (a button: "Decrypt messages"). */
  allow(): void {
    if (this.allowed) return;
    this.allowed = true;
    this.pump();
  }

  /** Drops everything (sign-out, another user): waiting requests end with DecryptCancelled. */
  reset(): void {
    this.cache.clear();
    this.allowed = false;
    const dropped = this.queue.splice(0);
    for (const job of dropped) {
      this.jobs.delete(job.key);
      for (const w of job.waiters) w.reject(new DecryptCancelled());
    }
    this.publish();
  }

  private checkSigner(): void {
    const s = this.opts.signer();
    if (s !== this.signerRef) {
      const had = this.signerRef !== null;
      this.signerRef = s;
      if (had) this.reset();
    }
  }

  private prompting(): boolean {
    const s = this.opts.signer();
    return !!s && s.type !== 'local';
  }

  private pump(): void {
    const prompting = this.prompting();
    if (prompting && !this.allowed) return this.publish();
    const limit = prompting ? 1 : 8;
    while (this.running < limit && this.queue.length > 0) {
      const i = this.queue.findIndex((j) => j.priority === 'now');
      const [job] = this.queue.splice(i >= 0 ? i : 0, 1);
      void this.run(job!);
    }
    this.publish();
  }

  private async run(job: Job): Promise<void> {
    this.running++;
    try {
      const signer = this.opts.signer();
      if (!signer) throw new DecryptCancelled();
      const text = await signer[job.scheme].decrypt(job.peer, job.payload);
      if (typeof text !== 'string') throw new Error('the signer gave no text');
      this.remember(job.key, text);
      for (const w of job.waiters) w.resolve(text);
    } catch (e) {
      for (const w of job.waiters) w.reject(e);
    } finally {
      this.jobs.delete(job.key);
      this.running--;
      this.pump();
    }
  }

  private remember(key: string, text: string): void {
    this.cache.set(key, text);
    while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  private publish(): void {
    const prompting = this.prompting();
    const allowed = this.allowed || !prompting;
    const pending = this.queue.length + this.running;
    const held = allowed ? 0 : this.queue.length;
    const cur = this.state.getSnapshot();
    if (
      cur.pending !== pending ||
      cur.held !== held ||
      cur.allowed !== allowed ||
      cur.prompting !== prompting
    ) {
      this.state.set({ pending, held, allowed, prompting });
    }
  }
}

function keyOf(scheme: CipherScheme, peer: string, payload: string): string {
  return `${scheme}:${peer}:${payload}`;
}
