import type { Filter } from '@swell/nostr';
import type { EcashWallet, Nip60Io } from '@swell/wallet/ecash';
import { swell } from '@/data/client.ts';

/** Kinds whose arrival from another device calls for a sync round (NIP-60). */
const watchedKinds = [17375, 7375, 5, 7376];
/** A round after each change here, this long after the last one (changes come in bursts). */
const debounceMs = 400;
/** A round now and then even without news (a relay that missed a live event). */
const everyMs = 60_000;

/**
 * The NIP-60 side of the app for the signed-in user: NIP-44 to self through their signer,
 * events signed and sent through the persistent outbox, reads from their read and write relays.
 * null when nobody can sign (guest, read-only key, locked PIN).
 */
export async function walletRelayIo(pubkey: string): Promise<Nip60Io | null> {
  const client = swell();
  const signer = client.session.signer;
  if (!signer || client.session.pubkey !== pubkey) return null;
  const pool = await client.loadRelays();
  if (pool.readRelays().length === 0 && pool.writeRelays().length === 0) {
    await client.connectRelays().catch(() => undefined);
  }
  const relays = () => [...new Set([...pool.readRelays(), ...pool.writeRelays()])];
  return {
    pubkey,
    relays: pool.readRelays(),
    encrypt: (text) => signer.nip44.encrypt(pubkey, text),
    decrypt: (payload) => signer.nip44.decrypt(pubkey, payload),
    publish: async (template) => {
      const write = await client.write();
      const { event, result } = await write.publishEvent(template);
      return { id: event.id, sent: result.then((r) => r.status === 'sent') };
    },
    query: async (filters: Filter[]) =>
      (await pool.queryRelays(filters, relays(), { eoseTimeoutMs: 8000 })).map((r) => r.event),
  };
}

export interface RelaySync {
  /** Runs a round soon (after `debounceMs`); rounds never overlap. */
  schedule(delayMs?: number): void;
  /** Resolves after the next round ended (tests, the wallet screen's pull). */
  stop(): void;
}

/**
 * Keeps `wallet` in the user's relays while it is open: a round at once, after every change of
 * the wallet (debounced), when one of the user's wallet events arrives live from a relay (another
 * device spent or received) or a nutzap to them does, and every minute. A round syncs (NIP-60),
 * then redeems new nutzaps (NIP-61). A round's failure (no relay, a signer that said no)
 * waits for the next one; the wallet keeps working from IndexedDB.
 */
export function startRelaySync(pubkey: string, wallet: EcashWallet): RelaySync {
  let stopped = false;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let io: Nip60Io | null = null;
  let closeLive: (() => void) | undefined;

  const round = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      io ??= await walletRelayIo(pubkey);
      if (io && !stopped) {
        await wallet.syncRelays(io);
        // Nutzaps to the user (NIP-61): redeemed ones change the wallet, which calls another
        // round, and that one records them in the relays (7376, redeemed).
        if (!stopped) await wallet.receiveNutzaps(io);
      }
    } catch {
      // Offline, or the signer refused: the next round tries again.
    } finally {
      running = false;
      if (again && !stopped) {
        again = false;
        schedule();
      }
    }
  };

  function schedule(delayMs = debounceMs) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void round(), delayMs);
  }

  const offChange = wallet.subscribe((event) => {
    if (event === 'changed') schedule();
  });
  const interval = setInterval(() => schedule(0), everyMs);
  void (async () => {
    const pool = await swell().loadRelays();
    if (stopped) return;
    const since = Math.floor(Date.now() / 1000) - 5;
    const sub = pool.subscribeFilters(
      [
        { kinds: watchedKinds, authors: [pubkey], since },
        { kinds: [9321], '#p': [pubkey], since },
      ],
      { onEvent: () => schedule() },
    );
    closeLive = () => sub.close();
  })().catch(() => undefined);
  schedule(0);

  return {
    schedule,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      clearInterval(interval);
      offChange();
      closeLive?.();
    },
  };
}
