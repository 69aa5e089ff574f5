import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import FileQuestion from 'lucide-react/icons/file-question';
import RotateCw from 'lucide-react/icons/rotate-cw';
import { refFromNip19, type LookupRef } from '@swell/client';
import { useLookup } from '@/features/outbox/use-lookup.ts';
import '@/features/outbox/outbox.css';

/**
 * A note the cache does not hold, while it is looked up on the relays (a link to it); once every
 * source failed, the missing-note placeholder with a retry. When found, the store has the note
 * and the caller renders it instead of this.
 */
export function LookedUpNote({ lookupRef, bech32 }: { lookupRef: LookupRef; bech32?: string }) {
  const { t } = useTranslation();
  const { status, retry } = useLookup(lookupRef, false);
  if (status?.status === 'missing')
    return (
      <span className="note-missing outbox-missing" role="note">
        <FileQuestion size={18} aria-hidden />
        <span>{t('note.missing')}</span>
        <button type="button" className="outbox-retry" onClick={retry}>
          <RotateCw size={14} aria-hidden />
          {t('app.retry')}
        </button>
      </span>
    );
  return (
    <span className="outbox-loading" aria-busy="true">
      {bech32 ? (
        <Link to={`/e/${bech32}`} className="mention">
          {`${bech32.slice(0, 16)}…`}
        </Link>
      ) : (
        t('app.loading')
      )}
      <span className="visually-hidden">{t('note.lookingUp')}</span>
    </span>
  );
}

/** The lookup of a nostr: note reference (note1/nevent1), or undefined for anything else. */
export function noteRefOf(bech32: string): LookupRef | undefined {
  const ref = refFromNip19(bech32);
  return ref?.type === 'note' || ref?.type === 'address' ? ref : undefined;
}
