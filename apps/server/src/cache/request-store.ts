import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Store } from '../store/store.ts';

/** Thrown into a cancelled request's handler at its next query. */
export class RequestCancelled extends Error {
  constructor() {
    super('request cancelled');
  }
}

class StopWhenAborted implements KyselyPlugin {
  private readonly check: () => void;

  constructor(check: () => void) {
    this.check = check;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.check();
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The store as one cache request sees it: every query (Kysely or the NIP-01 helpers) first checks
 * the request's signal and throws `RequestCancelled` once it is aborted (CLOSE, disconnect, time
 * budget), so a cancelled request stops at its next query instead of running to the end.
 * `onStopped` counts the queries that were not run.
 */
export function requestStore(store: Store, signal: AbortSignal, onStopped: () => void): Store {
  const check = () => {
    if (signal.aborted) {
      onStopped();
      throw new RequestCancelled();
    }
  };
  return {
    ...store,
    db: store.db.withPlugin(new StopWhenAborted(check)),
    async queryEvents(filters, opts) {
      check();
      return store.queryEvents(filters, opts);
    },
    async countEvents(filters, opts) {
      check();
      return store.countEvents(filters, opts);
    },
    async getEvents(ids) {
      check();
      return store.getEvents(ids);
    },
  };
}
