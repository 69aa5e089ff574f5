import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useId } from 'react';
import '@/features/sidebar/sidebar.css';

/** A titled card of the third column. */
export function SidebarCard({
  title,
  icon,
  children,
  busy,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  busy?: boolean;
}) {
  const id = useId();
  return (
    <section className="sidebar-card" aria-labelledby={id} aria-busy={busy || undefined}>
      <h2 id={id} className="sidebar-title">
        {icon && (
          <span className="sidebar-title-icon" aria-hidden="true">
            {icon}
          </span>
        )}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Links to the standalone pages, under the sidebar. */
export function SidebarFooter({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul className="sidebar-footer">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to}>{l.label}</Link>
        </li>
      ))}
    </ul>
  );
}
