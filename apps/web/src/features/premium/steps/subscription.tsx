import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useSearchParams } from 'react-router';
import PartyPopper from 'lucide-react/icons/party-popper';
import Clock from 'lucide-react/icons/clock';
import {
  LEGEND_MIN_USD,
  MEMBERSHIP_PRODUCTS,
  productPriceUsd,
  type MembershipProductId,
  type PurchaseQuote,
} from '@swell/client/membership';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { swell } from '@/data/client.ts';
import {
  membershipClient,
  refreshMembership,
  useMembership,
} from '@/features/premium/membership.ts';
import { InvoicePanel } from '@/features/premium/invoice-panel.tsx';
import { holdTime } from '@/features/premium/name-field.tsx';
import { findNameLink } from '@/features/premium/premium-links.ts';
import '@/components/ui/form.css';

type Phase =
  | { at: 'choose' }
  | { at: 'quoting' }
  | { at: 'invoice'; quote: PurchaseQuote }
  | { at: 'done'; quote: PurchaseQuote; nameTaken: boolean }
  | { at: 'expired' };

const products: MembershipProductId[] = ['3-months-premium', '12-months-premium', 'legend-premium'];

function ProductOption({
  id,
  checked,
  onPick,
}: {
  id: MembershipProductId;
  checked: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const p = MEMBERSHIP_PRODUCTS[id];
  const title =
    id === '3-months-premium'
      ? t('premium.subscribe.three')
      : id === '12-months-premium'
        ? t('premium.subscribe.twelve')
        : t('premium.subscribe.legend');
  const lines =
    'usdPerMonth' in p
      ? [
          t('premium.subscribe.perMonth', { usd: p.usdPerMonth }),
          t('premium.subscribe.total', { usd: productPriceUsd(id) }),
        ]
      : [t('premium.subscribe.legendBody')];
  const saving =
    id === '12-months-premium'
      ? Math.round(
          (1 -
            MEMBERSHIP_PRODUCTS['12-months-premium'].usdPerMonth /
              MEMBERSHIP_PRODUCTS['3-months-premium'].usdPerMonth) *
            100,
        )
      : 0;
  return (
    <label className="premium-product" data-checked={checked}>
      <input type="radio" name="product" value={id} checked={checked} onChange={onPick} />
      <span className="premium-product-text">
        <span className="premium-product-title">
          {title}
          {saving > 0 && (
            <span className="premium-save">{t('premium.subscribe.save', { percent: saving })}</span>
          )}
        </span>
        {lines.map((l) => (
          <span key={l} className="premium-muted">
            {l}
          </span>
        ))}
      </span>
    </label>
  );
}

/** Subscription: 3 or 12 months, or a Legend donation; the invoice; done when the monitor says paid. */
export default function Subscription() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { status } = useMembership();
  const wantedName = params.get('name') ?? '';
  const initialProduct = params.get('product');
  const [product, setProduct] = useState<MembershipProductId>(
    products.includes(initialProduct as MembershipProductId)
      ? (initialProduct as MembershipProductId)
      : '3-months-premium',
  );
  const [legendUsd, setLegendUsd] = useState(String(LEGEND_MIN_USD));
  const [phase, setPhase] = useState<Phase>({ at: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const stopWatch = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWatch.current?.(), []);

  const name = wantedName || status?.name || '';
  const legend = product === 'legend-premium';
  const legendAmount = Number(legendUsd);
  const legendTooLow = legend && !(legendAmount >= LEGEND_MIN_USD);
  const usdField = useRef<HTMLInputElement>(null);
  const usdErrorId = useId();

  const buy = async (e: FormEvent) => {
    e.preventDefault();
    // Said next to the amount (and read out with it); the button never just does nothing.
    if (legendTooLow) {
      usdField.current?.focus();
      return;
    }
    setError(null);
    setPhase({ at: 'quoting' });
    try {
      const client = await membershipClient();
      const quote = await client.quote({
        productId: product,
        name: wantedName,
        ...(legend ? { amountUsd: legendAmount } : {}),
      });
      // paid after the name's hold ran out and another buyer took it: membership without it
      let nameTaken = false;
      const watch = client.watch(quote.membership_quote_id, (u) => {
        if (u.name_unavailable) nameTaken = true;
      });
      stopWatch.current = watch.stop;
      setPhase({ at: 'invoice', quote });
      watch.completed.then(
        async () => {
          setPhase({ at: 'done', quote, nameTaken });
          await refreshMembership().catch(() => {});
          const pubkey = swell().session.getSnapshot().pubkey;
          if (pubkey)
            void swell()
              .fetchPage('user_infos', { pubkeys: [pubkey] })
              .catch(() => {});
        },
        () => setPhase({ at: 'expired' }),
      );
    } catch (err) {
      const { code, heldUntil } = err as { code?: string; heldUntil?: number };
      setError(
        code === 'payments-not-configured'
          ? t('premium.subscribe.noPayments')
          : code === 'name-unavailable'
            ? heldUntil
              ? t('premium.name.held', { time: holdTime(heldUntil) })
              : t('premium.name.unavailable')
            : t('premium.subscribe.failed'),
      );
      setPhase({ at: 'choose' });
    }
  };

  if (!name && !status?.name)
    return (
      <EmptyState
        icon={<Clock size={26} />}
        title={t('premium.subscribe.noName')}
        actions={
          <ButtonLink to={findNameLink(initialProduct)} variant="primary">
            {t('premium.hero.findName')}
          </ButtonLink>
        }
      />
    );

  if (phase.at === 'done') {
    const address = name ? `${name}@${location.host}` : '';
    return (
      <EmptyState
        icon={<PartyPopper size={28} />}
        title={
          phase.quote.product_id === 'legend-premium'
            ? t('premium.done.legendTitle')
            : t('premium.done.title')
        }
        body={
          phase.nameTaken
            ? t('premium.done.nameTaken', { name: address })
            : address
              ? t('premium.done.body', { address })
              : t('premium.done.bodyNoName')
        }
        actions={
          <>
            {phase.nameTaken ? (
              <ButtonLink to="/premium/rename" variant="primary">
                {t('premium.done.pickName')}
              </ButtonLink>
            ) : (
              <ButtonLink to={name ? `/${name}` : `/profile`} variant="primary">
                {t('premium.done.profile')}
              </ButtonLink>
            )}
            <ButtonLink to="/premium" variant="secondary">
              {t('premium.done.back')}
            </ButtonLink>
          </>
        }
      />
    );
  }

  if (phase.at === 'invoice')
    return (
      <div className="premium-body">
        <InvoicePanel
          quote={phase.quote}
          onCancel={() => {
            stopWatch.current?.();
            setPhase({ at: 'choose' });
          }}
        />
      </div>
    );

  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.subscribe.intro')}</p>
      {name && (
        <p className="premium-for" data-testid="premium-for">
          {t('premium.subscribe.forName', { address: `${name}@${location.host}` })}
        </p>
      )}
      {phase.at === 'expired' && (
        <p className="field-error" role="alert">
          {t('premium.invoice.expired')}
        </p>
      )}
      <form className="form" onSubmit={(e) => void buy(e)} noValidate>
        <fieldset className="premium-products">
          <legend className="visually-hidden">{t('premium.steps.subscribe')}</legend>
          {products.map((id) => (
            <ProductOption
              key={id}
              id={id}
              checked={product === id}
              onPick={() => setProduct(id)}
            />
          ))}
        </fieldset>
        {legend && (
          <div className="form">
            <label className="field-label" htmlFor="premium-legend-usd">
              {t('premium.subscribe.legendAmount')}
            </label>
            <input
              ref={usdField}
              id="premium-legend-usd"
              className="input premium-usd"
              inputMode="numeric"
              value={legendUsd}
              aria-invalid={legendTooLow}
              aria-describedby={legendTooLow ? usdErrorId : undefined}
              onChange={(e) => setLegendUsd(e.target.value.replace(/[^\d.]/g, ''))}
            />
            {legendTooLow && (
              <p id={usdErrorId} className="field-error" role="alert">
                {t('premium.subscribe.legendTooLow')}
              </p>
            )}
          </div>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="premium-actions">
          <Button type="submit" variant="primary" size="lg" disabled={phase.at === 'quoting'}>
            {phase.at === 'quoting'
              ? t('premium.subscribe.quoting')
              : phase.at === 'expired'
                ? t('premium.invoice.again')
                : t('premium.subscribe.buy')}
          </Button>
        </div>
      </form>
    </div>
  );
}
