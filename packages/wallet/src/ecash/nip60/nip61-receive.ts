import { NUTZAP_KIND, parseNutzap, proofLockKey, type Nutzap } from '@swell/nostr';
import type { WalletStorage } from '../storage/wallet-storage.ts';
import { lockPublicKey } from './nip60-events.ts';
import type { Nip60Io } from './nip60-sync.ts';

export const NIP61_STATE_KEY = 'nip61';

/** What became of one incoming nutzap. */
export interface NutzapOutcome {
  id: string;
  sender: string;
  /** Sats the nutzap carried. */
  amount: number;
  /**
   * `redeemed`: swapped into the wallet; `spent`: the mint says its proofs were spent already (a
   * nutzap redeemed before, here or on another device: not counted again); `failed`: try later.
   */
  status: 'redeemed' | 'spent' | 'failed';
  /** Sats that arrived (net of the mint's fee), when redeemed. */
  received?: number;
  error?: string;
}

/** The wallet's side of receiving nutzaps. */
export interface NutzapHost {
  storage: WalletStorage;
  /** The P2PK private keys the wallet holds (the relays' one first). */
  lockKeys(): Promise<string[]>;
  mints(): Promise<string[]>;
  /** Swaps the proofs into the wallet, signing with `privkey` (NUT-11). */
  redeem(nutzap: Nutzap, privkey: string): Promise<{ amount: number }>;
}

interface Nip61State {
  /** Nutzaps settled here: redeemed, spent, or not for this wallet. */
  seen: string[];
}

/**
 * Finds the nutzaps sent to the user (kind 9321 with their `p`, from their relays) and redeems the
 * new ones: only from a mint of the wallet (NIP-61: from mints the 10019 lists), only proofs locked
 * to one of the wallet's P2PK keys. Each nutzap is settled once; one the mint refuses as spent
 * (redeemed before) is settled without a second history line.
 */
export async function receiveNutzaps(host: NutzapHost, io: Nip60Io): Promise<NutzapOutcome[]> {
  const state = (await host.storage.getMeta<Nip61State>(NIP61_STATE_KEY)) ?? { seen: [] };
  const seen = new Set(state.seen);
  const keys = await host.lockKeys();
  const byPub = new Map(keys.map((k) => [lockPublicKey(k), k]));
  const mints = new Set(await host.mints());
  const events = await io.query([{ kinds: [NUTZAP_KIND], '#p': [io.pubkey] }]);
  const out: NutzapOutcome[] = [];
  for (const event of events.sort((a, b) => a.created_at - b.created_at)) {
    if (seen.has(event.id)) continue;
    const nutzap = parseNutzap(event);
    if ('error' in nutzap || nutzap.recipient !== io.pubkey || nutzap.unit !== 'sat') {
      seen.add(event.id);
      continue;
    }
    // Another mint: left for when the wallet adds it.
    if (!mints.has(nutzap.mint)) continue;
    const locks = new Set(nutzap.proofs.map((p) => proofLockKey(p.secret)));
    const key = locks.size === 1 ? byPub.get([...locks][0]!) : undefined;
    if (!key) {
      seen.add(event.id);
      continue;
    }
    const base = { id: nutzap.id, sender: nutzap.sender, amount: nutzap.amount };
    try {
      const { amount } = await host.redeem(nutzap, key);
      out.push({ ...base, status: 'redeemed', received: amount });
      seen.add(event.id);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'token-spent') {
        out.push({ ...base, status: 'spent' });
        seen.add(event.id);
      } else {
        out.push({ ...base, status: 'failed', error: (err as Error).message });
      }
    }
  }
  await host.storage.setMeta(NIP61_STATE_KEY, { seen: [...seen] } satisfies Nip61State);
  return out;
}
