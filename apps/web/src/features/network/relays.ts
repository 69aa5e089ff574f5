import { normalizeRelayUrl, type RelayPool, type RelaySettings } from '@swell/client';
import { useEffect, useState } from 'react';
import { swell } from '@/data/client.ts';

/** The relay pool once loaded (it carries the curves, so it loads with the screens using it). */
export function useRelayPool(): RelayPool | null {
  const [pool, setPool] = useState<RelayPool | null>(null);
  useEffect(() => {
    let live = true;
    void swell()
      .loadRelays()
      .then((p) => live && setPool(p));
    return () => {
      live = false;
    };
  }, []);
  return pool;
}

/** The user's relays: NIP-65 list merged with Settings > Network (server defaults if none). */
export async function connectRelays(): Promise<RelaySettings> {
  return (await swell().connectRelays()).settings;
}

/** Settings > Network: stores the local relay settings and applies them. */
export function saveRelays(settings: RelaySettings): void {
  void swell()
    .saveRelaySettings(settings)
    .catch(() => {});
}

/** A relay URL the user typed, normalised; null when it is not a ws(s) URL. */
export function parseRelayUrl(text: string): string | null {
  const t = text.trim();
  if (!/^wss?:\/\//i.test(t)) return null;
  return normalizeRelayUrl(t);
}
