import { Suspense, useEffect } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useSession } from '@/data/session.ts';
import {
  closeLogin,
  closeSignOut,
  closeUnlock,
  useLoginOpen,
  usePinPromptOpen,
  useSignOutOpen,
} from '@/features/account/login-dialog.ts';
import {
  dueOnItsOwn,
  openGetStarted,
  useStartDialog,
  useStartOffer,
} from '@/features/account/start-store.ts';
import { afterFirstContent } from '@/lib/first-content.ts';

const LoginModal = lazy(() => import('@/features/account/login-modal.tsx'));
const PinEntryModal = lazy(() => import('@/features/account/pin-entry-modal.tsx'));
const SignOutDialog = lazy(() => import('@/features/account/sign-out-dialog.tsx'));
const GetStartedModal = lazy(() => import('@/features/account/get-started-modal.tsx'));
const StartOfferDialog = lazy(() => import('@/features/account/start-offer-dialog.tsx'));

/**
 * The sign-in dialog, the PIN prompt, the sign-out confirmation, the getting started modal and
 * the offer of what a guest tried before making an account, mounted once for the whole app (code
 * loads on demand).
 */
export function AccountDialogs() {
  const open = useLoginOpen();
  const pinOpen = usePinPromptOpen();
  const signingOut = useSignOutOpen();
  const start = useStartDialog();
  const offer = useStartOffer();
  const { needsPin, pubkey, resolved } = useSession();
  // Once per device, a guest back on a later day meets the modal on its own (after the page's
  // first content, so it never competes with it).
  const guest = resolved && !pubkey;
  useEffect(() => {
    if (!guest) return;
    let live = true;
    void afterFirstContent().then(() => {
      if (live && dueOnItsOwn()) openGetStarted();
    });
    return () => {
      live = false;
    };
  }, [guest]);
  return (
    <Suspense fallback={null}>
      {open && <LoginModal onClose={closeLogin} />}
      {needsPin && pinOpen && <PinEntryModal onClose={closeUnlock} />}
      {signingOut && pubkey && <SignOutDialog onClose={closeSignOut} />}
      {start && !pubkey && <GetStartedModal intent={start.intent} />}
      {offer && pubkey && <StartOfferDialog intent={offer.intent} />}
    </Suspense>
  );
}
