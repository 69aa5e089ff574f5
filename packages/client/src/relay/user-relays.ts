import type { CacheApi } from '../cache/cache-api.ts';
import type { RelaySettings, UserRecordStore } from '../storage/user-record.ts';
import { mergeRelaySettings, relaySettingsFromTags, relaySettingsFromUrls } from './relay-list.ts';

export interface UserRelays {
  /** What the pool uses: the NIP-65 list merged with the local settings. */
  settings: RelaySettings;
  /** The user's published relay list (kind 10002), as the cache knows it. */
  nip65: RelaySettings;
  /** Settings > Network (per-user record `relaySettings`). */
  local: RelaySettings;
}

/**
 * A user's relays: their NIP-65 list (asked from the cache with `get_user_relays`) merged with
 * the local settings; when both are empty, the server's default relays become the local
 * settings (stored, so Settings > Network shows them). Guests get the local or default ones.
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
  let local = records.get(pubkey).relaySettings;
  if (Object.keys(local).length === 0 && Object.keys(nip65).length === 0) {
    const urls = await api.getDefaultRelays().catch(() => [] as string[]);
    local = relaySettingsFromUrls(urls);
    if (Object.keys(local).length > 0) records.update(pubkey, { relaySettings: local });
  }
  return { settings: mergeRelaySettings(nip65, local), nip65, local };
}
