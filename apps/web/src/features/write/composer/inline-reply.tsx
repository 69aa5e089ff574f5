import { useTranslation } from '@/i18n/use-translation.ts';
import type { SignedEvent } from '@swell/cache-protocol';
import { Composer } from '@/features/write/composer/composer.tsx';
import { addStrings } from '@/i18n/add-strings.ts';
import { uploads } from '@/i18n/en/uploads.ts';

addStrings({ uploads });

/** The reply editor under a thread's focused note (signed-in users; loads with the thread). */
export default function InlineReply({ note }: { note: SignedEvent }) {
  const { t } = useTranslation();
  return (
    <section className="inline-reply" aria-label={t('write.inlineReplyTitle')}>
      <Composer key={note.id} target={{ mode: 'reply', note }} compact />
    </section>
  );
}
