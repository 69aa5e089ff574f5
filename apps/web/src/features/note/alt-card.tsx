import { useEffect, useState } from 'react';
import FileQuestion from 'lucide-react/icons/file-question';
import ExternalLink from 'lucide-react/icons/external-link';
import { nip19 } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { addStrings } from '@/i18n/add-strings.ts';
import { rich } from '@/i18n/en/rich.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { loadWhenConnected } from '@/lib/chunk-load.ts';
import { altText } from '@/features/note/alt-text.ts';

addStrings({ rich });

/** The event's NIP-19 address: naddr for addressable kinds, else nevent. */
export function eventBech32(event: SignedEvent): string {
  if (event.kind >= 30000 && event.kind < 40000) {
    const identifier = event.tags.find((t) => t[0] === 'd')?.[1] ?? '';
    return nip19.naddrEncode({ kind: event.kind, pubkey: event.pubkey, identifier });
  }
  return nip19.neventEncode({ id: event.id, author: event.pubkey, kind: event.kind });
}

/** Where an event opens when no NIP-89 handler of its kind is known. */
const fallbackViewer = (bech32: string) => `https://njump.me/${bech32}`;

/**
 * A note of a kind Swell cannot show: its NIP-31 `alt` summary (or what kind it is) and a link to
 * open it elsewhere, in the app a NIP-89 handler names for the kind when one is known (asked of
 * the server's relay, code loaded on first use), never a blank.
 */
export default function AltCard({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const label = t('rich.unknownKind', { kind: event.kind });
  const bech32 = eventBech32(event);
  const [handler, setHandler] = useState<{ name: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadWhenConnected(() => import('@/features/note/app-handler-lookup.ts'))
      .then(({ handlerFor }) => handlerFor(event.kind, bech32))
      .then((h) => {
        if (live && h) setHandler(h);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [event.kind, bech32]);
  return (
    <div className="alt-card" role="group" aria-label={label}>
      <FileQuestion size={18} aria-hidden className="alt-card-icon" />
      <div className="alt-card-text">
        <p>{altText(event) ?? label}</p>
        <a
          href={handler?.url ?? fallbackViewer(bech32)}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="alt-card-link"
        >
          {handler ? t('rich.openIn', { app: handler.name }) : t('rich.openElsewhere')}
          <ExternalLink size={14} aria-hidden />
        </a>
      </div>
    </div>
  );
}
