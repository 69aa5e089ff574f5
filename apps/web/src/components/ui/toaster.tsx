import * as ToastPrimitive from '@radix-ui/react-toast';
import { useTranslation } from '@/i18n/use-translation.ts';
import CircleCheck from 'lucide-react/icons/circle-check';
import Construction from 'lucide-react/icons/construction';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import X from 'lucide-react/icons/x';
import { dismissToast, toasts, type ToastKind } from '@/components/ui/toast-store.ts';
import { useSnapshot } from '@/data/use-model.ts';
import '@/components/ui/toast.css';

const icons: Record<ToastKind, typeof Info> = {
  success: CircleCheck,
  info: Info,
  warning: TriangleAlert,
  error: TriangleAlert,
  notImplemented: Construction,
};

/** Toasts (Radix): each closes after its kind's duration; swipe, Escape or the close button too. */
export default function Toaster() {
  const { t } = useTranslation();
  const list = useSnapshot(toasts);
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={t('ui.toastLabel')}>
      {list.map((toast) => {
        const Icon = icons[toast.kind];
        return (
          <ToastPrimitive.Root
            key={toast.id}
            className={`toast toast-${toast.kind}`}
            duration={toast.duration}
            type={toast.kind === 'warning' || toast.kind === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(toast.id);
            }}
            data-kind={toast.kind}
          >
            <Icon className="toast-icon" size={18} aria-hidden />
            <ToastPrimitive.Description className="toast-message">
              {toast.message}
            </ToastPrimitive.Description>
            <ToastPrimitive.Close className="toast-close" aria-label={t('ui.close')}>
              <X size={16} aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport className="toast-viewport" label={t('ui.toastRegion')} />
    </ToastPrimitive.Provider>
  );
}
