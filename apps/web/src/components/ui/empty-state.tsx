import type { ReactNode } from 'react';
import '@/components/ui/state.css';

/** "Nothing here": an icon, a title, an optional line and actions. */
export function EmptyState({
  icon,
  title,
  body,
  actions,
  compact,
  headingLevel = 2,
}: {
  icon: ReactNode;
  title: string;
  body?: ReactNode;
  actions?: ReactNode;
  compact?: boolean;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={compact ? 'state state-compact' : 'state'}>
      <span className="state-icon" aria-hidden="true">
        {icon}
      </span>
      <Heading className="state-title">{title}</Heading>
      {body && <div className="state-body">{body}</div>}
      {actions && <div className="state-actions">{actions}</div>}
    </div>
  );
}
