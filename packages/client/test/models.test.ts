import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, nip19 } from '@swell/nostr';
import { ValueStore } from '../src/store.ts';
import { defineModel, type Model } from '../src/models/model.ts';
import { defineQuery, pageShows } from '../src/models/query-model.ts';
import { ManualClock } from './manual-clock.ts';
import { waitFor } from './wait.ts';
import { modelHarness } from './model-harness.ts';

const harness = modelHarness();
const { client } = harness;

/** A model that records what the registry does to it. */
class Probe implements Model<number> {
  readonly calls: string[] = [];
  readonly state = new ValueStore(0);
  readonly viewer: string | null;
  constructor(viewer: string | null) {
    this.viewer = viewer;
  }
  getSnapshot = () => this.state.getSnapshot();
  subscribe = (l: () => void) => this.state.subscribe(l);
  activate() {
    this.calls.push('activate');
  }
  deactivate() {
    this.calls.push('deactivate');
  }
  dispose() {
    this.calls.push('dispose');
  }
}
const probe = defineModel<{ name: string; page?: number }, Probe>(
  'probe',
  (ctx) => new Probe(ctx.viewer),
);

describe('the model registry', () => {
  it('shares one model per kind and params, activated by its first holder and deactivated by its last', () => {
    const c = client();
    const a = c.models.acquire(probe, { name: 'x', page: 1 });
    // The same params in another order name the same model.
    const b = c.models.acquire(probe, { page: 1, name: 'x' });
    expect(b.model).toBe(a.model);
    expect(c.models.get(probe, { name: 'x', page: 1 })).toBe(a.model);
    expect(c.models.acquire(probe, { name: 'y' }).model).not.toBe(a.model);
    expect(a.model.calls).toEqual(['activate']);
    a.release();
    a.release(); // a second release of the same hold does nothing
    expect(a.model.calls).toEqual(['activate']);
    b.release();
    expect(a.model.calls).toEqual(['activate', 'deactivate']);
    // Back again (back navigation): the same instance, activated again.
    const again = c.models.acquire(probe, { name: 'x', page: 1 });
    expect(again.model).toBe(a.model);
    expect(a.model.calls).toEqual(['activate', 'deactivate', 'activate']);
  });

  it('keeps the last released models for a while, then disposes them', () => {
    const clock = new ManualClock();
    const c = client({ models: { keep: 2, keepMs: 60_000, clock } });
    const held = [1, 2, 3].map((page) => c.models.acquire(probe, { name: 'list', page }));
    for (const h of held) h.release();
    const [first, second, third] = held.map((h) => h.model);
    // Only the two most recently released stay.
    expect(first!.calls.at(-1)).toBe('dispose');
    expect(second!.calls.at(-1)).toBe('deactivate');
    expect(c.models.get(probe, { name: 'list', page: 2 })).toBe(second);
    expect(c.models.get(probe, { name: 'list', page: 1 })).not.toBe(first);
    // Time runs out for the kept ones; a held model is never evicted.
    const kept = c.models.acquire(probe, { name: 'held' });
    clock.advance(60_000);
    expect(second!.calls.at(-1)).toBe('dispose');
    expect(third!.calls.at(-1)).toBe('dispose');
    expect(kept.model.calls).toEqual(['activate']);
    expect(c.models.get(probe, { name: 'list', page: 3 })).not.toBe(third);
  });

  it('evicts a model read at render time and never held like a released one', () => {
    const clock = new ManualClock();
    const c = client({ models: { keepMs: 1000, clock } });
    const read = c.models.get(probe, { name: 'read only' });
    expect(read.calls).toEqual([]);
    clock.advance(1000);
    expect(read.calls).toEqual(['dispose']);
    expect(c.models.get(probe, { name: 'read only' })).not.toBe(read);
  });

  it('keeps every model one render reads until its holder comes, however many', () => {
    const c = client({ models: { keep: 2 } });
    const read = Array.from({ length: 5 }, (_, i) => c.models.get(probe, { name: 'row', page: i }));
    const held = read.map((_, i) => c.models.acquire(probe, { name: 'row', page: i }));
    expect(held.map((h) => h.model)).toEqual(read);
    for (const m of read) expect(m.calls).toEqual(['activate']);
  });

  it('is replaced when the session changes: the old models are disposed, the new ones are the user’s', async () => {
    const c = client();
    let changes = 0;
    c.watchModels(() => changes++);
    const guest = c.models.acquire(probe, { name: 'home' });
    expect(guest.model.viewer).toBeNull();
    const sk = generateSecretKey();
    await c.session.signInWithNsec(nip19.nsecEncode(sk));
    expect(changes).toBe(1);
    expect(guest.model.calls).toEqual(['activate', 'dispose']);
    guest.release(); // late, from a view that has not re-rendered yet: harmless
    const user = c.models.acquire(probe, { name: 'home' });
    expect(user.model).not.toBe(guest.model);
    expect(user.model.viewer).toBe(getPublicKey(sk));
    await c.session.signOut();
    expect(changes).toBe(2);
    expect(user.model.calls).toEqual(['activate', 'dispose']);
  });
});

describe('a query model', () => {
  it('loads when first held, shows the answer meanwhile on the next visit, and holds its notes in the store', async () => {
    const sk = generateSecretKey();
    const pk = getPublicKey(sk);
    const c = client({ store: { maxNotes: 3 } });
    const notes = Array.from({ length: 3 }, (_, i) =>
      finalizeEvent(
        { kind: 1, created_at: Math.floor(Date.now() / 1000) - i, tags: [], content: `q${i}` },
        sk,
      ),
    );
    await c.api.importEvents(notes);
    let loads = 0;
    const authored = defineQuery<string, Awaited<ReturnType<typeof c.api.feed>>>(
      'test-authored',
      (ctx, pubkey, signal) => {
        loads++;
        return ctx.fetchPage('feed', { pubkey, notes: 'authored', limit: 3 }, { signal });
      },
      { shows: pageShows },
    );
    const held = c.models.acquire(authored, pk);
    expect(held.model.getSnapshot()).toMatchObject({ loading: true, data: undefined });
    await waitFor(() => held.model.getSnapshot().data !== undefined, 10_000, 'the answer');
    expect(held.model.getSnapshot().data!.notes.map((n) => n.content)).toEqual(['q0', 'q1', 'q2']);
    // More notes than the store keeps: what the model shows stays.
    const other = generateSecretKey();
    for (let i = 0; i < 6; i++)
      c.store.ingestEvent(
        finalizeEvent({ kind: 1, created_at: 1, tags: [], content: `x${i}` }, other),
      );
    c.store.prune();
    for (const n of notes) expect(c.store.note(n.id)?.id).toBe(n.id);
    held.release();
    const back = c.models.acquire(authored, pk);
    // The earlier answer at once, loading again behind it.
    expect(back.model.getSnapshot()).toMatchObject({ loading: true });
    expect(back.model.getSnapshot().data?.notes).toHaveLength(3);
    await waitFor(() => !back.model.getSnapshot().loading, 10_000, 'the refresh');
    expect(loads).toBe(2);
    back.release();
    // Disposed: the notes may go like any other.
    c.models.dispose();
    for (let i = 0; i < 6; i++)
      c.store.ingestEvent(
        finalizeEvent({ kind: 1, created_at: 2, tags: [], content: `y${i}` }, other),
      );
    expect(notes.filter((n) => c.store.note(n.id)).length).toBeLessThan(3);
  });

  it('keeps the error and retries', async () => {
    const c = client();
    let fail = true;
    const flaky = defineQuery<string, string>('test-flaky', async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    const held = c.models.acquire(flaky, 'a');
    await waitFor(() => held.model.getSnapshot().error !== null, 5000, 'the error');
    expect(held.model.getSnapshot()).toEqual({ data: undefined, error: 'offline', loading: false });
    fail = false;
    await held.model.retry();
    expect(held.model.getSnapshot()).toEqual({ data: 'ok', error: null, loading: false });
  });
});
