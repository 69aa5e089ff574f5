import { DM_RELAYS_KIND, type NostrEvent } from '@swell/nostr';
import type { CacheApi } from '../cache/cache-api.ts';
import type { RelayPool } from '../relay/relay-pool.ts';
import { normalizeRelayUrl } from '../relay/relay-url.ts';

/** What is known of where a user receives direct messages. */
export interface DmRelays {
  /** The relays of their kind 10050 list, or null when they have none. */
  dmList: string[] | null;
  /** Their NIP-65 relays (the cache's `get_user_relays`): read ones, for a fallback. */
  readRelays: string[];
}

/** How long an answer is reused. */
const FRESH_MS = 10 * 60 * 1000;

/** The `relay` tags of a kind 10050 event (NIP-17), normalised, without duplicates. */
export function dmRelaysOf(event: Pick<NostrEvent, 'tags'>): string[] {
  const out = new Set<string>();
  for (const t of event.tags) {
    if (t[0] !== 'relay' || !t[1]) continue;
    const url = normalizeRelayUrl(t[1]);
    if (url) out.add(url);
  }
  return [...out];
}

/**
 * Looks up users' DM relays (NIP-17 kind 10050) on the user's read relays and on the user's own
 * NIP-65 relays, and their NIP-65 read relays through the cache. Answers are reused for 10
 * minutes; `forget` drops one (after the user publishes a new list).
 */
export class DmRelayDirectory {
  private readonly pool: () => Promise<RelayPool>;
  private readonly api: CacheApi;
  private readonly now: () => number;
  private readonly known = new Map<string, { at: number; value: Promise<DmRelays> }>();

  constructor(options: { pool: () => Promise<RelayPool>; api: CacheApi; now?: () => number }) {
    this.pool = options.pool;
    this.api = options.api;
    this.now = options.now ?? Date.now;
  }

  relaysOf(pubkey: string): Promise<DmRelays> {
    const hit = this.known.get(pubkey);
    if (hit && this.now() - hit.at < FRESH_MS) return hit.value;
    const value = this.lookUp(pubkey);
    this.known.set(pubkey, { at: this.now(), value });
    value.catch(() => this.known.delete(pubkey));
    return value;
  }

  forget(pubkey: string): void {
    this.known.delete(pubkey);
  }

  private async lookUp(pubkey: string): Promise<DmRelays> {
    const readRelays = await this.nip65ReadRelays(pubkey);
    const pool = await this.pool();
    const where = [...new Set([...pool.readRelays(), ...readRelays])];
    const events =
      where.length === 0
        ? []
        : await pool.query([{ kinds: [DM_RELAYS_KIND], authors: [pubkey] }], {
            relays: where,
            connect: true,
          });
    const newest = events
      .filter((e) => e.pubkey === pubkey && e.kind === DM_RELAYS_KIND)
      .sort((a, b) => b.created_at - a.created_at)[0];
    const list = newest ? dmRelaysOf(newest) : [];
    return { dmList: list.length > 0 ? list : null, readRelays };
  }

  private async nip65ReadRelays(pubkey: string): Promise<string[]> {
    try {
      const page = await this.api.getUserRelays(pubkey);
      const tags = page.userRelays[pubkey] ?? [];
      const out = new Set<string>();
      for (const t of tags) {
        if (t[0] !== 'r' || !t[1] || t[2] === 'write') continue;
        const url = normalizeRelayUrl(t[1]);
        if (url) out.add(url);
      }
      return [...out];
    } catch {
      return [];
    }
  }
}
