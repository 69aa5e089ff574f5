import * as SelectPrimitive from '@radix-ui/react-select';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import type { SelectProps } from '@/components/ui/select-types.ts';

/** The Radix select behind `Select`; mounted open (the user just asked for it). */
export default function SelectImpl({
  label,
  value,
  options,
  onChange,
  placeholder,
  className,
}: SelectProps) {
  return (
    <SelectPrimitive.Root defaultOpen value={value ?? undefined} onValueChange={onChange}>
      <SelectPrimitive.Trigger
        aria-label={label}
        className={['select-trigger', className].filter(Boolean).join(' ')}
      >
        <span className="select-value">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon asChild>
          <ChevronDown className="select-chevron" size={16} aria-hidden />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          className="popover select-content"
          position="popper"
          sideOffset={6}
          collisionPadding={8}
          align="end"
        >
          <SelectPrimitive.Viewport className="select-viewport">
            {options.map((o) => (
              <SelectPrimitive.Item key={o.value} value={o.value} className="select-item">
                <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
                <SelectPrimitive.ItemIndicator className="select-item-indicator">
                  <Check size={16} aria-hidden />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
