import type { CacheApi } from '../cache/cache-api.ts';
import type { RelaySettings, UserRecordStore } from '../storage/user-record.ts';
import { sameRelaySettings } from './relay-list-edit.ts';
import { mergeRelaySettings, relaySettingsFromTags, relaySettingsFromUrls } from './relay-list.ts';

export interface UserRelays {
  /** What the pool uses (and Settings > Network shows): the user's list merged with the local settings. */
  settings: RelaySettings;
  /** The user's published relay list (kind 10002), as the cache knows it. */
  nip65: RelaySettings;
  /** Settings > Network on this device only (per-user record `relaySettings`). */
  local: RelaySettings;
  /**
   * The user has a published relay list (the cache's, or the one this device just published):
   * edits in Settings > Network publish a new one instead of staying on this device.
   */
  published: boolean;
}

/**
 * A user's relays: their NIP-65 list (asked from the cache with `get_user_relays`), or the list
 * this device published last while the cache does not have it yet (`relayListPending`, dropped
 * once the cache answers with it), merged with the local settings; when all are empty, the
 * server's default relays become the local settings (stored, so Settings > Network shows them).
 * Guests get the local or default ones.
 */
export async function loadUserRelays(
  api: CacheApi,
  records: UserRecordStore,
  pubkey: string | null,
): Promise<UserRelays> {
  let nip65: RelaySettings = {};
  if (pubkey) {
    try {
      const page = await api.getUserRelays(pubkey);
      nip65 = relaySettingsFromTags(page.userRelays[pubkey] ?? []);
    } catch (e) {
      console.warn('could not load the relay list:', (e as Error).message);
    }
  }
  let pending = pubkey ? records.get(pubkey).relayListPending : undefined;
  if (pubkey && pending && sameRelaySettings(nip65, pending)) {
    records.update(pubkey, { relayListPending: undefined });
    pending = undefined;
  }
  const list = pending ?? nip65;
  let local = records.get(pubkey).relaySettings;
  if (Object.keys(local).length === 0 && Object.keys(list).length === 0) {
    const urls = await api.getDefaultRelays().catch(() => [] as string[]);
    local = relaySettingsFromUrls(urls);
    if (Object.keys(local).length > 0) records.update(pubkey, { relaySettings: local });
  }
  return {
    settings: mergeRelaySettings(list, local),
    nip65,
    local,
    published: Object.keys(list).length > 0,
  };
}
