import type { ReactNode } from 'react';

/** One entry of a menu. */
export interface MenuEntry {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  tone?: 'danger';
  /** Draws a separator line before this entry. */
  separated?: boolean;
  disabled?: boolean;
  /** Rendered instead of `label` (which still names the entry for typeahead). */
  content?: ReactNode;
  /** The entry's accessible name when `content` says less or more than `label`. */
  ariaLabel?: string;
}

/** The menu is named by its trigger (aria-labelledby), so give the trigger a clear name. */
export interface MenuProps {
  /** The button that opens the menu (an element that accepts a ref and event handlers). */
  trigger: React.ReactElement<Record<string, unknown>>;
  entries: MenuEntry[];
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'bottom';
  /** Content above the entries (a signed-in name, say). */
  header?: ReactNode;
}
