export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  /** Accessible name of the control. */
  label: string;
  value: string | null;
  options: SelectOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}
