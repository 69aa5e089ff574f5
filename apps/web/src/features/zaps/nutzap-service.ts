import {
  NUTZAP_INFO_KIND,
  nutzapTemplate,
  parseNutzapInfo,
  type NostrEvent,
  type NutzapInfo,
} from '@swell/nostr';
import { swell } from '@/data/client.ts';
import { notify } from '@/components/ui/notify.ts';
import { hasEcashWallet } from '@/features/wallet/wallet-presence.ts';
import type { SignedEvent } from '@swell/cache-protocol';
import { zapFailureMessage } from '@/features/zaps/zap-errors.ts';
import { i18n } from '@/i18n/index.ts';

/** What a nutzap goes to: a note or an article (its author), or a profile. */
export type NutzapSubject = { event: SignedEvent } | { pubkey: string };

const subjectPubkey = (subject: NutzapSubject) =>
  'event' in subject ? subject.event.pubkey : subject.pubkey;

/** A nutzap can go: the author's 10019 and the mints it shares with the user's wallet. */
export interface NutzapRoute {
  info: NutzapInfo;
  /** Mints of the user's wallet the author accepts, with their spendable sats (largest first). */
  mints: Array<{ url: string; ready: number }>;
}

/** The author's newest nutzap info (kind 10019) from the user's relays, or null. */
export async function nutzapInfoOf(pubkey: string): Promise<NutzapInfo | null> {
  const client = swell();
  const pool = await client.loadRelays();
  // The user's relays applied first: a pool still on none (a zap window opened right after the
  // page loaded) answers "nothing" at once, and the window would say zap unavailable.
  if (pool.readRelays().length === 0 && pool.writeRelays().length === 0)
    await client.connectRelays().catch(() => undefined);
  const relays = [...new Set([...pool.readRelays(), ...pool.writeRelays()])];
  const found = await pool.queryRelays([{ kinds: [NUTZAP_INFO_KIND], authors: [pubkey] }], relays, {
    eoseTimeoutMs: 6000,
  });
  let newest: NostrEvent | undefined;
  for (const { event } of found) {
    if (!newest || event.created_at > newest.created_at) newest = event;
  }
  return newest ? (parseNutzapInfo(newest) ?? null) : null;
}

/**
 * How the user can nutzap `pubkey` now: null when the user has no ecash wallet on this device, the
 * author no 10019, or they share no mint (NIP-61: only mints the recipient lists).
 */
export async function nutzapRoute(pubkey: string): Promise<NutzapRoute | null> {
  const me = swell().session.pubkey;
  if (!me || !hasEcashWallet(me) || me === pubkey) return null;
  const info = await nutzapInfoOf(pubkey);
  if (!info) return null;
  const { walletOf } = await import('@/features/wallet/wallet-session.ts');
  const wallet = await walletOf(me);
  if (!wallet) return null;
  const accepted = new Set(
    info.mints.filter((m) => m.units.length === 0 || m.units.includes('sat')).map((m) => m.url),
  );
  const { byMint } = await wallet.balance();
  const mints = Object.entries(byMint)
    .filter(([url]) => accepted.has(url))
    .map(([url, b]) => ({ url, ready: b.ready }))
    .sort((a, b) => b.ready - a.ready);
  return mints.length ? { info, mints } : null;
}

function targetTags(subject: NutzapSubject) {
  if (!('event' in subject)) return {};
  const { event } = subject;
  const addressable = event.kind >= 30000 && event.kind < 40000;
  const d = event.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  return {
    eventId: event.id,
    targetKind: event.kind,
    ...(addressable ? { coordinate: `${event.kind}:${event.pubkey}:${d}` } : {}),
  };
}

/**
 * Nutzaps `sats` to the subject's author (NIP-61): locks them to the key of their 10019 at the
 * shared mint with the most ecash, and sends the kind 9321 through the outbox to the author's
 * nutzap relays and the user's write relays. The ecash is theirs from then on: the outbox keeps
 * the event until a relay takes it. Resolves true once the nutzap is in the outbox.
 */
export async function sendNutzap(
  subject: NutzapSubject,
  route: NutzapRoute,
  options: { sats: number; comment: string },
): Promise<boolean> {
  const t = i18n.t;
  const me = swell().session.pubkey;
  try {
    const { walletOf } = await import('@/features/wallet/wallet-session.ts');
    const wallet = me ? await walletOf(me) : null;
    if (!wallet) throw new Error(t('zaps.noWallet'));
    const mint = route.mints.find((m) => m.ready > options.sats) ?? route.mints[0]!;
    const { proofs } = await wallet.sendNutzap(options.sats, {
      mint: mint.url,
      pubkey: route.info.pubkey,
      memo: options.comment || t('zaps.nutzap.memo'),
    });
    const template = nutzapTemplate(
      {
        recipient: subjectPubkey(subject),
        mint: mint.url,
        proofs,
        ...targetTags(subject),
        ...(options.comment ? { comment: options.comment } : {}),
      },
      Math.floor(Date.now() / 1000),
    );
    const write = await swell().write();
    await write.publishEvent(
      { kind: template.kind, tags: template.tags, content: template.content },
      route.info.relays,
    );
    notify.success(t('zaps.nutzap.sent', { amount: options.sats.toLocaleString() }));
    return true;
  } catch (err) {
    notify.error(zapFailureMessage(err));
    return false;
  }
}
