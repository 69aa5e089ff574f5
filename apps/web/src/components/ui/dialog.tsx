import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import X from 'lucide-react/icons/x';
import { keepOpenForNestedLayers } from '@/components/ui/nested-layers.ts';
import '@/components/ui/dialog.css';

export type DialogSize = 'sm' | 'md' | 'lg' | 'media';

/**
 * A modal dialog (Radix): focus trapped and restored, Escape and the overlay close it, the title
 * names it. Always open while mounted: render it when it should show. Import it only from code
 * that is itself loaded on demand (modals), so it never weighs on a first load.
 */
export function Dialog({
  title,
  hideTitle,
  description,
  onClose,
  size = 'md',
  children,
  footer,
  className,
}: {
  title: string;
  /** Names the dialog for assistive technology only (lightboxes). */
  hideTitle?: boolean;
  description?: ReactNode;
  onClose: () => void;
  size?: DialogSize;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  // What had the focus when the dialog opened (a dialog opened from a store has no Radix
  // trigger to give it back to): it gets it back on close, if it is still on the page.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content
          className={['dialog', `dialog-${size}`, className].filter(Boolean).join(' ')}
          onInteractOutside={keepOpenForNestedLayers}
          onCloseAutoFocus={(e) => {
            if (!opener || opener === document.body || !opener.isConnected) return;
            e.preventDefault();
            opener.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={hideTitle ? 'dialog-head dialog-head-bare' : 'dialog-head'}>
            <DialogPrimitive.Title className={hideTitle ? 'visually-hidden' : 'dialog-title'}>
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close className="dialog-close" aria-label={t('ui.close')}>
              <X size={18} aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {description && (
            <DialogPrimitive.Description className="dialog-description">
              {description}
            </DialogPrimitive.Description>
          )}
          {children !== undefined && <div className="dialog-body">{children}</div>}
          {footer && <div className="dialog-footer">{footer}</div>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
