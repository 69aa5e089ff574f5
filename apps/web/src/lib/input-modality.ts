/**
 * Tells CSS how the user last acted: `data-input="pointer"` on <html> after a mouse or touch
 * press, `"keyboard"` after a key. Browsers draw `:focus-visible` after a click when script
 * moves the focus (a tab list, a menu, a dialog giving it back to its trigger); base.css hides
 * the ring then, so it shows only for keyboard users (text fields keep theirs).
 */
export function trackInputModality(root: HTMLElement = document.documentElement): void {
  const set = (mode: 'pointer' | 'keyboard') => {
    if (root.dataset.input !== mode) root.dataset.input = mode;
  };
  addEventListener('pointerdown', () => set('pointer'), { capture: true, passive: true });
  addEventListener(
    'keydown',
    (e) => {
      // A modifier alone (Ctrl+click, Shift+scroll) is not keyboard navigation.
      if (!['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) set('keyboard');
    },
    { capture: true, passive: true },
  );
}
