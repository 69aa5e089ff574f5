import { Suspense, useEffect, useRef, useState } from 'react';
import Check from 'lucide-react/icons/check';
import LogIn from 'lucide-react/icons/log-in';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Sparkles from 'lucide-react/icons/sparkles';
import Trash2 from 'lucide-react/icons/trash-2';
import type { SignedEvent } from '@swell/cache-protocol';
import {
  creatorTiersModel,
  emptyTierDraft,
  parseTier,
  tierDraftOf,
  type AuthorTier,
  type CreatorTiers,
} from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/components/ui/notify.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useSession } from '@/data/session.ts';
import { useModel } from '@/data/use-model.ts';
import { openLogin } from '@/features/account/login-dialog.ts';
import { TierForm } from '@/features/subscriptions/tier-form.tsx';
import { tierPriceText } from '@/features/subscriptions/tier-price-text.ts';
import { removeTier } from '@/features/subscriptions/tier-service.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { lazy } from '@/lib/lazy.ts';
import '@/components/ui/form.css';
import '@/features/subscriptions/tier-settings.css';

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

/** What the screen shows before the server's answer has it: published, or being removed. */
type Overlay = Record<string, { tier: AuthorTier } | { removing: true }>;

/** The tiers to show: the model's, with what was published or removed since laid over them. */
function shown(data: CreatorTiers, overlay: Overlay): AuthorTier[] {
  const out: AuthorTier[] = [];
  const seen = new Set<string>();
  for (const tier of data.tiers) {
    seen.add(tier.address);
    const o = overlay[tier.address];
    if (o && 'removing' in o) continue;
    out.push(o && o.tier.event.created_at >= tier.event.created_at ? o.tier : tier);
  }
  for (const [address, o] of Object.entries(overlay))
    if (!seen.has(address) && 'tier' in o) out.push(o.tier);
  return out;
}

/**
 * Settings > Paid tiers (NIP-88): the signed-in user's tiers from `creatorTiersModel` (the
 * server's `creator_paid_tiers`), each with Edit and Remove, and New tier; the form in place of
 * the list while editing. A published tier shows at once (from the signed event) and a removed
 * one goes at once (back, with the reason, if its list was not sent); the model is then loaded
 * again, so what shows is what the server answers.
 */
export function TierSettings() {
  const { t } = useTranslation();
  const session = useSession();
  const pubkey = session.pubkey;
  const held = useModel(creatorTiersModel, pubkey);
  const [overlay, setOverlay] = useState<Overlay>({});
  const [editing, setEditing] = useState<AuthorTier | 'new' | null>(null);
  const [confirm, setConfirm] = useState<AuthorTier | null>(null);
  const returnFocus = useRef<string | null>(null);

  // Focus back where the user was after the form closes (its Edit, else New tier).
  useEffect(() => {
    if (editing !== null || returnFocus.current === null) return;
    const target = returnFocus.current;
    returnFocus.current = null;
    const el = target
      ? document.querySelector<HTMLElement>(`[data-tier-edit="${CSS.escape(target)}"]`)
      : null;
    (el ?? document.querySelector<HTMLElement>('[data-tier-new]'))?.focus();
  }, [editing]);

  if (!pubkey) {
    if (!session.resolved) return null;
    return (
      <EmptyState
        icon={<LogIn size={26} aria-hidden />}
        title={t('tierSettings.signIn')}
        actions={
          <Button variant="primary" onClick={() => openLogin()}>
            {t('tierSettings.signInAction')}
          </Button>
        }
      />
    );
  }
  const state = held?.state;
  const data = state?.data;
  if (!data) {
    if (state?.error)
      return (
        <ErrorState
          title={t('tierSettings.loadFailed')}
          body={state.error}
          onRetry={() => void held!.model.retry()}
        />
      );
    return (
      <div className="tier-settings" aria-busy="true" aria-label={t('tierSettings.loading')}>
        <Skeleton height={20} width="70%" />
        <Skeleton height={132} />
        <Skeleton height={132} />
      </div>
    );
  }

  const tiers = shown(data, overlay);
  const refresh = () =>
    void held!.model.refresh().then(() => {
      // The answer now has what was laid over it (or the server decided otherwise): drop it.
      if (!held!.model.getSnapshot().error) setOverlay({});
    });

  const published = (event: SignedEvent, wasNew: boolean) => {
    const tier = parseTier(event);
    if (tier) setOverlay((o) => ({ ...o, [tier.address]: { tier } }));
    returnFocus.current = wasNew ? '' : (tier?.address ?? '');
    setEditing(null);
    notify.success(wasNew ? t('tierSettings.published') : t('tierSettings.saved'));
    refresh();
  };

  const remove = async (tier: AuthorTier) => {
    setOverlay((o) => ({ ...o, [tier.address]: { removing: true } }));
    // The row goes: the focus goes to New tier once the confirmation has closed.
    setTimeout(() => document.querySelector<HTMLElement>('[data-tier-new]')?.focus(), 0);
    const outcome = await removeTier(data, tier);
    if (!outcome.ok) {
      setOverlay((o) => {
        const { [tier.address]: _, ...rest } = o;
        return rest;
      });
      if (outcome.message) notify.error(outcome.message);
      return;
    }
    if (outcome.pending) notify.info(outcome.pending);
    else notify.success(t('tierSettings.removed'));
    refresh();
  };

  if (editing !== null) {
    const tier = editing === 'new' ? null : editing;
    return (
      <section className="settings-section tier-settings">
        <TierForm
          key={tier?.address ?? 'new'}
          current={data}
          editing={tier}
          initial={tier ? tierDraftOf(tier) : emptyTierDraft()}
          onDone={(event) => published(event, !tier)}
          onCancel={() => {
            returnFocus.current = tier?.address ?? '';
            setEditing(null);
          }}
        />
      </section>
    );
  }

  const newTier = (
    <Button
      data-tier-new
      variant={tiers.length ? 'secondary' : 'primary'}
      icon={<Plus size={16} aria-hidden />}
      onClick={() => setEditing('new')}
    >
      {t('tierSettings.newTier')}
    </Button>
  );
  return (
    <div className="tier-settings">
      <p className="settings-section-intro tier-intro">{t('tierSettings.intro')}</p>
      {state.error && <ErrorState compact title={t('tierSettings.loadFailed')} onRetry={refresh} />}
      {tiers.length === 0 ? (
        <EmptyState
          compact
          icon={<Sparkles size={26} aria-hidden />}
          title={t('tierSettings.emptyTitle')}
          body={t('tierSettings.emptyBody')}
          actions={newTier}
        />
      ) : (
        <>
          <ul className="tier-list" aria-label={t('tierSettings.listLabel')}>
            {tiers.map((tier) => (
              <li key={tier.address} className="tier-card">
                <h2 className="tier-card-title">{tier.title}</h2>
                <p className="tier-card-prices">
                  {tier.costs.map((c) => tierPriceText(t, c)).join(' · ')}
                </p>
                {tier.description && tier.description !== tier.title && (
                  <p className="tier-card-description">{tier.description}</p>
                )}
                {tier.perks.length > 0 && (
                  <ul className="tier-card-perks" aria-label={t('tierSettings.form.perks')}>
                    {tier.perks.map((perk, i) => (
                      <li key={i}>
                        <Check size={14} aria-hidden />
                        <span>{perk}</span>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="tier-card-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Pencil size={16} aria-hidden />}
                    aria-label={t('tierSettings.editLabel', { title: tier.title })}
                    data-tier-edit={tier.address}
                    onClick={() => setEditing(tier)}
                  >
                    {t('tierSettings.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<Trash2 size={16} aria-hidden />}
                    aria-label={t('tierSettings.removeLabel', { title: tier.title })}
                    onClick={() => setConfirm(tier)}
                  >
                    {t('tierSettings.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <div className="tier-new">{newTier}</div>
        </>
      )}
      {confirm && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('tierSettings.confirmTitle', { title: confirm.title })}
            body={t('tierSettings.confirmBody')}
            confirmLabel={t('tierSettings.remove')}
            danger
            onConfirm={() => void remove(confirm)}
            onClose={() => setConfirm(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
