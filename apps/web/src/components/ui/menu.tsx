import { cloneElement, lazy, Suspense, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { MenuProps } from '@/components/ui/menu-types.ts';
import '@/components/ui/menu.css';

export type { MenuEntry, MenuProps } from '@/components/ui/menu-types.ts';

const loadMenu = () => import('@/components/ui/menu-impl.tsx');
const MenuImpl = lazy(loadMenu);

/**
 * A dropdown menu (Radix). Every note card has one, so the menu code loads on first use: until
 * then the trigger is a plain button (it preloads the code on hover or focus); the first click,
 * Enter, Space or arrow key swaps in the Radix menu, opened.
 */
export function Menu(props: MenuProps) {
  // How the first opening was asked for: from the keyboard, focus goes to the first item.
  const [armed, setArmed] = useState<'keyboard' | 'pointer' | null>(null);
  const trigger = cloneElement(props.trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: () => void loadMenu(),
    onFocus: () => void loadMenu(),
    onClick: (e: MouseEvent) => setArmed(e.detail === 0 ? 'keyboard' : 'pointer'),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setArmed('keyboard');
      }
    },
  });
  if (!armed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <MenuImpl {...props} openedWithKeyboard={armed === 'keyboard'} />
    </Suspense>
  );
}
