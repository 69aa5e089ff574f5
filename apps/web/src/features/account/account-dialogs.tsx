import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useSession } from '@/data/session.ts';
import { closeLogin, useLoginOpen } from '@/features/account/login-dialog.ts';

const LoginModal = lazy(() => import('@/features/account/login-modal.tsx'));
const PinEntryModal = lazy(() => import('@/features/account/pin-entry-modal.tsx'));

/** The sign-in dialog and the PIN prompt, mounted once for the whole app (code loads on demand). */
export function AccountDialogs() {
  const open = useLoginOpen();
  const { needsPin } = useSession();
  return (
    <Suspense fallback={null}>
      {open && <LoginModal onClose={closeLogin} />}
      {needsPin && <PinEntryModal />}
    </Suspense>
  );
}
