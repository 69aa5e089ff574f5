import type { RelaySettings } from '../storage/user-record.ts';
import { normalizeRelayUrl } from './relay-url.ts';

/**
 * Relay lists <-> relay settings. A NIP-65 relay list (kind 10002, also what `get_user_relays`
 * returns as tags) has `["r", url]` (read and write), `["r", url, "read"]` or
 * `["r", url, "write"]`. Invalid URLs are skipped; duplicates merge their flags.
 */
export function relaySettingsFromTags(tags: readonly (readonly string[])[]): RelaySettings {
  const out: RelaySettings = {};
  for (const tag of tags) {
    if (tag[0] !== 'r' || typeof tag[1] !== 'string') continue;
    const url = normalizeRelayUrl(tag[1]);
    if (!url) continue;
    const marker = tag[2];
    const read = marker === undefined || marker === '' || marker === 'read';
    const write = marker === undefined || marker === '' || marker === 'write';
    if (!read && !write) continue;
    const prev = out[url] ?? { read: false, write: false };
    out[url] = { read: prev.read || read, write: prev.write || write };
  }
  return out;
}

/** The r-tags of a kind 10002 event for these settings (relays with neither flag are left out). */
export function relayTagsFromSettings(settings: RelaySettings): string[][] {
  const tags: string[][] = [];
  for (const [url, { read, write }] of Object.entries(settings)) {
    if (read && write) tags.push(['r', url]);
    else if (read) tags.push(['r', url, 'read']);
    else if (write) tags.push(['r', url, 'write']);
  }
  return tags;
}

/** Plain URL lists (e.g. `get_default_relays`) become read+write relays. */
export function relaySettingsFromUrls(urls: readonly string[]): RelaySettings {
  return relaySettingsFromTags(urls.map((u) => ['r', u]));
}

/**
 * The relays to use: the user's NIP-65 list (kind 10002) merged with the local relay settings
 * (Settings > Network). A relay in either list is used; its read and write flags are the union
 * of both lists' flags.
 */
export function mergeRelaySettings(...lists: readonly RelaySettings[]): RelaySettings {
  const out: RelaySettings = {};
  for (const list of lists) {
    for (const [url, flags] of Object.entries(list)) {
      const n = normalizeRelayUrl(url);
      if (!n) continue;
      const prev = out[n] ?? { read: false, write: false };
      out[n] = { read: prev.read || !!flags.read, write: prev.write || !!flags.write };
    }
  }
  return out;
}
