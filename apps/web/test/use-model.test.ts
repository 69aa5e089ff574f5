// @vitest-environment jsdom
import { act, createElement as h, useEffect, useState, version } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defineModel, ValueStore, type Model, type ModelDef } from '@swell/client';
import { generateSecretKey, nip19 } from '@swell/nostr';
import { swell } from '@/data/client.ts';
import { useEntity, useModel, useSnapshot } from '@/data/use-model.ts';

// The hooks every component reads through, rendered with Preact as the app ships (the test
// config aliases react to preact/compat like the browser build).

class Counter implements Model<number> {
  readonly calls: string[] = [];
  readonly value = new ValueStore(0);
  readonly viewer: string | null;
  constructor(viewer: string | null) {
    this.viewer = viewer;
  }
  getSnapshot = () => this.value.getSnapshot();
  subscribe = (l: () => void) => this.value.subscribe(l);
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
const counter: ModelDef<{ name: string }, Counter> = defineModel(
  'test-counter',
  (ctx) => new Counter(ctx.viewer),
);

const seen: Counter[] = [];
function Show({ name, label }: { name: string | null; label: string }) {
  const held = useModel(counter, name === null ? null : { name });
  if (held) seen.push(held.model);
  return h('p', { id: label }, held ? `${label}:${held.state}` : `${label}:none`);
}

let root: Root | null = null;
let container: HTMLElement;
function render(...children: ReturnType<typeof h>[]) {
  container = document.createElement('div');
  root = createRoot(container);
  act(() => root!.render(h('div', null, ...children)));
}
const text = () => container.textContent;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  seen.length = 0;
});
afterAll(async () => {
  await swell().close();
});

describe('useModel', () => {
  it('renders with Preact, as the app ships', () => {
    // preact/compat says it is React 19.0.0; React itself is 19.3.
    expect(version).toBe('19.0.0');
  });

  it('renders a model’s state, shares it between components and re-renders when it changes', () => {
    render(h(Show, { name: 'a', label: 'one' }), h(Show, { name: 'a', label: 'two' }));
    expect(text()).toBe('one:0two:0');
    const model = seen[0]!;
    expect(seen.every((m) => m === model)).toBe(true);
    // Two holders, one activation.
    expect(model.calls).toEqual(['activate']);
    act(() => model.value.set(5));
    expect(text()).toBe('one:5two:5');
  });

  it('releases on unmount and finds the same model again (back navigation)', () => {
    render(h(Show, { name: 'b', label: 'x' }));
    const model = seen[0]!;
    act(() => model.value.set(3));
    act(() => root!.unmount());
    root = null;
    expect(model.calls).toEqual(['activate', 'deactivate']);
    render(h(Show, { name: 'b', label: 'x' }));
    expect(text()).toBe('x:3');
    expect(seen.at(-1)).toBe(model);
    expect(model.calls).toEqual(['activate', 'deactivate', 'activate']);
  });

  it('switches model with its params and holds none for null', () => {
    let pick: (name: string | null) => void = () => {};
    function Picker() {
      const [name, setName] = useState<string | null>('c');
      useEffect(() => {
        pick = setName;
      }, []);
      return h(Show, { name, label: 'p' });
    }
    render(h(Picker));
    const c = seen.at(-1)!;
    act(() => pick('d'));
    const d = seen.at(-1)!;
    expect(d).not.toBe(c);
    expect(c.calls).toEqual(['activate', 'deactivate']);
    expect(d.calls).toEqual(['activate']);
    act(() => pick(null));
    expect(text()).toBe('p:none');
    expect(d.calls).toEqual(['activate', 'deactivate']);
  });

  it('takes the new session’s model when the user signs in, and the old one is disposed', async () => {
    render(h(Show, { name: 'e', label: 's' }));
    const guest = seen.at(-1)!;
    expect(guest.viewer).toBeNull();
    await act(() => swell().session.signInWithNsec(nip19.nsecEncode(generateSecretKey())));
    const user = seen.at(-1)!;
    expect(user).not.toBe(guest);
    expect(user.viewer).toBe(swell().session.pubkey);
    expect(guest.calls).toEqual(['activate', 'dispose']);
    expect(user.calls).toEqual(['activate']);
    await act(() => swell().session.signOut());
    expect(seen.at(-1)!.viewer).toBeNull();
  });
});

describe('useSnapshot and useEntity', () => {
  it('reads an observable handed down, and nothing for none', () => {
    const store = new ValueStore('first');
    function View({ of }: { of: ValueStore<string> | null }) {
      return h('p', null, useSnapshot(of) ?? 'nothing');
    }
    render(h(View, { of: store }), h(View, { of: null }));
    expect(text()).toBe('firstnothing');
    act(() => store.set('second'));
    expect(text()).toBe('secondnothing');
  });

  it('re-renders an entity when the store has it', () => {
    const select = (s: ReturnType<typeof swell>['store'], id: string) => s.note(id)?.content;
    const renders: string[] = [];
    function Note({ id }: { id: string }) {
      const content = useEntity(select, id) ?? 'missing';
      renders.push(content);
      return h('p', null, content);
    }
    render(h(Note, { id: 'a'.repeat(64) }));
    expect(text()).toBe('missing');
    const event = {
      id: 'a'.repeat(64),
      pubkey: 'b'.repeat(64),
      created_at: 1,
      kind: 1,
      tags: [],
      content: 'hello',
      sig: '',
    };
    act(() => swell().store.ingestEvent(event));
    expect(text()).toBe('hello');
    expect(renders).toEqual(['missing', 'hello']);
  });
});
