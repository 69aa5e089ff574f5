import { Suspense } from 'react';
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

const LoginModal = lazy(() => import('@/features/account/login-modal.tsx'));
const PinEntryModal = lazy(() => import('@/features/account/pin-entry-modal.tsx'));
const SignOutDialog = lazy(() => import('@/features/account/sign-out-dialog.tsx'));

/**
 * The sign-in dialog, the PIN prompt and the sign-out confirmation, mounted once for the whole
 * app (code loads on demand).
 */
export function AccountDialogs() {
  const open = useLoginOpen();
  const pinOpen = usePinPromptOpen();
  const signingOut = useSignOutOpen();
  const { needsPin, pubkey } = useSession();
  return (
    <Suspense fallback={null}>
      {open && <LoginModal onClose={closeLogin} />}
      {needsPin && pinOpen && <PinEntryModal onClose={closeUnlock} />}
      {signingOut && pubkey && <SignOutDialog onClose={closeSignOut} />}
    </Suspense>
  );
}
