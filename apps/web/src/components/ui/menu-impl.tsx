import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Fragment, useEffect, useRef } from 'react';
import type { MenuProps } from '@/components/ui/menu-types.ts';

/** The Radix dropdown menu behind `Menu`; mounted open (the user just asked for it). */
export default function MenuImpl({
  trigger,
  entries,
  align = 'end',
  side = 'bottom',
  header,
  openedWithKeyboard,
}: MenuProps & { openedWithKeyboard?: boolean }) {
  // Radix moves focus to the first item when the keyboard opens a menu; this first opening
  // happened before the menu existed, so it is told how it was asked for.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!openedWithKeyboard) return;
    const frame = requestAnimationFrame(() =>
      content.current
        ?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
        ?.focus(),
    );
    return () => cancelAnimationFrame(frame);
    // Only the first opening (the one this component was mounted for).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={8}
          loop
          ref={content}
        >
          {header && <div className="menu-header">{header}</div>}
          {entries.map((entry) => (
            <Fragment key={entry.key}>
              {entry.separated && <DropdownMenu.Separator className="menu-separator" />}
              <DropdownMenu.Item
                className={entry.tone === 'danger' ? 'menu-item menu-item-danger' : 'menu-item'}
                disabled={entry.disabled}
                onSelect={entry.onSelect}
                textValue={entry.label}
                aria-label={entry.ariaLabel}
              >
                {entry.icon && (
                  <span className="menu-item-icon" aria-hidden="true">
                    {entry.icon}
                  </span>
                )}
                {entry.content ?? entry.label}
              </DropdownMenu.Item>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
