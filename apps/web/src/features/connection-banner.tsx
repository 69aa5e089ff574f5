import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import WifiOff from 'lucide-react/icons/wifi-off';
import { cache } from '@/data/connection.ts';
import { useSnapshot } from '@/data/use-model.ts';
import '@/features/connection-banner.css';

/** Says so when the caching service has not been reachable for a moment (no silent waits). */
export default function ConnectionBanner() {
  const { t } = useTranslation();
  const { status } = useSnapshot(cache());
  const down = status === 'closed' || status === 'connecting' || status === 'open';
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!down) return;
    const timer = setTimeout(() => setLate(true), 1500);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [down]);
  if (!down || !late) return null;
  return (
    <p role="status" className="connection-banner">
      <WifiOff size={16} aria-hidden />
      {t('feed.disconnected')}
    </p>
  );
}
