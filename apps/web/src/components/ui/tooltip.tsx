import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ComponentPropsWithRef, ReactElement, ReactNode } from 'react';
import '@/components/ui/tooltip.css';

/**
 * A tooltip (Radix): shows on hover and keyboard focus, describes its trigger. The trigger keeps
 * its own accessible name; the tooltip adds a description. Use it in screens loaded on demand.
 * Other props (a ref, handlers: it may itself be another primitive's trigger) go to the trigger.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  ...triggerProps
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
} & Omit<ComponentPropsWithRef<'button'>, 'content' | 'children'>) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild {...triggerProps}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content className="tooltip" side={side} sideOffset={6}>
            {content}
            <TooltipPrimitive.Arrow className="tooltip-arrow" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
