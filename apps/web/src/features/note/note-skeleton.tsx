import { Skeleton } from '@/components/ui/skeleton.tsx';

/** The shape of a note while it loads. */
export function NoteSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="note note-skeleton" aria-hidden="true">
      <div className="note-grid">
        <Skeleton circle width={48} height={48} />
        <div className="note-main">
          <div className="note-skeleton-head">
            <Skeleton width={110} height={13} />
            <Skeleton width={70} height={11} />
          </div>
          {Array.from({ length: lines }, (_, i) => (
            <Skeleton
              key={i}
              width={i === lines - 1 ? '62%' : '100%'}
              height={12}
              style={{ marginTop: 10 }}
            />
          ))}
          <div className="note-skeleton-actions">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} width={40} height={12} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
