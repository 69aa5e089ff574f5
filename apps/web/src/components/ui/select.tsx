import { Suspense, useState, type KeyboardEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { SelectProps } from '@/components/ui/select-types.ts';
import '@/components/ui/menu.css';
import '@/components/ui/select.css';

export type { SelectOption, SelectProps } from '@/components/ui/select-types.ts';

const loadSelect = () => import('@/components/ui/select-impl.tsx');
const SelectImpl = lazy(loadSelect);
/** Loads the select's code ahead of use; a failure (offline, not cached) is tried again on use. */
const warmSelect = () => void loadSelect().catch(() => {});

/** The closed select: the same button the Radix select renders, before its code is loaded. */
function StaticTrigger({
  label,
  value,
  options,
  placeholder,
  className,
  onOpen,
}: SelectProps & { onOpen: () => void }) {
  const current = options.find((o) => o.value === value)?.label ?? placeholder ?? '';
  return (
    <button
      type="button"
      role="combobox"
      aria-label={label}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-autocomplete="none"
      className={['select-trigger', className].filter(Boolean).join(' ')}
      onPointerEnter={warmSelect}
      onFocus={warmSelect}
      onClick={onOpen}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          onOpen();
        }
      }}
    >
      <span className="select-value">{current}</span>
      <ChevronDown className="select-chevron" size={16} aria-hidden />
    </button>
  );
}

/**
 * A select (Radix) that replaces the native one. Its code loads on first use (hover or focus
 * preloads it); until then a look-alike button stands in.
 */
export function Select(props: SelectProps) {
  const [armed, setArmed] = useState(false);
  const fallback = <StaticTrigger {...props} onOpen={() => setArmed(true)} />;
  if (!armed) return fallback;
  return (
    <Suspense fallback={fallback}>
      <SelectImpl {...props} />
    </Suspense>
  );
}
