import '@/components/ui/badge.css';

/** Counts in navigation labels cap at 99+ (spec section 9). */
export const badgeCap = 99;

/** The text of a count badge: the number, or "99+" above the cap. */
export function capCount(count: number, cap = badgeCap): string {
  const n = Math.max(0, Math.floor(count));
  return n > cap ? `${cap}+` : String(n);
}

/**
 * A small count badge; nothing for zero. The number is decorative (`aria-hidden`): the control
 * it sits on says the count in words through `label`, read by screen readers only.
 */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (!(count > 0)) return null;
  return (
    <>
      <span className="count-badge" aria-hidden="true">
        {capCount(count)}
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
