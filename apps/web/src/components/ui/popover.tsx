import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';
import { keepOpenForNestedLayers } from '@/components/ui/nested-layers.ts';
import '@/components/ui/menu.css';

/** A popover (Radix): non-modal floating content anchored to its trigger; Escape closes it. */
export function Popover({
  trigger,
  label,
  children,
  align = 'end',
  open,
  onOpenChange,
}: {
  trigger: ReactElement;
  label: string;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Controlled use (e.g. closing after a pick); uncontrolled when omitted. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <PopoverPrimitive.Root
      {...(open !== undefined ? { open } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <PopoverPrimitive.Trigger asChild>{trigger}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          className="popover"
          align={align}
          sideOffset={8}
          collisionPadding={8}
          aria-label={label}
          onInteractOutside={keepOpenForNestedLayers}
        >
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
