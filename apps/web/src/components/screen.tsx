import type { ReactNode } from 'react';
import { useId } from 'react';

/** A screen: a titled section inside <main>. */
export function Screen({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="screen">
      <div className="screen-head">
        <h1 id={id}>{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
