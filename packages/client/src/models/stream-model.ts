import { ValueStore } from '../store.ts';
import { defineModel, stableKey, type Model, type ModelContext, type ModelDef } from './model.ts';

/**
 * Starts a stream (a cache subscription): calls `emit` with each new value until the returned
 * function stops it.
 */
export type StreamStart<P, T> = (
  ctx: ModelContext,
  params: P,
  emit: (value: T) => void,
) => () => void;

/**
 * A model of a live value (network statistics, unread counts): the stream runs while someone
 * holds the model and stops when the last holder leaves; the last value stays (undefined before
 * the first).
 */
export class StreamModel<T, P = unknown> implements Model<T | undefined> {
  private readonly state = new ValueStore<T | undefined>(undefined);
  private readonly ctx: ModelContext;
  private readonly params: P;
  private readonly start: StreamStart<P, T>;
  private stop: (() => void) | null = null;

  constructor(ctx: ModelContext, params: P, start: StreamStart<P, T>) {
    this.ctx = ctx;
    this.params = params;
    this.start = start;
  }

  getSnapshot = (): T | undefined => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  activate(): void {
    this.stop ??= this.start(this.ctx, this.params, (v) => this.state.set(v));
  }

  deactivate(): void {
    this.stop?.();
    this.stop = null;
  }

  dispose(): void {
    this.deactivate();
  }
}

/** A live value per params (`StreamModel`); the key is the params as JSON with sorted keys. */
export function defineStream<P, T>(
  kind: string,
  start: StreamStart<P, T>,
): ModelDef<P, StreamModel<T, P>> {
  return defineModel<P, StreamModel<T, P>>(
    kind,
    (ctx, params) => new StreamModel<T, P>(ctx, params, start),
    stableKey,
  );
}
