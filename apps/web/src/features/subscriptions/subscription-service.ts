import type { SignedEvent } from '@swell/cache-protocol';
import {
  subscriptionTemplate,
  unsubscribeTemplate,
  type AuthorTier,
  type TierCost,
} from '@swell/client';
import { swell } from '@/data/client.ts';
import { notify } from '@/components/ui/notify.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { registerBuiltinPayers } from '@/features/zaps/builtin-payers.ts';
import { choosePayerSource } from '@/features/zaps/payer-registry.ts';
import { preferredPayer } from '@/features/zaps/payer-preference.ts';
import { zapFailureMessage } from '@/features/zaps/zap-errors.ts';
import { authorProfile, canZap, sendZap, zapEndpointOf } from '@/features/zaps/zap-service.ts';
import { i18n } from '@/i18n/index.ts';

export type SubscribeStage = 'publishing' | 'paying';

/** null: the user was sent to sign in (nothing to tell). */
export type SubscribeOutcome =
  { ok: true; event: SignedEvent } | { ok: false; message: string | null };

/**
 * Subscribes to a creator's tier (NIP-88) and pays its first period: first everything that can
 * fail before money moves is checked (a signer, a payer, the creator's lightning service and its
 * limits), then the kind 7001 is published and counts as sent only once a relay said OK (else it
 * is taken out of the outbox: nothing was paid), then the period is zapped to the creator with
 * the zap request naming the 7001. A failed payment withdraws the subscription (kind 7002, as the
 * reference client does), so no unpaid subscription is left looking done.
 */
export async function subscribeToTier(
  tier: AuthorTier,
  cost: TierCost,
  msat: number,
  onStage: (stage: SubscribeStage) => void,
): Promise<SubscribeOutcome> {
  const t = i18n.t;
  if (!(await requireSigner())) return { ok: false, message: null };
  const creator = tier.event.pubkey;
  registerBuiltinPayers();
  if (!choosePayerSource(preferredPayer())) return { ok: false, message: t('zaps.noWallet') };
  const profile = await authorProfile(creator);
  if (!canZap(profile)) return { ok: false, message: t('zaps.unavailable') };
  let endpoint;
  try {
    endpoint = await zapEndpointOf(profile);
  } catch (err) {
    return { ok: false, message: zapFailureMessage(err) };
  }
  const sats = Math.ceil(msat / 1000);
  if (msat < endpoint.minSendableMsat)
    return {
      ok: false,
      message: t('zaps.modal.tooSmall', {
        amount: Math.ceil(endpoint.minSendableMsat / 1000).toLocaleString(),
      }),
    };
  if (msat > endpoint.maxSendableMsat)
    return {
      ok: false,
      message: t('zaps.modal.tooLarge', {
        amount: Math.floor(endpoint.maxSendableMsat / 1000).toLocaleString(),
      }),
    };

  onStage('publishing');
  const write = await swell().write();
  const { event, result } = await write.publishEvent(subscriptionTemplate(tier, cost));
  const sent = await result;
  if (sent.status !== 'sent') {
    // Not left in the outbox to go out later, unpaid.
    await write.discard(event.id).catch(() => undefined);
    return { ok: false, message: t('subscribeModal.notSent') };
  }
  const signed = event as SignedEvent;

  onStage('paying');
  const paid = await sendZap(
    { pubkey: creator, subscription: signed },
    { sats, comment: '', endpoint, sentMessage: false },
  );
  if (!paid) {
    void write.publishEvent(unsubscribeTemplate(signed)).catch(() => undefined);
    return { ok: false, message: t('subscribeModal.paymentFailed') };
  }
  return { ok: true, event: signed };
}

/**
 * Ends a subscription (kind 7002). True once a relay said OK; otherwise it is taken out of the
 * outbox and the user is told to try again.
 */
export async function unsubscribe(subscription: SignedEvent, name: string): Promise<boolean> {
  const t = i18n.t;
  if (!(await requireSigner())) return false;
  const write = await swell().write();
  const { event, result } = await write.publishEvent(unsubscribeTemplate(subscription));
  const sent = await result;
  if (sent.status !== 'sent') {
    await write.discard(event.id).catch(() => undefined);
    notify.error(t('subscribeModal.unsubscribeFailed'));
    return false;
  }
  notify.success(t('subscribeModal.unsubscribed', { name }));
  return true;
}
