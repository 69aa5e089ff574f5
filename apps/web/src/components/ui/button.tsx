import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import '@/components/ui/button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the label (decorative). */
  icon?: ReactNode;
  block?: boolean;
}

function buttonClass({ variant = 'secondary', size = 'md', block }: ButtonLook, extra?: string) {
  return ['btn', `btn-${variant}`, size !== 'md' && `btn-${size}`, block && 'btn-block', extra]
    .filter(Boolean)
    .join(' ');
}

/** A text button (type="button" unless told otherwise). */
export function Button({
  variant,
  size,
  icon,
  block,
  className,
  children,
  type = 'button',
  ...rest
}: ComponentPropsWithRef<'button'> & ButtonLook) {
  return (
    <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest}>
      {icon}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  icon,
  block,
  className,
  children,
  ...rest
}: LinkProps & ButtonLook) {
  return (
    <Link className={buttonClass({ variant, size, block }, className)} {...rest}>
      {icon}
      {children}
    </Link>
  );
}

/** A round button showing only an icon; `label` is its accessible name. */
export function IconButton({
  label,
  icon,
  size = 'md',
  solid,
  className,
  type = 'button',
  ...rest
}: Omit<ComponentPropsWithRef<'button'>, 'children'> & {
  label: string;
  icon: ReactNode;
  size?: ButtonSize;
  solid?: boolean;
}) {
  const cls = [
    'icon-btn',
    size !== 'md' && `icon-btn-${size}`,
    solid && 'icon-btn-solid',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={cls} aria-label={label} {...rest}>
      {icon}
    </button>
  );
}
