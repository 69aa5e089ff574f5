import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import '@/components/ui/tabs.css';

export interface TabItem<V extends string> {
  value: V;
  label: string;
  /** A count shown after the label (part of the tab's name). */
  count?: string;
}

/**
 * Tabs (Radix: arrow keys move between tabs, the panel follows). Only the selected panel has
 * content; every panel exists (hidden) so each tab's aria-controls points at something.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  onChange,
  children,
  stretch,
}: {
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  children: ReactNode;
  /** Tabs share the full width (modals, phones). */
  stretch?: boolean;
}) {
  return (
    <TabsPrimitive.Root
      className="tabs"
      value={value}
      onValueChange={(v) => onChange(v as V)}
      activationMode="manual"
    >
      <TabsPrimitive.List
        className={stretch ? 'tabs-list tabs-list-stretch' : 'tabs-list scroll-hint-x'}
        aria-label={label}
      >
        {items.map((item) => (
          <TabsPrimitive.Trigger key={item.value} value={item.value} className="tabs-trigger">
            {item.label}
            {item.count && <span className="tabs-count">{item.count}</span>}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content
          key={item.value}
          value={item.value}
          forceMount
          hidden={item.value !== value}
          className="tabs-panel"
          tabIndex={-1}
        >
          {item.value === value ? children : null}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
