import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation.ts';
import Plus from 'lucide-react/icons/plus';
import { useSession } from '@/data/session.ts';
import { useNoteActions } from '@/features/note-actions/index.ts';

/** Scrolling down by more than this (px) tucks the button away; any scroll up brings it back. */
const tuckAfterPx = 48;

/**
 * While the reader scrolls down the button is tucked away (it would sit on the cards' menus and
 * counts); scrolling up, or reaching the top, brings it back.
 */
function useTucked(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= 0 || y < last) setTucked(false);
      else if (y - last > tuckAfterPx) setTucked(true);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return tucked;
}

/**
 * The phone's "new note" button, floating above the bottom bar, for someone who can post: not
 * for a guest (the sign-in is in the header), and not on Messages or the article editor, where a
 * note is not what the user is writing (a conversation has its own composer; the editor's text
 * would sit under the button).
 */
export function ComposeFab() {
  const { t } = useTranslation();
  const actions = useNoteActions();
  const { pubkey } = useSession();
  const { pathname } = useLocation();
  const tucked = useTucked();
  if (
    !pubkey ||
    pathname === '/dms' ||
    pathname.startsWith('/dms/') ||
    pathname.startsWith('/write/')
  )
    return null;
  return (
    <button
      type="button"
      className="compose-fab"
      data-tucked={tucked || undefined}
      aria-label={t('nav.newNote')}
      onClick={actions.compose}
    >
      <Plus size={26} aria-hidden />
    </button>
  );
}
