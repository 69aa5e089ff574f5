import type { CSSProperties } from 'react';
import '@/components/ui/skeleton.css';

/** A grey placeholder block with a soft shine, shown while content loads. Decorative. */
export function Skeleton({
  width,
  height = 12,
  circle,
  style,
}: {
  width?: number | string;
  height?: number | string;
  circle?: boolean;
  style?: CSSProperties;
}) {
  return (
    <span
      className={circle ? 'skeleton skeleton-circle' : 'skeleton'}
      style={{ width: width ?? '100%', height, ...style }}
      aria-hidden="true"
    />
  );
}

/** Announces "loading" once for a group of skeletons. */
export function LoadingRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}
