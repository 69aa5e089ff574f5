import { Suspense, useEffect, useState } from 'react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Sparkles from 'lucide-react/icons/sparkles';
import { authorSubscriptionsModel, authorTiersModel } from '@swell/client';
import { Button } from '@/components/ui/button.tsx';
import { useModel } from '@/data/use-model.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import {
  setAuthorSubscription,
  useAuthorSubscription,
} from '@/features/subscriptions/subscription-store.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { lazy } from '@/lib/lazy.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { subscriptions } from '@/i18n/en/subscriptions.ts';

addStrings({ subscriptions });

const SubscribeModal = lazy(() => import('@/features/subscriptions/subscribe-modal.tsx'));

/**
 * "Subscribe" on the profile of an author who offers paid tiers (NIP-88 kind 37001), "Subscribed"
 * while the user has an open subscription (kind 7001 not ended by a 7002). Nothing for authors
 * without tiers, nor on the user's own profile. Loaded beside the profile (screens/profile.tsx),
 * the window's code on first use.
 */
export default function SubscribeButton({
  pubkey,
  name,
  userPubkey,
}: {
  pubkey: string;
  name: string;
  userPubkey: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const own = userPubkey === pubkey;
  const tiers = useModel(authorTiersModel, own ? null : pubkey)?.state;
  const has = (tiers?.data?.length ?? 0) > 0;
  // The viewer's own subscriptions come with the session's models (a guest has none).
  const mine = useModel(authorSubscriptionsModel, has && userPubkey ? pubkey : null)?.state;
  useEffect(() => {
    if (mine?.data) setAuthorSubscription(pubkey, mine.data[0] ?? null);
  }, [mine?.data, pubkey]);
  const subscription = useAuthorSubscription(pubkey);
  if (own || !has) return null;
  const subscribed = !!subscription && subscription.pubkey === userPubkey;
  return (
    <>
      <Button
        variant={subscribed ? 'secondary' : 'primary'}
        size="sm"
        className="profile-subscribe"
        icon={
          subscribed ? <BadgeCheck size={16} aria-hidden /> : <Sparkles size={16} aria-hidden />
        }
        title={subscribed ? undefined : t('subscriptions.subscribeHint', { name })}
        aria-haspopup="dialog"
        onClick={() => void requireSigner().then((ok) => ok && setOpen(true))}
      >
        {subscribed ? t('subscriptions.subscribed') : t('subscriptions.subscribe')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SubscribeModal
            pubkey={pubkey}
            tiers={tiers!.data!}
            subscription={subscribed ? subscription : null}
            onChange={(event) => setAuthorSubscription(pubkey, event)}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
