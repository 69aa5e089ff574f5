import { useTranslation } from '@/i18n/use-translation.ts';
import Zap from 'lucide-react/icons/zap';
import type { TopZap } from '@swell/cache-protocol';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { useTopZaps } from '@/data/entity-store.ts';
import { userLabel, useUser } from '@/data/user.ts';
import { usePendingZaps, type PendingZap } from '@/features/zaps/pending-zaps.ts';
import '@/features/zaps/note-zaps.css';

function TopZapPill({ zap }: { zap: TopZap }) {
  const { t } = useTranslation();
  const user = useUser(zap.sender);
  const name = userLabel(user);
  return (
    <li
      className="zap-pill zap-pill-top"
      aria-label={t('noteZaps.topZap', { amount: zap.amount_sats.toLocaleString(), name })}
    >
      <Avatar picture={user.picture} size="xxs" name={name} />
      <Zap size={12} aria-hidden className="zap-pill-icon" />
      <strong aria-hidden="true">{zap.amount_sats.toLocaleString()}</strong>
      {zap.message && (
        <span className="zap-pill-message" aria-hidden="true">
          {zap.message}
        </span>
      )}
    </li>
  );
}

function OtherZap({ zap }: { zap: TopZap }) {
  const { t } = useTranslation();
  const user = useUser(zap.sender);
  const name = userLabel(user);
  return (
    <li
      className="zap-pill"
      aria-label={t('noteZaps.topZap', { amount: zap.amount_sats.toLocaleString(), name })}
    >
      <Avatar picture={user.picture} size="xxs" name={name} />
      <span aria-hidden="true">{zap.amount_sats.toLocaleString()}</span>
    </li>
  );
}

function PendingPill({ zap }: { zap: PendingZap }) {
  const { t } = useTranslation();
  const amount = zap.sats.toLocaleString();
  return (
    <li className="zap-pill zap-pill-pending" data-state={zap.state}>
      <Zap size={12} aria-hidden className="zap-pill-icon" />
      <span role="status">
        {zap.state === 'paying'
          ? t('noteZaps.pending', { amount })
          : t('noteZaps.pendingPaid', { amount })}
      </span>
    </li>
  );
}

/**
 * Under a note's content: the zaps this tab sent that wait for their receipt (pending), then the
 * note's top zap (sender, amount, message) and the next largest ones, from the cache.
 */
export function NoteZaps({ noteId }: { noteId: string }) {
  const { t } = useTranslation();
  const top = useTopZaps(noteId);
  const pending = usePendingZaps(noteId);
  if (!pending.length && !top?.length) return null;
  const sorted = top ? [...top].sort((a, b) => b.amount_sats - a.amount_sats) : [];
  const [first, ...rest] = sorted;
  return (
    <ul className="note-zaps" aria-label={t('reactions.zaps')}>
      {pending.map((z) => (
        <PendingPill key={z.id} zap={z} />
      ))}
      {first && <TopZapPill zap={first} />}
      {rest.slice(0, 4).map((z) => (
        <OtherZap key={z.zap_receipt_id} zap={z} />
      ))}
    </ul>
  );
}
