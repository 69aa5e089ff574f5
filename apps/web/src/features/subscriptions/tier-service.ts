import type { SignedEvent } from '@swell/cache-protocol';
import {
  tierKinds,
  tierListTemplate,
  tierTemplate,
  type AuthorTier,
  type CreatorTiers,
  type TierDraft,
  type WritePath,
} from '@swell/client';
import type { EventTemplate } from '@swell/nostr';
import { swell } from '@/data/client.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { i18n } from '@/i18n/index.ts';

/**
 * How a publish ended. `event`: the tier as it now stands on the relays (also after a partial
 * failure), so trying again builds on it. `message` null: the user was sent to sign in.
 */
export type TierOutcome =
  | { ok: true; event: SignedEvent; pending?: string }
  | { ok: false; message: string | null; event?: SignedEvent };

/**
 * Signs and sends one event through the outbox; true once a relay said OK. Otherwise it is taken
 * out of the outbox: a tier or list built on what the screen showed must not go out later over a
 * newer one, and the form still holds what the user typed.
 */
async function send(write: WritePath, template: EventTemplate): Promise<SignedEvent | null> {
  const { event, result } = await write.publishEvent(template);
  const outcome = await result;
  if (outcome.status === 'sent') return event as SignedEvent;
  await write.discard(event.id).catch(() => undefined);
  return null;
}

/**
 * The write path, with the user's relays applied first: right after a load the pool may still
 * have no write relays, and an event signed then would be sent nowhere.
 */
async function writePath(): Promise<WritePath> {
  await swell()
    .connectRelays()
    .catch(() => undefined);
  return swell().write();
}

function failure(e: unknown): TierOutcome {
  return {
    ok: false,
    message: i18n.t('tierSettings.failed', { reason: (e as Error)?.message || String(e) }),
  };
}

/**
 * Publishes a tier (kind 37001 at `d`; `previous`: the version it replaces) and the tier list
 * (kind 17000) naming it by `a` tag when the list does not yet. A new tier goes out first and the
 * list after (a list naming a tier that never came would be a dangling entry); an edit publishes
 * the list first when it still names the old version by `e` tag, since the server keeps only the
 * newest version and such a list would name nothing once the edit is in.
 */
export async function publishTier(
  current: CreatorTiers,
  draft: TierDraft,
  d: string,
  previous: SignedEvent | null,
): Promise<TierOutcome> {
  const t = i18n.t;
  if (!(await requireSigner())) return { ok: false, message: null };
  const pubkey = swell().session.pubkey!;
  const address = `${tierKinds.tier}:${pubkey}:${d}`;
  try {
    const write = await writePath();
    const list = tierListTemplate(current, { add: address });
    if (previous && list && !(await send(write, list)))
      return { ok: false, message: t('tierSettings.listNotSent'), event: previous };
    const event = await send(write, tierTemplate(draft, d, previous));
    if (!event)
      return {
        ok: false,
        message: t('tierSettings.notSent'),
        ...(previous ? { event: previous } : {}),
      };
    if (!previous && list && !(await send(write, list)))
      return { ok: false, message: t('tierSettings.listNotSentAfter'), event };
    return { ok: true, event };
  } catch (e) {
    return failure(e);
  }
}

/**
 * Removes a tier: the tier list without it (that is what stops it being offered; not sent, the
 * tier stays), then a deletion (kind 5 with its `e`, `a` and `k` tags). A deletion no relay
 * confirmed stays in the outbox to be sent again (`pending` says so).
 */
export async function removeTier(current: CreatorTiers, tier: AuthorTier): Promise<TierOutcome> {
  const t = i18n.t;
  if (!(await requireSigner())) return { ok: false, message: null };
  try {
    const write = await writePath();
    const list = tierListTemplate(current, { remove: tier.address });
    if (list && !(await send(write, list)))
      return { ok: false, message: t('tierSettings.removeNotSent') };
    const { event, result } = await write.deleteNote(tier.event);
    const outcome = await result;
    return outcome.status === 'sent'
      ? { ok: true, event: event as SignedEvent }
      : { ok: true, event: event as SignedEvent, pending: t('tierSettings.deletionPending') };
  } catch (e) {
    return failure(e);
  }
}
