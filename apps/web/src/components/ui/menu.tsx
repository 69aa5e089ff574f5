import {
  cloneElement,
  Suspense,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import { lazy } from '@/lib/lazy.ts';
import type { MenuProps } from '@/components/ui/menu-types.ts';
import '@/components/ui/menu.css';

export type { MenuEntry, MenuProps } from '@/components/ui/menu-types.ts';

const loadMenu = () => import('@/components/ui/menu-impl.tsx');
const MenuImpl = lazy(loadMenu);

export type MenuOpening = 'keyboard' | 'pointer' | null;

/**
 * A menu whose code loads on first use: until then `trigger` is a plain button that preloads
 * the code on hover or focus; the first click, Enter, Space or arrow key "arms" it, and the real
 * menu is mounted open. Returns how it was first opened (null: not yet) and the plain trigger.
 */
export function useArmedTrigger(
  trigger: ReactElement<Record<string, unknown>>,
  preload: () => unknown,
): [MenuOpening, ReactElement] {
  const [armed, setArmed] = useState<MenuOpening>(null);
  // A preload that fails (offline, not cached) is tried again when the menu opens.
  const warm = () => void Promise.resolve(preload()).catch(() => {});
  const plain = cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: warm,
    onFocus: warm,
    onClick: (e: MouseEvent) => setArmed(e.detail === 0 ? 'keyboard' : 'pointer'),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setArmed('keyboard');
      }
    },
  });
  return [armed, plain];
}

/**
 * A dropdown menu (Radix). Every note card has one, so the menu code loads on first use (see
 * `useArmedTrigger`).
 */
export function Menu(props: MenuProps) {
  const [armed, plain] = useArmedTrigger(props.trigger, loadMenu);
  if (!armed) return plain;
  return (
    <Suspense fallback={plain}>
      <MenuImpl {...props} openedWithKeyboard={armed === 'keyboard'} />
    </Suspense>
  );
}
