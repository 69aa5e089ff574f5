import { Fragment, Suspense, useMemo } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link } from 'react-router';
import { tokenize, type Segment } from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { EmbedFrame } from '@/features/note/embed-frame.tsx';
import { LinkPreview } from '@/features/note/link-preview.tsx';
import { Mention } from '@/features/note/mention.tsx';
import { NoteImage } from '@/features/note/note-image.tsx';
import { NoteVideo } from '@/features/note/note-video.tsx';
import { EcashCard, InvoiceCard } from '@/features/note/payment-cards.tsx';
import { imetaDims } from '@/features/note/imeta.ts';

// The full invoice card (decoding, QR code, Pay) loads when a note shows one; the light card
// stands in meanwhile.
const LightningInvoiceCard = lazy(() => import('@/features/zaps/invoice-card.tsx'));

function Invoice({ invoice, msats }: { invoice: string; msats: number | undefined }) {
  return (
    <Suspense fallback={<InvoiceCard invoice={invoice} msats={msats} />}>
      <LightningInvoiceCard invoice={invoice} />
    </Suspense>
  );
}

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
      return <Invoice invoice={s.invoice} msats={s.msats} />;
    case 'bitcoin':
      return <Invoice invoice={s.lightning} msats={s.msats} />;
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

/** Segments shown as blocks (cards, media): line breaks next to them would only add gaps. */
const blockTypes = new Set<Segment['type']>([
  'image',
  'video',
  'embed',
  'invoice',
  'bitcoin',
  'cashu',
]);

function isBlock(s: Segment | undefined): boolean {
  if (!s) return false;
  if (blockTypes.has(s.type)) return true;
  return s.type === 'mention' && (s.decoded.type === 'note' || s.decoded.type === 'nevent');
}

/**
 * Drops line breaks (and blank text between them) that only separate a block from its
 * neighbours or trail at the ends, so media and cards do not open empty lines around them.
 */
export function trimBreaks(segments: Segment[]): Segment[] {
  const blank = (s: Segment) => s.type === 'linebreak' || (s.type === 'text' && !s.text.trim());
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (blank(s)) {
      let j = i;
      while (j < segments.length && blank(segments[j]!)) j++;
      const before = out.at(-1);
      const after = segments[j];
      if (!before || !after || isBlock(before) || isBlock(after)) {
        i = j - 1;
        continue;
      }
    }
    out.push(s);
  }
  return out;
}

/** The content of a note: every tokenizer segment rendered. */
export function NoteContent({ event }: { event: SignedEvent }) {
  const segments = useMemo(() => trimBreaks(tokenize(event.content, event.tags)), [event]);
  const dims = useMemo(() => imetaDims(event.tags), [event]);
  return (
    <div className="note-content">
      {segments.map((s, i) => (
        <Fragment key={i}>{renderSegment(s, dims)}</Fragment>
      ))}
    </div>
  );
}
