import type { SignedEvent } from '@swell/cache-protocol';
import {
  hasLightningAddress,
  isReceiptFor,
  lookupZapEndpoint,
  zap,
  zapReceiptFilter,
  type LightningProfile,
  type ZapEndpoint,
  type ZapResult,
  type ZapTarget,
} from '@swell/wallet';
import { swell } from '@/data/client.ts';
import { parseUser } from '@/data/user.ts';
import { notify } from '@/components/ui/notify.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { registerBuiltinPayers } from '@/features/zaps/builtin-payers.ts';
import { choosePayerSource } from '@/features/zaps/payer-registry.ts';
import { preferredPayer } from '@/features/zaps/payer-preference.ts';
import { dropPendingZap, putPendingZap } from '@/features/zaps/pending-zaps.ts';
import { zapFailureMessage } from '@/features/zaps/zap-errors.ts';
import { i18n } from '@/i18n/index.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ zaps });

/**
 * What a zap goes to: a note or an article (its author is paid), a profile, or the first period
 * of a subscription (NIP-88: the creator is paid, the zap request names the user's kind 7001).
 */
export type ZapSubject =
  { event: SignedEvent } | { pubkey: string } | { pubkey: string; subscription: SignedEvent };

/** How long a paid zap waits for its receipt before it is left to the next refresh. */
const receiptWaitMs = 60_000;

export function subjectPubkey(subject: ZapSubject): string {
  return 'event' in subject ? subject.event.pubkey : subject.pubkey;
}

/** The key pending zaps are kept under (what the card showing the subject asks for). */
export function subjectKey(subject: ZapSubject): string {
  if ('subscription' in subject) return subject.subscription.id;
  return 'event' in subject ? subject.event.id : subject.pubkey;
}

function coordinateOf(event: SignedEvent): string | undefined {
  if (event.kind < 30000 || event.kind >= 40000) return undefined;
  const d = event.tags.find((t) => t[0] === 'd')?.[1] ?? '';
  return `${event.kind}:${event.pubkey}:${d}`;
}

function targetOf(subject: ZapSubject): ZapTarget {
  if ('subscription' in subject) {
    const { subscription } = subject;
    return { pubkey: subject.pubkey, eventId: subscription.id, kind: subscription.kind };
  }
  if (!('event' in subject)) return { pubkey: subject.pubkey };
  const { event } = subject;
  const coordinate = coordinateOf(event);
  return {
    pubkey: event.pubkey,
    eventId: event.id,
    kind: event.kind,
    ...(coordinate ? { coordinate } : {}),
  };
}

/** The author's profile (lud16 / lud06), from the store or asked of the cache. */
export async function authorProfile(pubkey: string): Promise<LightningProfile> {
  const client = swell();
  if (!client.store.user(pubkey)) {
    await client.ingest(() => client.api.userInfos([pubkey])).catch(() => undefined);
  }
  return parseUser(pubkey, client.store.user(pubkey));
}

/** Whether the author can be zapped at all (a lightning address in their profile). */
export function canZap(profile: LightningProfile): boolean {
  return hasLightningAddress(profile);
}

/** The author's LNURL-pay service (limits for the custom zap window). Throws ZapError. */
export function zapEndpointOf(profile: LightningProfile): Promise<ZapEndpoint> {
  return lookupZapEndpoint(profile);
}

/** This server's relay, where the cache learns of receipts. */
function ownRelay(): string {
  return `${location.origin.replace(/^http/, 'ws')}/relay`;
}

async function zapRelays(): Promise<string[]> {
  const pool = await swell().loadRelays();
  const relays = pool.readRelays().slice(0, 8);
  const own = ownRelay();
  return relays.includes(own) ? relays : [own, ...relays];
}

/** Re-reads the zapped note's stats, top zaps and the user's actions from the cache. */
async function refreshSubject(subject: ZapSubject): Promise<void> {
  const client = swell();
  const viewer = client.session.pubkey ?? undefined;
  if ('event' in subject) {
    await client
      .ingest(() =>
        client.api.events([subject.event.id], {
          extended: true,
          ...(viewer ? { user_pubkey: viewer } : {}),
        }),
      )
      .catch(() => undefined);
  } else {
    await client
      .ingest(() => client.api.userProfile(subject.pubkey, viewer))
      .catch(() => undefined);
  }
}

/** Waits for the receipt (9735) on the request's relays, then lets the cache count it. */
async function awaitReceipt(subject: ZapSubject, result: ZapResult): Promise<void> {
  const key = subjectKey(subject);
  const id = result.zapRequest.id;
  const pool = await swell().loadRelays();
  const relays = result.zapRequest.tags.find((t) => t[0] === 'relays')?.slice(1) ?? [];
  await new Promise<void>((resolve) => {
    const timer = setTimeout(finish, receiptWaitMs);
    const sub = pool.subscribeFilters([zapReceiptFilter(result)], {
      relays,
      connect: true,
      onEvent: (event) => {
        if (isReceiptFor(event, result)) finish();
      },
    });
    function finish() {
      clearTimeout(timer);
      sub.close();
      resolve();
    }
  });
  // The cache indexes the receipt as its relay stores it; ask until it counts (a few tries).
  const before = 'event' in subject ? (swell().store.noteStats(key)?.zaps ?? 0) : 0;
  for (let i = 0; i < 5; i++) {
    await refreshSubject(subject);
    if (!('event' in subject) || (swell().store.noteStats(key)?.zaps ?? 0) > before) break;
    await new Promise((r) => setTimeout(r, 1000 * (i + 1)));
  }
  dropPendingZap(key, id);
}

export interface SendZapOptions {
  sats: number;
  comment: string;
  /** The toast once paid (default: "Zapped {{amount}} sats"); false: none. */
  sentMessage?: string | false;
  /** Looked up earlier (the custom zap window), to skip a second lookup. */
  endpoint?: ZapEndpoint;
}

/**
 * Zaps a note, an article or a profile: checks the author can be zapped ("zap unavailable for
 * author"), picks the payer (the user's choice, else WebLN, else wallet connect, else what other
 * sources registered), shows the zap as pending on the card at once, pays, then waits for the
 * receipt and refreshes the counts. Failures are told with the spec's messages. Resolves true
 * once paid.
 */
export async function sendZap(subject: ZapSubject, options: SendZapOptions): Promise<boolean> {
  if (!(await requireSigner('zap'))) return false;
  const t = i18n.t;
  const pubkey = subjectPubkey(subject);
  const profile = await authorProfile(pubkey);
  registerBuiltinPayers();
  const source = choosePayerSource(preferredPayer());
  const lightning = (!!options.endpoint || canZap(profile)) && !!source;
  // Ecash (NIP-61) when there is no lightning way or the user prefers their ecash wallet, and the
  // author takes nutzaps at a mint of that wallet.
  if (!('subscription' in subject) && (!lightning || preferredPayer() === 'ecash')) {
    const nutzaps = await import('@/features/zaps/nutzap-service.ts');
    const route = await nutzaps.nutzapRoute(pubkey).catch(() => null);
    if (route) return nutzaps.sendNutzap(subject, route, options);
  }
  if (!options.endpoint && !canZap(profile)) {
    notify.error(t('zaps.unavailable'));
    return false;
  }
  if (!source) {
    notify.error(t('zaps.noWallet'));
    return false;
  }
  const key = subjectKey(subject);
  let requestId: string | null = null;
  try {
    const payer = await source.create();
    const signer = swell().session.requireSigner();
    const result = await zap({
      ...(options.endpoint ? { endpoint: options.endpoint } : { profile }),
      target: targetOf(subject),
      amountMsat: options.sats * 1000,
      ...(options.comment ? { comment: options.comment } : {}),
      relays: await zapRelays(),
      signEvent: (template) => signer.signEvent(template),
      payer,
      onInvoice: (ready) => {
        requestId = ready.zapRequest.id;
        putPendingZap({
          id: requestId,
          target: key,
          sats: options.sats,
          comment: options.comment,
          state: 'paying',
        });
      },
    });
    putPendingZap({
      id: result.zapRequest.id,
      target: key,
      sats: options.sats,
      comment: options.comment,
      state: 'paid',
    });
    if (options.sentMessage !== false)
      notify.success(
        options.sentMessage ?? t('zaps.sent', { amount: options.sats.toLocaleString() }),
      );
    void awaitReceipt(subject, result);
    return true;
  } catch (err) {
    if (requestId) dropPendingZap(key, requestId);
    notify.error(zapFailureMessage(err));
    return false;
  }
}
