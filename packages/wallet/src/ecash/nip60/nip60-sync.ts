import {
  compressedLockKey,
  nutzapInfoTemplate,
  NUTZAP_INFO_KIND,
  parseNutzapInfo,
  type Filter,
  type NostrEvent,
} from '@swell/nostr';
import type { ProofData } from '../proof.ts';
import type { HistoryEntry, StoredProof, WalletStorage } from '../storage/wallet-storage.ts';
import {
  DELETION_KIND,
  historyParts,
  HISTORY_KIND,
  lockPublicKey,
  parseHistory,
  parseTokenContent,
  parseWalletContent,
  tokenContentJson,
  tokenDeletionTemplate,
  TOKEN_KIND,
  walletContentJson,
  WALLET_KIND,
  type Nip60Template,
  type TokenContent,
  type WalletContent,
} from './nip60-events.ts';

/**
 * What the NIP-60 sync needs from the app: the user's key, NIP-44 to self, signing and sending
 * through the outbox, and reading the user's relays. Nothing here sees the user's secret key.
 */
export interface Nip60Io {
  /** The user's Nostr public key (hex). */
  pubkey: string;
  encrypt(plaintext: string): Promise<string>;
  decrypt(ciphertext: string): Promise<string>;
  /**
   * Signs and hands the event to the outbox. `sent` resolves true once a relay accepted it,
   * false if none did (the outbox keeps trying).
   */
  publish(template: Nip60Template): Promise<{ id: string; sent: Promise<boolean> }>;
  /** The user's stored events matching the filters, from their relays. */
  query(filters: Filter[]): Promise<NostrEvent[]>;
  /** Relays listed in the nutzap info (where the user reads nutzaps). */
  relays?: string[];
}

/** What the sync keeps between runs (sealed in the wallet's storage). */
export interface Nip60State {
  /**
   * Proofs this device held that were also in a live token event after the last sync: secret and
   * that event's id. One later missing from every live event, its event deleted, was spent or sent
   * by another device. (Missing while its event is not known deleted, it stays: a relay that
   * answered only in part takes nothing away.)
   */
  held: Array<[secret: string, eventId: string]>;
  /** Local history entries already published as 7376 (their ids). */
  published: string[];
  /** Ids of remote 7376 events already imported. */
  imported: string[];
  /** The P2PK private key the relays' wallet event names (nutzaps are locked to it). */
  lockKey?: string;
}

export const NIP60_STATE_KEY = 'nip60';

/** The wallet's side: storage, mints, the seed's words and its P2PK key. */
export interface Nip60Host {
  storage: WalletStorage;
  now(): number;
  mnemonic: string;
  /** The P2PK private key the wallet uses when its relays name none. */
  lockKey: string;
  /** NUT-07: for each proof, 'unspent' | 'pending' | 'spent'; throws if the mint is unreachable. */
  checkStates(mint: string, proofs: ProofData[]): Promise<Array<'unspent' | 'pending' | 'spent'>>;
  /** Adds a mint named by the wallet event (throws if it cannot be reached or issues no sats). */
  addMint(url: string): Promise<void>;
}

export interface Nip60Report {
  /** Proofs that came from the relays into this device (sats). */
  imported: number;
  /** Proofs dropped here because another device spent or sent them (sats). */
  dropped: number;
  /** Token events published (new proofs, roll-overs). */
  published: number;
  /** Token events deleted. */
  deleted: number;
  /** Whether the wallet event (and nutzap info) went out. */
  walletPublished: boolean;
  /** Mints whose proofs could not be checked this time. */
  unreachable: string[];
  /** The P2PK private key in use (the relays' if they name one). */
  lockKey: string;
  /** Whether the local state changed. */
  changed: boolean;
}

interface LiveToken extends TokenContent {
  id: string;
}

async function readState(storage: WalletStorage): Promise<Nip60State> {
  const s = await storage.getMeta<Partial<Nip60State>>(NIP60_STATE_KEY);
  const held = Array.isArray(s?.held) ? s.held.filter((h) => Array.isArray(h)) : [];
  return { held, published: s?.published ?? [], imported: s?.imported ?? [] };
}

/** The newest event of a replaceable kind (ties: the lowest id, as NIP-01 says). */
function newest(events: readonly NostrEvent[], kind: number): NostrEvent | undefined {
  let best: NostrEvent | undefined;
  for (const e of events) {
    if (e.kind !== kind) continue;
    if (
      !best ||
      e.created_at > best.created_at ||
      (e.created_at === best.created_at && e.id < best.id)
    )
      best = e;
  }
  return best;
}

/** The wallet event of the user from their relays (decrypted), if any. */
export async function fetchWalletEvent(
  io: Nip60Io,
): Promise<{ event: NostrEvent; wallet: WalletContent } | undefined> {
  const events = await io.query([{ kinds: [WALLET_KIND], authors: [io.pubkey] }]);
  const event = newest(events, WALLET_KIND);
  if (!event) return undefined;
  let plain: string;
  try {
    plain = await io.decrypt(event.content);
  } catch {
    return undefined;
  }
  const wallet = parseWalletContent(plain);
  return wallet ? { event, wallet } : undefined;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * One round of NIP-60 sync: reads the wallet, token, deletion and history events of the user,
 * merges them with the local store and publishes what changed.
 *
 * - A proof in a live token event that this device does not hold is taken in if its mint says it
 *   is unspent (the mint decides conflicts), and rolled out of the relays if it is spent.
 * - A proof this device held that no live token event carries any more was spent or sent by
 *   another device: it is dropped here. A ready proof not yet in any event is published.
 * - A token event holding a proof that is spent, sent or in flight here is deleted (kind 5, `k`
 *   7375) after its unspent proofs were rolled over into a new event (`del` naming it), which
 *   is sent first, so no relay ever has the deletion without the roll-over.
 * - Every proof goes out NIP-44 encrypted inside a token event; none is ever in a tag.
 */
export async function syncNip60(host: Nip60Host, io: Nip60Io): Promise<Nip60Report> {
  const { storage } = host;
  const events = await io.query([
    { kinds: [WALLET_KIND, TOKEN_KIND, HISTORY_KIND, NUTZAP_INFO_KIND], authors: [io.pubkey] },
    { kinds: [DELETION_KIND], authors: [io.pubkey], '#k': [String(TOKEN_KIND)] },
  ]);
  const state = await readState(storage);
  const report: Nip60Report = {
    imported: 0,
    dropped: 0,
    published: 0,
    deleted: 0,
    walletPublished: false,
    unreachable: [],
    lockKey: host.lockKey,
    changed: false,
  };

  // The wallet event: its mints join ours; its key is the one nutzaps are locked to.
  const walletEvent = newest(events, WALLET_KIND);
  let remoteWallet: WalletContent | undefined;
  if (walletEvent) {
    try {
      remoteWallet = parseWalletContent(await io.decrypt(walletEvent.content));
    } catch {
      remoteWallet = undefined;
    }
  }
  if (remoteWallet) report.lockKey = remoteWallet.privkey;
  let localMints = (await storage.mints()).map((m) => m.url);
  for (const url of remoteWallet?.mints ?? []) {
    if (localMints.includes(url)) continue;
    try {
      await host.addMint(url);
      report.changed = true;
    } catch {
      report.unreachable.push(url);
    }
  }
  localMints = (await storage.mints()).map((m) => m.url);

  // Live token events: not deleted by a kind 5 nor replaced by another token event's `del`.
  const deleted = new Set<string>();
  for (const e of events) {
    if (e.kind !== DELETION_KIND) continue;
    for (const t of e.tags) if (t[0] === 'e' && typeof t[1] === 'string') deleted.add(t[1]);
  }
  const tokens: LiveToken[] = [];
  for (const e of events) {
    if (e.kind !== TOKEN_KIND) continue;
    let content: TokenContent | undefined;
    try {
      content = parseTokenContent(await io.decrypt(e.content));
    } catch {
      continue;
    }
    if (!content) continue;
    for (const d of content.del) deleted.add(d);
    tokens.push({ id: e.id, ...content });
  }
  const live = tokens.filter((t) => !deleted.has(t.id) && t.unit === 'sat');
  const remote = new Map<string, { proof: ProofData; mint: string }>();
  for (const t of live) {
    for (const p of t.proofs) {
      if (!remote.has(p.secret)) remote.set(p.secret, { proof: p, mint: t.mint });
    }
  }

  const local = new Map<string, StoredProof>((await storage.proofs()).map((p) => [p.secret, p]));
  const held = new Map(state.held);
  const removeRemote = new Set<string>();
  const candidates = new Map<string, Array<{ proof: ProofData; mint: string }>>();
  for (const [secret, r] of remote) {
    const mine = local.get(secret);
    if (mine) {
      if (mine.state !== 'ready') removeRemote.add(secret);
    } else if (held.has(secret)) {
      removeRemote.add(secret);
    } else if (localMints.includes(r.mint)) {
      candidates.set(r.mint, [...(candidates.get(r.mint) ?? []), r]);
    }
  }

  // New proofs from another device: the mint says whether they are still good.
  const now = host.now();
  const imports: StoredProof[] = [];
  for (const [mint, list] of candidates) {
    let states: Array<'unspent' | 'pending' | 'spent'>;
    try {
      states = await host.checkStates(
        mint,
        list.map((r) => r.proof),
      );
    } catch {
      report.unreachable.push(mint);
      continue;
    }
    list.forEach((r, i) => {
      if (states[i] === 'unspent') {
        imports.push({ ...r.proof, mint, state: 'ready', addedAt: now });
      } else if (states[i] === 'spent') removeRemote.add(r.proof.secret);
    });
  }

  // Proofs held here that no live event carries any more: spent or sent elsewhere.
  const dropLocal: StoredProof[] = [];
  const fresh = new Map<string, StoredProof[]>();
  for (const p of local.values()) {
    if (p.state !== 'ready' || remote.has(p.secret)) continue;
    const was = held.get(p.secret);
    if (was !== undefined && deleted.has(was)) dropLocal.push(p);
    else if (was === undefined) fresh.set(p.mint, [...(fresh.get(p.mint) ?? []), p]);
  }

  if (imports.length || dropLocal.length) {
    await storage.commit({
      putProofs: imports,
      deleteProofs: dropLocal.map((p) => p.secret),
    });
    report.imported = imports.reduce((s, p) => s + p.amount, 0);
    report.dropped = dropLocal.reduce((s, p) => s + p.amount, 0);
    report.changed = true;
  }

  // Roll over the events that hold a proof to remove, with the fresh proofs of their mint.
  const affected = live.filter((t) => t.proofs.some((p) => removeRemote.has(p.secret)));
  const outgoing = new Map<string, { proofs: ProofData[]; del: string[] }>();
  const placed = new Set<string>();
  const bucket = (mint: string) => {
    let b = outgoing.get(mint);
    if (!b) outgoing.set(mint, (b = { proofs: [], del: [] }));
    return b;
  };
  for (const t of affected) {
    const b = bucket(t.mint);
    b.del.push(t.id);
    for (const p of t.proofs) {
      if (removeRemote.has(p.secret) || placed.has(p.secret)) continue;
      placed.add(p.secret);
      b.proofs.push(p);
    }
  }
  for (const [mint, proofs] of fresh) {
    const b = bucket(mint);
    for (const p of proofs) {
      if (placed.has(p.secret)) continue;
      placed.add(p.secret);
      const { mint: _m, state: _s, ref: _r, addedAt: _a, ...data } = p;
      b.proofs.push(data);
    }
  }
  const published: string[] = [];
  const sends: Array<Promise<boolean>> = [];
  const carriers = new Map<string, string>();
  for (const [mint, b] of outgoing) {
    if (b.proofs.length === 0) continue;
    const content = await io.encrypt(
      tokenContentJson({ mint, unit: 'sat', proofs: b.proofs, del: b.del }),
    );
    const { id, sent } = await io.publish({ kind: TOKEN_KIND, tags: [], content });
    published.push(id);
    // Counted as carried only once a relay has the event: until then the proofs are fresh.
    sends.push(
      sent.then((ok) => {
        if (ok) for (const p of b.proofs) carriers.set(p.secret, id);
        return ok;
      }),
    );
    report.published++;
  }
  // The deletion only after the roll-overs are on a relay.
  const toDelete = affected.map((t) => t.id);
  const allSent = (await Promise.all(sends)).every(Boolean);
  if (toDelete.length) {
    if (allSent) {
      await io.publish(tokenDeletionTemplate(toDelete));
      report.deleted = toDelete.length;
    }
  }

  // History: our finished lines go out once (amounts only, encrypted).
  const history = await storage.history();
  const publishedHistory = new Set(state.published);
  const importedHistory = new Set(state.imported);
  for (const entry of history) {
    if (publishedHistory.has(entry.id) || entry.id.startsWith('nip60:')) continue;
    if (entry.status !== 'done' && entry.status !== 'reclaimed') continue;
    const direction = entry.kind === 'mint' || entry.kind === 'receive' ? 'in' : 'out';
    const parts = historyParts({
      direction,
      amount: entry.amount,
      unit: 'sat',
      refs: [
        ...published.map((id) => ({ id, marker: 'created' as const })),
        ...(entry.nutzap ? [{ id: entry.nutzap, marker: 'redeemed' as const }] : []),
      ],
    });
    const { id } = await io.publish({
      kind: HISTORY_KIND,
      tags: parts.tags,
      content: await io.encrypt(parts.content),
    });
    publishedHistory.add(entry.id);
    importedHistory.add(id);
  }
  // Other devices' lines come in as lines of this wallet's history.
  const incoming: HistoryEntry[] = [];
  for (const e of events) {
    if (e.kind !== HISTORY_KIND || importedHistory.has(e.id)) continue;
    importedHistory.add(e.id);
    let line;
    try {
      line = parseHistory(await io.decrypt(e.content), e.tags);
    } catch {
      continue;
    }
    if (!line || line.unit !== 'sat') continue;
    incoming.push({
      id: `nip60:${e.id}`,
      kind: line.direction === 'in' ? 'receive' : 'send',
      mint: '',
      amount: line.amount,
      fee: 0,
      status: 'done',
      createdAt: e.created_at * 1000,
      updatedAt: e.created_at * 1000,
      ...(line.refs.some((r) => r.marker === 'redeemed') ? { memo: 'nutzap' } : {}),
    });
  }
  if (incoming.length) {
    await storage.commit({ putHistory: incoming });
    report.changed = true;
  }

  // The wallet event and the nutzap info, when missing or out of date.
  const mints = (await storage.mints()).map((m) => m.url).sort();
  if (mints.length > 0) {
    const wanted: WalletContent = { privkey: report.lockKey, mints, mnemonic: host.mnemonic };
    const stale =
      !remoteWallet ||
      remoteWallet.privkey !== wanted.privkey ||
      remoteWallet.mnemonic !== wanted.mnemonic ||
      !sameSet(remoteWallet.mints, mints);
    if (stale) {
      await io.publish({
        kind: WALLET_KIND,
        tags: [],
        content: await io.encrypt(walletContentJson(wanted)),
      });
      report.walletPublished = true;
    }
    const infoEvent = newest(events, NUTZAP_INFO_KIND);
    const info = infoEvent ? parseNutzapInfo(infoEvent) : undefined;
    const pubkey = compressedLockKey(lockPublicKey(report.lockKey))!;
    const relays = io.relays ?? info?.relays ?? [];
    if (
      !info ||
      info.pubkey !== pubkey ||
      !sameSet(
        info.mints.map((m) => m.url),
        mints,
      ) ||
      !sameSet(info.relays, relays)
    ) {
      const template = nutzapInfoTemplate(
        { pubkey, mints: mints.map((url) => ({ url, units: ['sat'] })), relays },
        Math.floor(now / 1000),
      );
      await io.publish({ kind: template.kind, tags: template.tags, content: template.content });
      report.walletPublished = true;
    }
  }

  // What this device now holds that a live event carries (and which event).
  const carried = new Map<string, string>();
  for (const t of live) {
    if (report.deleted > 0 && toDelete.includes(t.id)) continue;
    for (const p of t.proofs) if (!carried.has(p.secret)) carried.set(p.secret, t.id);
  }
  for (const [secret, id] of carriers) carried.set(secret, id);
  // Not seen this time and not known deleted (a relay answered in part): still where it was.
  for (const [secret, id] of held)
    if (!carried.has(secret) && !deleted.has(id)) carried.set(secret, id);
  const after = (await storage.proofs()).filter(
    (p) => p.state === 'ready' && carried.has(p.secret),
  );
  await storage.setMeta(NIP60_STATE_KEY, {
    held: after.map((p): [string, string] => [p.secret, carried.get(p.secret)!]),
    published: [...publishedHistory],
    imported: [...importedHistory],
    lockKey: report.lockKey,
  } satisfies Nip60State);
  return report;
}
