import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { tokenize, type Segment } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { EmbedFrame } from '@/components/note/embed-frame.tsx';
import { LinkPreview } from '@/components/note/link-preview.tsx';
import { Mention } from '@/components/note/mention.tsx';
import { NoteImage } from '@/components/note/note-image.tsx';
import { NoteVideo } from '@/components/note/note-video.tsx';
import { EcashCard, InvoiceCard } from '@/components/note/payment-cards.tsx';
import { imetaDims } from '@/components/note/imeta.ts';

type Dims = Map<string, { w: number; h: number }>;

function renderSegment(s: Segment, dims: Dims) {
  switch (s.type) {
    case 'text':
      return s.text;
    case 'linebreak':
      return <br />;
    case 'link':
      return <LinkPreview url={s.url} text={s.text} />;
    case 'image':
      return <NoteImage url={s.url} dim={dims.get(s.url)} />;
    case 'video':
      return <NoteVideo url={s.url} dim={dims.get(s.url)} />;
    case 'embed':
      return <EmbedFrame segment={s} />;
    case 'invoice':
      return <InvoiceCard invoice={s.invoice} msats={s.msats} />;
    case 'bitcoin':
      return <InvoiceCard invoice={s.lightning} msats={s.msats} />;
    case 'cashu':
      return <EcashCard token={s.token} />;
    case 'hashtag':
      return (
        <Link to={`/search/${encodeURIComponent(`#${s.tag}`)}`} className="hashtag">
          {s.text}
        </Link>
      );
    case 'mention':
      return <Mention decoded={s.decoded} bech32={s.bech32} />;
  }
}

/** The content of a note: every tokenizer segment rendered. */
export function NoteContent({ event }: { event: SignedEvent }) {
  const segments = useMemo(() => tokenize(event.content, event.tags), [event]);
  const dims = useMemo(() => imetaDims(event.tags), [event]);
  return (
    <div className="note-content">
      {segments.map((s, i) => (
        <Fragment key={i}>{renderSegment(s, dims)}</Fragment>
      ))}
    </div>
  );
}
