import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type {
  EntityStore,
  Model,
  ModelDef,
  ModelRegistry,
  Observable,
  StateOf,
} from '@swell/client';
import { swell } from '@/data/client.ts';

// The one way components read (issue 32): a model by kind and params (`useModel`), an object
// handed down by one (`useSnapshot`), or an entity of the store (`useEntity`). Nothing else in
// the app calls useSyncExternalStore but lib/'s browser observables (media queries, online).

/** Something that says when it changed. */
type Subscribable = Pick<Observable<unknown>, 'subscribe'>;

const noSubscribe = () => () => {};
const nothing = () => undefined;

/** The models of the current session; a new registry when the session's public key changes. */
export function useRegistry(): ModelRegistry {
  const client = swell();
  const get = () => client.models;
  return useSyncExternalStore(client.watchModels, get, get);
}

/**
 * The model of these params and its state, re-rendering when it changes; null params: none.
 * The model is read during render (made if new, not held), held from the first effect until the
 * component goes (its last holder leaving deactivates it; the registry keeps it a while for back
 * navigation), and made again for a new session.
 */
export function useModel<P, M extends Model<unknown>>(
  def: ModelDef<P, M>,
  params: P | null,
): { state: StateOf<M>; model: M } | null {
  const registry = useRegistry();
  const key = params === null ? null : def.key(params);
  // Read, not held: the registry keeps a model made by a read until its holder comes (it is
  // not counted among the released, so it is the same one the effect holds).
  const model = params === null ? null : registry.get(def, params);
  useEffect(() => {
    if (params === null) return;
    return registry.acquire(def, params).release;
    // The key names the params; a new object with the same key is the same model.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [registry, def, key]);
  const state = useSnapshot(model) as StateOf<M> | undefined;
  return model ? { state: state as StateOf<M>, model } : null;
}

/**
 * The snapshot of an observable (a model handed down, the session, an outbox...), live; with
 * `read`, what it reads of the observable (its other snapshot, one item of it) instead.
 */
export function useSnapshot<T>(observable: Observable<T>): T;
export function useSnapshot<T>(observable: Observable<T> | null | undefined): T | undefined;
export function useSnapshot<S>(observable: Subscribable, read: () => S): S;
export function useSnapshot<S>(
  observable: Subscribable | null | undefined,
  read: () => S,
): S | undefined;
export function useSnapshot(
  observable: (Subscribable & { getSnapshot?: () => unknown }) | null | undefined,
  read?: () => unknown,
): unknown {
  const get = observable ? (read ?? observable.getSnapshot ?? nothing) : nothing;
  return useSyncExternalStore(observable?.subscribe ?? noSubscribe, get, get);
}

/**
 * One entity of the client's store (a note, a user, a note's stats...) through a selector that
 * returns the same object for the same data, so a new stat re-renders only what shows it.
 * `select` must be stable (defined once, outside the component).
 */
export function useEntity<K, V>(select: (store: EntityStore, key: K) => V, key: K): V {
  const store = swell().store;
  const get = useCallback(() => select(store, key), [select, store, key]);
  return useSyncExternalStore(store.subscribe, get, get);
}
