import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link } from 'react-router';
import type { NostrUriEntity } from '@swell/nostr';
import { nip19 } from '@swell/nostr';
import { altText } from '@/features/note/alt-text.ts';
import { richKinds, textKinds } from '@/features/note/note-kinds.ts';
import { useNote } from '@/data/entity-store.ts';
import { noteLink, profileLink, userLabel, useUser } from '@/data/user.ts';
import { Avatar } from '@/components/avatar/avatar.tsx';
import { plainText } from '@/lib/summary.ts';

// Notes the cache lacks are looked up on relays (features/outbox), loaded only when needed.
const LookedUpMention = lazy(() => import('@/features/outbox/looked-up-mention.tsx'));
// A mentioned note of a kind Swell cannot show: its NIP-31 card (straight to it, not through the
// renderers of rich kinds, which render note content and so mentions again).
const AltCard = lazy(() => import('@/features/note/alt-card.tsx'));

function ProfileMention({ pubkey }: { pubkey: string }) {
  const user = useUser(pubkey);
  return (
    <Link to={profileLink(user)} className="mention">
      @{userLabel(user)}
    </Link>
  );
}

function shorten(text: string, words = 99): string {
  const parts = text.split(/\s+/);
  return parts.length > words ? `${parts.slice(0, words).join(' ')}…` : text;
}

/** A mentioned note: a compact card when the note is known, else a link. */
function NoteMention({ id, bech32 }: { id: string; bech32: string }) {
  const note = useNote(id);
  const user = useUser(note?.pubkey ?? '');
  if (!note) {
    const link = (
      <Link to={`/e/${bech32}`} className="mention">
        {`${bech32.slice(0, 16)}…`}
      </Link>
    );
    return (
      <Suspense fallback={link}>
        <LookedUpMention bech32={bech32} />
      </Suspense>
    );
  }
  const name = userLabel(user);
  // A kind Swell cannot show: its alt text and a link to open it elsewhere, not a thread link.
  if (!textKinds.has(note.kind) && !richKinds.has(note.kind))
    return (
      <Suspense fallback={<p className="alt-card">{altText(note)}</p>}>
        <AltCard event={note} />
      </Suspense>
    );
  return (
    <Link to={noteLink(id)} className="mentioned-note">
      <span className="mentioned-note-head">
        <Avatar picture={user.picture} size="xss" name={name} />
        <strong>{name}</strong>
      </span>
      <span className="mentioned-note-text">{shorten(plainText(note.content, note.tags))}</span>
    </Link>
  );
}

/** A nostr: mention: profiles as profile links, notes as note links or cards. */
export function Mention({ decoded, bech32 }: { decoded: NostrUriEntity; bech32: string }) {
  switch (decoded.type) {
    case 'npub':
      return <ProfileMention pubkey={decoded.data} />;
    case 'nprofile':
      return <ProfileMention pubkey={decoded.data.pubkey} />;
    case 'note':
      return <NoteMention id={decoded.data} bech32={bech32} />;
    case 'nevent':
      return <NoteMention id={decoded.data.id} bech32={bech32} />;
    case 'naddr':
      return (
        <Link to={`/thread/${nip19.naddrEncode(decoded.data)}`} className="mention">
          {decoded.data.identifier || `${bech32.slice(0, 16)}…`}
        </Link>
      );
    default:
      return <span>{bech32}</span>;
  }
}
