import { isHex64 } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import { ValueStore, type Observable } from '../store.ts';

/**
 * Who the user follows, for the Messages relation filter (follows / other): the kind 3 list from
 * the cache (`contact_list`), and whatever the app says after the user follows or unfollows
 * someone (`set`), so a contact moves group at once. null until known.
 */
export class FollowSet implements Observable<ReadonlySet<string> | null> {
  private readonly api: CacheApi;
  private readonly me: string;
  private readonly state = new ValueStore<ReadonlySet<string> | null>(null);
  private loading: Promise<void> | null = null;

  constructor(api: CacheApi, me: string) {
    this.api = api;
    this.me = me;
  }

  getSnapshot = (): ReadonlySet<string> | null => this.state.getSnapshot();
  subscribe = (l: () => void): (() => void) => this.state.subscribe(l);

  /** Reads the contact list from the cache (again). */
  refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const page = await this.api.contactList(this.me, false);
        const list = [...page.others]
          .filter((e) => e.kind === 3 && e.pubkey === this.me)
          .sort((a, b) => b.created_at - a.created_at)[0];
        if (list) {
          this.set(list.tags.filter((t) => t[0] === 'p' && isHex64(t[1])).map((t) => t[1]!));
        } else if (this.state.getSnapshot() === null) {
          this.set([]);
        }
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** The app's own knowledge (after a follow or unfollow). */
  set(pubkeys: Iterable<string>): void {
    const next = new Set(pubkeys);
    const cur = this.state.getSnapshot();
    if (cur && cur.size === next.size && [...next].every((p) => cur.has(p))) return;
    this.state.set(next);
  }
}
