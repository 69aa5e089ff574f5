import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { closeZapModal, useZapModal } from '@/features/zaps/zap-modal-store.ts';

const ZapModal = lazy(() => import('@/features/zaps/zap-modal.tsx'));

/** The custom zap window, mounted once by the layout; its code loads when it first opens. */
export function ZapDialogs() {
  const subject = useZapModal();
  if (!subject) return null;
  return (
    <Suspense fallback={null}>
      <ZapModal subject={subject} onClose={closeZapModal} />
    </Suspense>
  );
}
