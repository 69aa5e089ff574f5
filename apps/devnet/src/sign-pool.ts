import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { NostrEvent } from '@swell/nostr';
import type { DeterministicSigner, Template } from './signer.ts';

/** Below this many pending events, signing on the calling thread is faster than shipping them. */
const PARALLEL_THRESHOLD = 1500;

type Reply = { id: number; ids: string[]; sigs: string[] };

/**
 * Events whose id is known at once (it is only a hash) and whose signature comes later, in
 * parallel: the calling thread and `availableParallelism() - 1` worker threads each sign a share.
 * Signatures are deterministic, so who signs what does not change a byte.
 */
export class SignPool {
  private readonly signer: DeterministicSigner;
  private readonly pending = new Map<NostrEvent, Uint8Array>();
  private readonly pubkeys = new WeakMap<Uint8Array, string>();
  private workers: Promise<Worker[]> | undefined;
  private seq = 0;

  constructor(signer: DeterministicSigner) {
    this.signer = signer;
  }

  private pubkeyOf(key: Uint8Array): string {
    let pubkey = this.pubkeys.get(key);
    if (!pubkey) {
      pubkey = this.signer.publicKey(key);
      this.pubkeys.set(key, pubkey);
    }
    return pubkey;
  }

  /** The event with its id and pubkey; `sig` stays empty until `flush` (or `signNow`). */
  draft(template: Template, key: Uint8Array): NostrEvent {
    const pubkey = this.pubkeyOf(key);
    const serialized = JSON.stringify([
      0,
      pubkey,
      template.created_at,
      template.kind,
      template.tags,
      template.content,
    ]);
    const event: NostrEvent = {
      id: createHash('sha256').update(serialized).digest('hex'),
      pubkey,
      created_at: template.created_at,
      kind: template.kind,
      tags: template.tags,
      content: template.content,
      sig: '',
    };
    this.pending.set(event, key);
    return event;
  }

  /** Signs one drafted event right away (it is about to be embedded in another one). */
  signNow(event: NostrEvent): void {
    const key = this.pending.get(event);
    if (!key) return;
    this.pending.delete(event);
    event.sig = this.checked(event, this.signer.sign(event, key));
  }

  private checked(event: NostrEvent, signed: { id: string; sig: string }): string {
    if (signed.id !== event.id) throw new Error(`event id mismatch for ${event.id}`);
    return signed.sig;
  }

  /** Signs everything drafted so far. */
  async flush(): Promise<void> {
    const jobs = [...this.pending];
    this.pending.clear();
    const threads = Math.min(availableParallelism(), 4);
    if (jobs.length < PARALLEL_THRESHOLD || threads < 2) {
      for (const [event, key] of jobs)
        event.sig = this.checked(event, this.signer.sign(event, key));
      return;
    }
    const workers = await this.startWorkers(threads - 1);
    const share = Math.ceil(jobs.length / threads);
    const remote = workers.map((worker, w) =>
      this.signRemote(worker, jobs.slice((w + 1) * share, (w + 2) * share)),
    );
    for (const [event, key] of jobs.slice(0, share))
      event.sig = this.checked(event, this.signer.sign(event, key));
    await Promise.all(remote);
  }

  private signRemote(worker: Worker, jobs: Array<[NostrEvent, Uint8Array]>): Promise<void> {
    if (jobs.length === 0) return Promise.resolve();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const onMessage = (msg: Reply) => {
        if (msg.id !== id) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        try {
          jobs.forEach(
            ([event], i) =>
              (event.sig = this.checked(event, { id: msg.ids[i]!, sig: msg.sigs[i]! })),
          );
          resolve();
        } catch (err) {
          reject(err as Error);
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage({
        id,
        jobs: jobs.map(([e, key]) => ({
          template: { kind: e.kind, created_at: e.created_at, tags: e.tags, content: e.content },
          key,
        })),
      });
    });
  }

  private startWorkers(count: number): Promise<Worker[]> {
    this.workers ??= Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<Worker>((resolve, reject) => {
            const worker = new Worker(new URL('./sign-worker.ts', import.meta.url));
            worker.once('message', () => resolve(worker));
            worker.once('error', reject);
          }),
      ),
    );
    return this.workers;
  }

  async close(): Promise<void> {
    const workers = await this.workers;
    this.workers = undefined;
    await Promise.all((workers ?? []).map((w) => w.terminate()));
  }
}
