import type { NostrEvent } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import { filterListsId, allowlistId } from './filter-lists.ts';
import { newest } from './list-update.ts';

/**
 * Fetches the newest copy of each of the user's lists from the cache, every time (a list action
 * must build on what is published now, not on what this tab saw at login).
 */
export class ListLoaders {
  private readonly api: CacheApi;

  constructor(api: CacheApi) {
    this.api = api;
  }

  private async one(
    command: 'contact_list' | 'mutelist' | 'mutelists' | 'allowlist' | 'get_bookmarks',
    pubkey: string,
    kind: number,
    d?: string,
  ): Promise<NostrEvent | null> {
    const payload = command === 'get_bookmarks' ? { pubkey } : { pubkey, extended_response: false };
    const page = await this.api.page(command, payload);
    return newest(
      page.others.filter(
        (e) =>
          e.kind === kind &&
          e.pubkey === pubkey &&
          (d === undefined || e.tags.some((t) => t[0] === 'd' && t[1] === d)),
      ),
    );
  }

  latestContacts = (pubkey: string) => this.one('contact_list', pubkey, 3);
  latestMuteList = (pubkey: string) => this.one('mutelist', pubkey, 10000);
  latestFilterLists = (pubkey: string) => this.one('mutelists', pubkey, 30000, filterListsId);
  latestAllowlist = (pubkey: string) => this.one('allowlist', pubkey, 30000, allowlistId);
  latestBookmarks = (pubkey: string) => this.one('get_bookmarks', pubkey, 10003);

  /** Another user's mute list with their muted users' profiles (the /mutelist page). */
  muteListWithUsers(pubkey: string) {
    return this.api.page('mutelist', { pubkey, extended_response: true });
  }
}
