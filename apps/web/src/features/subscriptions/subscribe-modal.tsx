import { useId, useState, type FormEvent } from 'react';
import Check from 'lucide-react/icons/check';
import type { SignedEvent } from '@swell/cache-protocol';
import { parseTier, tierCostMsat, type AuthorTier, type TierCost } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import ConfirmDialog from '@/components/ui/confirm-dialog.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { notify } from '@/components/ui/notify.ts';
import { userLabel, useUser } from '@/data/user.ts';
import type { SubscribeStage } from '@/features/subscriptions/subscription-service.ts';
import { registerBuiltinPayers } from '@/features/zaps/builtin-payers.ts';
import { choosePayerSource, payerSourcesVersion } from '@/features/zaps/payer-registry.ts';
import { preferredPayer } from '@/features/zaps/payer-preference.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useSnapshot } from '@/data/use-model.ts';
import { shortDate } from '@/lib/format.ts';
import { useAsync } from '@/lib/use-async.ts';
import '@/components/ui/form.css';
import '@/features/subscriptions/subscriptions.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { subscribeModal } from '@/i18n/en/subscribe-modal.ts';
import { zaps } from '@/i18n/en/zaps.ts';

addStrings({ subscribeModal, zaps });

type Translate = ReturnType<typeof useTranslation>['t'];

function periodOf(t: Translate, cadence: string): string {
  const key = `subscribeModal.cadence.${cadence}`;
  const known = ['monthly', 'yearly', 'daily', 'weekly'].includes(cadence);
  return known ? t(key) : cadence;
}

/** "1,000 sats per month", "$5 (about 5,000 sats) per month". */
function priceText(t: Translate, cost: TierCost, usdPerBtc: number | undefined): string {
  const msat = tierCostMsat(cost, usdPerBtc);
  const amount =
    cost.unit === 'USD'
      ? msat === null
        ? t('subscribeModal.usd', { amount: cost.amount })
        : t('subscribeModal.usdInSats', {
            amount: cost.amount,
            sats: (msat / 1000).toLocaleString(),
          })
      : t('subscribeModal.sats', { amount: ((msat ?? 0) / 1000).toLocaleString() });
  return t('subscribeModal.price', { amount, period: periodOf(t, cost.cadence) });
}

/**
 * The author subscribe window (spec section 2): the creator's tiers with their prices per period
 * (dollar prices in sats at the server's exchange rate), perks, one price to choose; Subscribe
 * publishes the kind 7001 and pays the first period with the zap payer. With a subscription open
 * it shows it instead, with Unsubscribe (kind 7002, after a confirmation).
 */
export default function SubscribeModal({
  pubkey,
  tiers,
  subscription,
  onChange,
  onClose,
}: {
  pubkey: string;
  tiers: AuthorTier[];
  subscription: SignedEvent | null;
  /** The user's subscription now (the new 7001; null once ended). */
  onChange: (subscription: SignedEvent | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useUser(pubkey);
  const name = userLabel(user);
  const usd = tiers.some((tier) => tier.costs.some((c) => c.unit === 'USD'));
  // The server's rate, as it prices memberships (the membership code loads only for dollar tiers).
  const rate = useAsync(usd ? 'usd' : null, async () => {
    const { membershipClient } = await import('@/features/premium/membership.ts');
    return (await membershipClient()).exchangeRate();
  });
  const usdPerBtc = rate.data;
  const [choice, setChoice] = useState<string>(() => (tiers[0] ? `${tiers[0].id}:0` : ''));
  const [stage, setStage] = useState<SubscribeStage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  useSnapshot(payerSourcesVersion);
  registerBuiltinPayers();
  const source = choosePayerSource(preferredPayer());
  const errorId = useId();

  if (subscription)
    return (
      <CurrentSubscription
        name={name}
        subscription={subscription}
        usdPerBtc={usdPerBtc}
        confirming={confirming}
        setConfirming={setConfirming}
        onEnded={() => onChange(null)}
        onClose={onClose}
      />
    );

  const [tierId, costIndex] = choice.split(':');
  const tier = tiers.find((x) => x.id === tierId);
  const cost = tier?.costs[Number(costIndex)];
  const msat = cost ? tierCostMsat(cost, usdPerBtc) : null;
  const busy = stage !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!tier || !cost || msat === null || busy) return;
    setError(null);
    setStage('publishing');
    // The paying code (zap request, invoice checks) loads when the user pays.
    const { subscribeToTier } = await import('@/features/subscriptions/subscription-service.ts');
    const outcome = await subscribeToTier(tier, cost, msat, setStage);
    setStage(null);
    if (outcome.ok) {
      onChange(outcome.event);
      notify.success(t('subscribeModal.done', { name }));
      onClose();
    } else if (outcome.message) setError(outcome.message);
  };

  return (
    <Dialog
      title={t('subscribeModal.title', { name })}
      onClose={onClose}
      className="subscribe-dialog"
    >
      <form className="form subscribe-form" onSubmit={(e) => void submit(e)} noValidate>
        {tiers.length === 0 && <p className="muted">{t('subscribeModal.none')}</p>}
        <div className="subscribe-tiers">
          {tiers.map((x) => (
            <fieldset
              key={x.id}
              className="subscribe-tier"
              data-selected={x.id === tierId || undefined}
              disabled={busy}
            >
              <legend className="subscribe-tier-title">{x.title}</legend>
              {x.description && x.description !== x.title && (
                <p className="subscribe-tier-description">{x.description}</p>
              )}
              <div className="subscribe-prices">
                {x.costs.map((c, i) => {
                  const value = `${x.id}:${i}`;
                  const payable = tierCostMsat(c, usdPerBtc) !== null;
                  return (
                    <label key={value} className="subscribe-price">
                      <input
                        type="radio"
                        name="subscribe-price"
                        value={value}
                        checked={choice === value}
                        disabled={!payable}
                        onChange={() => {
                          setChoice(value);
                          setError(null);
                        }}
                      />
                      <span>{priceText(t, c, usdPerBtc)}</span>
                    </label>
                  );
                })}
              </div>
              {x.perks.length > 0 && (
                <ul className="subscribe-perks" aria-label={t('subscribeModal.perks')}>
                  {x.perks.map((perk) => (
                    <li key={perk}>
                      <Check size={14} aria-hidden />
                      {perk}
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          ))}
        </div>
        {usd && rate.error !== undefined && (
          <p className="muted subscribe-note">{t('subscribeModal.noRate')}</p>
        )}
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <p className="muted subscribe-note" role="status">
          {stage === 'publishing'
            ? t('subscribeModal.publishing')
            : stage === 'paying'
              ? t('subscribeModal.paying')
              : source && cost
                ? t('subscribeModal.payWith', {
                    period: periodOf(t, cost.cadence),
                    payer: t(source.label),
                  })
                : ''}
        </p>
        {!source && <p className="field-error">{t('zaps.noWallet')}</p>}
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            block
            disabled={busy || msat === null || !source}
            aria-busy={busy || undefined}
            aria-describedby={error ? errorId : undefined}
          >
            {t('subscribeModal.submit', {
              amount: msat === null ? '…' : (msat / 1000).toLocaleString(),
            })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The tier a subscription names (its `event` tag holds the tier event). */
function tierOf(subscription: SignedEvent): AuthorTier | null {
  const raw = subscription.tags.find((x) => x[0] === 'event')?.[1];
  try {
    return raw ? parseTier(JSON.parse(raw) as SignedEvent) : null;
  } catch {
    return null;
  }
}

function CurrentSubscription({
  name,
  subscription,
  usdPerBtc,
  confirming,
  setConfirming,
  onEnded,
  onClose,
}: {
  name: string;
  subscription: SignedEvent;
  usdPerBtc: number | undefined;
  confirming: boolean;
  setConfirming: (v: boolean) => void;
  onEnded: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const amount = subscription.tags.find((x) => x[0] === 'amount');
  const tier = tierOf(subscription);
  const cost =
    amount && (amount[2] === 'USD' || amount[2] === 'sats' || amount[2] === 'msats')
      ? ({ amount: amount[1] ?? '0', unit: amount[2], cadence: amount[3] || 'monthly' } as TierCost)
      : null;
  if (confirming)
    return (
      <ConfirmDialog
        title={t('subscribeModal.confirmTitle', { name })}
        body={t('subscribeModal.confirmBody')}
        confirmLabel={t('subscribeModal.unsubscribe')}
        danger
        onConfirm={() => {
          setBusy(true);
          void import('@/features/subscriptions/subscription-service.ts')
            .then((m) => m.unsubscribe(subscription, name))
            .then((ok) => {
              setBusy(false);
              if (ok) {
                onEnded();
                onClose();
              }
            });
        }}
        onClose={() => setConfirming(false)}
      />
    );
  return (
    <Dialog
      title={t('subscribeModal.subscribedTitle', { name })}
      onClose={onClose}
      size="sm"
      footer={
        <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
          {t('subscribeModal.unsubscribe')}
        </Button>
      }
    >
      <p>
        {t('subscribeModal.current', {
          tier: tier?.title ?? '—',
          price: cost ? priceText(t, cost, usdPerBtc) : '—',
        })}
      </p>
      <p className="muted">
        {t('subscribeModal.since', { date: shortDate(subscription.created_at) })}
      </p>
      {tier && tier.perks.length > 0 && (
        <ul className="subscribe-perks" aria-label={t('subscribeModal.perks')}>
          {tier.perks.map((perk) => (
            <li key={perk}>
              <Check size={14} aria-hidden />
              {perk}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
