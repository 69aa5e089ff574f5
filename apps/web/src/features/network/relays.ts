import { normalizeRelayUrl, relaySettingsFromUrls, type RelaySettings } from '@swell/client';
import { api } from '@/data/connection.ts';
import { records } from '@/data/records.ts';
import { relays } from '@/data/relays.ts';

/**
 * The user's relays (per-user record `relaySettings`); when none are stored, the server's
 * defaults (get_default_relays). Applied to the relay pool.
 */
export async function connectRelays(pubkey: string | null): Promise<RelaySettings> {
  let settings = records().get(pubkey).relaySettings;
  if (Object.keys(settings).length === 0) {
    const urls = await api()
      .getDefaultRelays()
      .catch(() => [] as string[]);
    settings = relaySettingsFromUrls(urls);
    if (Object.keys(settings).length > 0) records().update(pubkey, { relaySettings: settings });
  }
  relays().setRelays(settings);
  return settings;
}

export function saveRelays(pubkey: string | null, settings: RelaySettings): void {
  records().update(pubkey, { relaySettings: settings });
  relays().setRelays(settings);
}

/** A relay URL the user typed, normalised; null when it is not a ws(s) URL. */
export function parseRelayUrl(text: string): string | null {
  const t = text.trim();
  if (!/^wss?:\/\//i.test(t)) return null;
  return normalizeRelayUrl(t);
}
