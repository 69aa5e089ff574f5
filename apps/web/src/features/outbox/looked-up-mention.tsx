import { Link } from 'react-router';
import { LookedUpNote, noteRefOf } from '@/features/outbox/missing-note.tsx';

/** A nostr: note mention the store lacks: looked up beyond the cache (see LookedUpNote). */
export default function LookedUpMention({ bech32 }: { bech32: string }) {
  const ref = noteRefOf(bech32);
  if (!ref)
    return (
      <Link to={`/e/${bech32}`} className="mention">
        {`${bech32.slice(0, 16)}…`}
      </Link>
    );
  return <LookedUpNote lookupRef={ref} bech32={bech32} />;
}
