import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { toasts } from '@/components/ui/toast-store.ts';
import { useSnapshot } from '@/data/use-model.ts';

const Toaster = lazy(() => import('@/components/ui/toaster.tsx'));

/** Mounts the toaster (and loads its code) only once the first toast is shown. */
export function ToastHost() {
  const list = useSnapshot(toasts);
  if (list.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
