import type { NostrEvent } from '@swell/nostr';
import type { Store } from '../store/store.ts';
import { membershipDb } from './membership-tables.ts';

/**
 * Earlier versions of `pubkey`'s contact list (kind 3), newest first, as the signed events they
 * were: `created_at <= until`, skipping `offset` at the boundary. Restoring one is the client's
 * job: it signs a new kind 3 with that version's tags and content.
 */
export async function contactListVersions(
  store: Pick<Store, 'db'>,
  pubkey: string,
  page: { limit: number; until: number; offset: number },
): Promise<NostrEvent[]> {
  const rows = await membershipDb(store.db)
    .selectFrom('contact_list_history')
    .selectAll()
    .where('pubkey', '=', pubkey)
    .where('created_at', '<=', page.until)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    pubkey: r.pubkey,
    created_at: Number(r.created_at),
    kind: 3,
    tags: JSON.parse(r.tags) as string[][],
    content: r.content,
    sig: r.sig,
  }));
}
