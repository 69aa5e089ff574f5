import type { SignedEvent, TopZap } from '@swell/cache-protocol';
import { parseThreadRefs, type ThreadRefs } from '@swell/nostr';

/** Lease id -> the notes and users a live view holds. */
export type Leases = Map<number, { notes: Set<string>; users: Set<string> }>;

const refsOf = new WeakMap<SignedEvent, ThreadRefs>();

function refs(e: SignedEvent): ThreadRefs {
  let r = refsOf.get(e);
  if (!r) {
    r = parseThreadRefs(e);
    refsOf.set(e, r);
  }
  return r;
}

/**
 * Everything live views need: the notes they hold, what those notes show with them (the
 * reposted original, the parent and root, quoted and mentioned notes, one level deep), and the
 * users of all of these (authors, mentioned users, top zappers) plus the users views hold.
 */
export function liveEntities(
  leases: Leases,
  note: (id: string) => SignedEvent | undefined,
  reposts: ReadonlyMap<string, string>,
  topZaps: ReadonlyMap<string, TopZap[]>,
): { notes: Set<string>; users: Set<string> } {
  const notes = new Set<string>();
  const users = new Set<string>();
  const held = new Set<string>();
  for (const lease of leases.values()) {
    for (const id of lease.notes) held.add(id);
    for (const pk of lease.users) users.add(pk);
  }
  const add = (id: string | undefined): SignedEvent | undefined => {
    if (id === undefined) return undefined;
    notes.add(id);
    const original = reposts.get(id);
    if (original !== undefined && original !== id) add(original);
    const e = note(id);
    if (e) {
      users.add(e.pubkey);
      for (const z of topZaps.get(id) ?? []) users.add(z.sender);
    }
    return e;
  };
  for (const id of held) {
    const e = add(id);
    const original = reposts.get(id);
    for (const shown of [e, original === undefined ? undefined : note(original)]) {
      if (!shown) continue;
      const r = refs(shown);
      for (const pk of r.mentionedUsers) users.add(pk);
      add(r.root);
      add(r.reply);
      for (const m of r.mentionedNotes) add(m);
    }
  }
  return { notes, users };
}
