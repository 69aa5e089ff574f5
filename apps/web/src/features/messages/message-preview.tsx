import { useTranslation } from '@/i18n/use-translation.ts';
import type { DmMessage } from '@swell/client';

/** One line of the latest message in a contact row (a placeholder while it cannot be read). */
export function MessagePreview({ message, me }: { message: DmMessage; me: string }) {
  const { t } = useTranslation();
  const prefix = message.sender === me ? `${t('messages.you')}: ` : '';
  if (message.state === 'ok') return <>{prefix + (message.text ?? '')}</>;
  if (message.state === 'failed') {
    return <span className="dm-muted">{t('messages.decryptFailed')}</span>;
  }
  return <span className="dm-muted">{t('messages.decrypting')}</span>;
}
