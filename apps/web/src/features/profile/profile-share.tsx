import { useTranslation } from '@/i18n/use-translation.ts';
import Copy from 'lucide-react/icons/copy';
import QrCode from '@/components/qr-code.tsx';
import { Button } from '@/components/ui/button.tsx';
import { copyToClipboard } from '@/features/note-actions/clipboard.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { profile } from '@/i18n/en/profile.ts';

addStrings({ profile });

/** A profile's public key as a QR code, with the npub to read or copy. */
export default function ProfileShare({ npub, name }: { npub: string; name: string }) {
  const { t } = useTranslation();
  return (
    <div className="profile-share">
      <QrCode value={`nostr:${npub}`} label={t('profile.qrLabel', { name })} size={200} />
      <code className="profile-share-npub">{npub}</code>
      <Button
        size="sm"
        block
        icon={<Copy size={14} aria-hidden />}
        onClick={() => void copyToClipboard(npub)}
      >
        {t('profile.copyNpub')}
      </Button>
    </div>
  );
}
