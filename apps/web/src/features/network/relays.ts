import {
  normalizeRelayUrl,
  type RelayPool,
  type RelaySettings,
  type UserRelays,
} from '@swell/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { notify } from '@/components/ui/notify.ts';
import { swell } from '@/data/client.ts';
import { requireSigner } from '@/features/write/require-signer.ts';

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

/**
 * Settings > Network's relay list: what the pool uses (the user's published list, kind 10002,
 * merged with anything kept on this device; a guest's local or default relays). `commit`
 * publishes a signed-in user's edited list as a new kind 10002 (the PIN prompt or sign-in first
 * when nothing can sign) and stores a guest's on this device. null while loading.
 */
export function useRelayList(pubkey: string | null): {
  list: RelaySettings | null;
  publishes: boolean;
  commit(list: RelaySettings): Promise<void>;
} {
  const { t } = useTranslation();
  const [relays, setRelays] = useState<UserRelays | null>(null);
  // Edits show at once; an answer to an older edit does not undo a newer one.
  const latest = useRef(0);
  useEffect(() => {
    let live = true;
    void swell()
      .connectRelays()
      .then((r) => live && setRelays(r))
      .catch(() => live && setRelays({ settings: {}, nip65: {}, local: {}, published: false }));
    return () => {
      live = false;
    };
  }, [pubkey]);
  const commit = useCallback(
    async (list: RelaySettings) => {
      if (!pubkey) {
        const edit = ++latest.current;
        setRelays((r) => r && { ...r, settings: list });
        const next = await swell().saveRelaySettings(list);
        if (edit === latest.current) setRelays(next);
        return;
      }
      if (!(await requireSigner())) return;
      const edit = ++latest.current;
      setRelays((r) => r && { ...r, settings: list, published: true });
      try {
        const { relays: next, sent } = await swell().publishRelayList(list);
        if (edit === latest.current) setRelays(next);
        void sent.result.then((r) => {
          if (r.status !== 'sent') notify.error(t('network.relayListFailed'));
        });
      } catch {
        notify.error(t('network.relayListFailed'));
      }
    },
    [pubkey, t],
  );
  return { list: relays?.settings ?? null, publishes: !!pubkey, commit };
}

/** A relay URL the user typed, normalised; null when it is not a ws(s) URL. */
export function parseRelayUrl(text: string): string | null {
  const t = text.trim();
  if (!/^wss?:\/\//i.test(t)) return null;
  return normalizeRelayUrl(t);
}
