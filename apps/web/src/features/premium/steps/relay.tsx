import { useTranslation } from '@/i18n/use-translation.ts';
import Copy from 'lucide-react/icons/copy';
import { Button } from '@/components/ui/button.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';

/** Relay: this server's relay address, to add to any client. */
export default function Relay() {
  const { t } = useTranslation();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/relay`;
  return (
    <div className="premium-body">
      <p className="premium-intro">{t('premium.relay.intro')}</p>
      <section className="premium-card">
        <label className="field-label" htmlFor="premium-relay-url">
          {t('premium.relay.url')}
        </label>
        <div className="premium-name-row">
          <input id="premium-relay-url" className="input premium-mono" readOnly value={url} />
          <Button
            variant="secondary"
            icon={<Copy size={16} aria-hidden />}
            onClick={() => void copyToClipboard(url)}
          >
            {t('premium.relay.copy')}
          </Button>
        </div>
      </section>
    </div>
  );
}
