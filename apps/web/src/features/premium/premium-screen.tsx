import { Suspense, useEffect, type ComponentType } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Crown from 'lucide-react/icons/crown';
import { Screen } from '@/components/screen.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PremiumLoading } from '@/features/premium/premium-loading.tsx';
import { useSession } from '@/data/session.ts';
import { openLogin } from '@/features/account/login-dialog.ts';
import { refreshMembership, tierOfState, useMembership } from '@/features/premium/membership.ts';
import { NotFound } from '@/components/not-found.tsx';
import '@/features/premium/premium.css';
import { addStrings } from '@/i18n/add-strings.ts';
import { premium } from '@/i18n/en/premium.ts';

addStrings({ premium });

/** Each sub-page of spec section 2 (Premium), loaded when opened. */
const steps: Record<string, ComponentType> = {
  name: lazy(() => import('@/features/premium/steps/find-name.tsx')),
  subscribe: lazy(() => import('@/features/premium/steps/subscription.tsx')),
  rename: lazy(() => import('@/features/premium/steps/rename.tsx')),
  support: lazy(() => import('@/features/premium/steps/support.tsx')),
  legend: lazy(() => import('@/features/premium/steps/legend.tsx')),
  relay: lazy(() => import('@/features/premium/steps/relay.tsx')),
  media: lazy(() => import('@/features/premium/steps/media.tsx')),
  contacts: lazy(() => import('@/features/premium/steps/contacts.tsx')),
  backup: lazy(() => import('@/features/premium/steps/backup.tsx')),
  og: lazy(() => import('@/features/premium/steps/og.tsx')),
  history: lazy(() => import('@/features/premium/steps/history.tsx')),
};
const Landing = lazy(() => import('@/features/premium/steps/landing.tsx'));

/** Tools that work on a membership: a non-member is told what they are for and how to join. */
const membersOnly = new Set(['rename', 'media', 'contacts', 'backup']);

function MembersOnly({ step }: { step: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Crown size={28} />}
      title={t('premium.membersOnly.title')}
      body={t('premium.membersOnly.body', { tool: t(`premium.steps.${step}`) })}
      actions={
        <>
          <ButtonLink to="/premium/name" variant="primary">
            {t('premium.membersOnly.join')}
          </ButtonLink>
          <ButtonLink to="/premium" variant="secondary">
            {t('premium.membersOnly.about')}
          </ButtonLink>
        </>
      }
    />
  );
}

/**
 * Signed in and the membership known: the step; otherwise what the user has to do first. A
 * guest sees the landing page as it is (what Premium is), and the sign-in on every other step;
 * a non-member on a members' tool sees what it is for and how to become one.
 */
function StepGate({ children, step }: { children: React.ReactNode; step: string | undefined }) {
  const landing = !step;
  const { t } = useTranslation();
  const session = useSession();
  const membership = useMembership();
  const mine = membership.pubkey === session.pubkey;
  useEffect(() => {
    // A status kept from an earlier page load is asked afresh here.
    if (session.canSign && (!mine || !membership.loaded || membership.cached))
      refreshMembership().catch(() => {});
  }, [session.canSign, session.pubkey, mine, membership.loaded, membership.cached]);
  if (!session.pubkey || (session.resolved && !session.canSign)) {
    if (landing) return <>{children}</>;
    return (
      <EmptyState
        icon={<Crown size={28} />}
        title={t('premium.signInTitle')}
        body={t('premium.signInBody')}
        actions={
          <Button variant="primary" onClick={openLogin}>
            {t('premium.signIn')}
          </Button>
        }
      />
    );
  }
  if (!mine || !membership.loaded) return <PremiumLoading />;
  if (membership.failed)
    return (
      <ErrorState
        title={t('premium.loadFailed')}
        onRetry={() => refreshMembership().catch(() => {})}
      />
    );
  if (step && membersOnly.has(step) && tierOfState(membership) === 'none')
    return <MembersOnly step={step} />;
  return <>{children}</>;
}

/** `/premium/:step?`: the landing page, or one of its sub-pages. */
export function Component() {
  const { t } = useTranslation();
  const { step } = useParams();
  const Step = step ? steps[step] : Landing;
  if (!Step) return <NotFound />;
  return (
    <Screen
      title={step ? t(`premium.steps.${step}`) : t('premium.title')}
      back={Boolean(step)}
      className="premium-screen"
    >
      <StepGate step={step}>
        <Suspense fallback={<PremiumLoading />}>
          <Step />
        </Suspense>
      </StepGate>
    </Screen>
  );
}
