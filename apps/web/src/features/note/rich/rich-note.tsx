import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import Check from 'lucide-react/icons/check';
import ChartBar from 'lucide-react/icons/chart-bar';
import Zap from 'lucide-react/icons/zap';
import { watchPollLive, type EntityStore } from '@swell/client';
import {
  isPollClosed,
  isZapPollClosed,
  Kind,
  parsePicturePost,
  parsePoll,
  parseVideoEvent,
  parseZapPoll,
  type Imeta,
  type Poll,
  type ZapPoll,
} from '@swell/nostr';
import type { SignedEvent } from '@swell/cache-protocol';
import { swell } from '@/data/client.ts';
import { useSession } from '@/data/session.ts';
import { useEntity } from '@/data/use-model.ts';
import { Button } from '@/components/ui/button.tsx';
import AltCard from '@/features/note/alt-card.tsx';
import { NoteContent } from '@/features/note/note-content.tsx';
import { imageBox } from '@/features/note/image-box.ts';
import { useImageLoading } from '@/features/note/feed-position.ts';
import { blurhashUrl } from '@/features/note/rich/blurhash-url.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { rich } from '@/i18n/en/rich.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { fullDate, relativeTime, shortNumber } from '@/lib/format.ts';
import { lazy } from '@/lib/lazy.ts';
import '@/features/note/rich/rich.css';

addStrings({ rich });

const MediaLightbox = lazy(() => import('@/components/media-lightbox.tsx'));

const selectPollView = (store: EntityStore, id: string) => store.pollView(id);

/** A poll's tally and the viewer's vote (their vote just sent counts at once). */
function usePollView(id: string) {
  return useEntity(selectPollView, id);
}

/** Seconds now, again every 30 s while a poll is open, so it closes on screen at its end. */
function useNowSeconds(until: number | undefined): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    if (until === undefined || now > until) return;
    const wait = Math.min(30_000, (until - now + 1) * 1000);
    const id = setTimeout(() => setNow(Math.floor(Date.now() / 1000)), wait);
    return () => clearTimeout(id);
  }, [until, now]);
  return now;
}

/** Asks the cache for the poll's tally again whenever a vote reaches the server's relay. */
function useLiveTally(event: SignedEvent, open: boolean): void {
  const viewer = useSession().pubkey;
  useEffect(() => {
    if (!open) return;
    const client = swell();
    const refresh = () =>
      void client
        .ingest(() => client.api.events([event.id], viewer ? { user_pubkey: viewer } : {}))
        .catch(() => {});
    return watchPollLive(client, event, refresh);
  }, [event, open, viewer]);
}

function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** A NIP-88 poll: options to choose, Vote, and the results as bars with counts. */
function PollCard({ event, poll }: { event: SignedEvent; poll: Poll }) {
  const { t } = useTranslation();
  const view = usePollView(event.id);
  const now = useNowSeconds(poll.endsAt);
  const closed = isPollClosed(poll, now);
  useLiveTally(event, !closed);
  const mine = view?.mine ?? [];
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [sending, setSending] = useState(false);
  const selected = chosen ?? [...mine];
  const multiple = poll.type === 'multiplechoice';
  const votesOf = (id: string) => view?.options[id]?.votes ?? 0;
  const total = poll.options.reduce((n, o) => n + votesOf(o.id), 0);
  const changed =
    selected.length > 0 &&
    (selected.length !== mine.length || selected.some((id) => !mine.includes(id)));
  const toggle = (id: string) =>
    setChosen(
      multiple
        ? selected.includes(id)
          ? selected.filter((x) => x !== id)
          : [...selected, id]
        : [id],
    );
  const submit = async () => {
    if (!changed || sending) return;
    setSending(true);
    try {
      const { sendVote } = await import('@/features/note/rich/poll-vote.ts');
      if (await sendVote(poll, selected, t('rich.voteFailed'))) setChosen(null);
    } finally {
      setSending(false);
    }
  };
  const groupName = `poll-${event.id}`;
  return (
    // No name on the form: a named form is a landmark, and two polls on one screen would be two
    // landmarks of one name (axe's landmark-unique); the options' fieldset is named instead.
    <form
      className="poll"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <NoteContent event={event} />
      <fieldset className="poll-options" disabled={closed || sending}>
        <legend className="visually-hidden">{t('rich.poll')}</legend>
        {poll.options.map((o) => {
          const votes = votesOf(o.id);
          const percent = percentOf(votes, total);
          const isMine = mine.includes(o.id);
          const on = selected.includes(o.id);
          return (
            <label
              key={o.id}
              className={`poll-option${on ? ' poll-option-on' : ''}${isMine ? ' poll-option-mine' : ''}`}
              data-option={o.id}
            >
              <span className="poll-bar" style={{ width: `${percent}%` }} aria-hidden />
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={groupName}
                value={o.id}
                checked={on}
                onChange={() => toggle(o.id)}
              />
              <span className="poll-label">
                {o.label}
                {isMine && (
                  <span className="poll-mine">
                    <Check size={14} aria-hidden />
                    <span className="visually-hidden">, </span>
                    {t('rich.yourVote')}
                  </span>
                )}
              </span>
              <span className="poll-count">
                <span aria-hidden>
                  {percent} % · {shortNumber(votes)}
                </span>
                <span className="visually-hidden">
                  {`, ${t('rich.optionVotes', { count: votes, shown: shortNumber(votes), percent })}`}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="poll-footer">
        <span className="muted">
          <ChartBar size={14} aria-hidden />{' '}
          <span data-testid="poll-total">
            {view
              ? t('rich.votes', { count: total, shown: shortNumber(total) })
              : t('rich.tallyLoading')}
          </span>
          {' · '}
          {multiple ? t('rich.multipleChoice') : t('rich.singleChoice')}
          {' · '}
          {poll.endsAt === undefined ? (
            t('rich.noEnd')
          ) : closed ? (
            t('rich.ended', { date: fullDate(poll.endsAt) })
          ) : (
            <time dateTime={new Date(poll.endsAt * 1000).toISOString()}>
              {t('rich.endsIn', { time: relativeTime(poll.endsAt, now) })}
            </time>
          )}
        </span>
        {!closed && (
          <Button type="submit" size="sm" variant="primary" disabled={!changed || sending}>
            {sending ? t('rich.voting') : mine.length ? t('rich.changeVote') : t('rich.vote')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** A zap poll (kind 6969): its options with the sats zapped to each. */
function ZapPollCard({ event, poll }: { event: SignedEvent; poll: ZapPoll }) {
  const { t } = useTranslation();
  const view = usePollView(event.id);
  const now = useNowSeconds(poll.closedAt);
  const closed = isZapPollClosed(poll, now);
  useLiveTally(event, !closed);
  const satsOf = (id: string) => view?.options[id]?.satszapped ?? 0;
  const total = poll.options.reduce((n, o) => n + satsOf(o.id), 0);
  return (
    <div className="poll zap-poll" role="group" aria-label={t('rich.zapPoll')}>
      <NoteContent event={event} />
      <ul className="poll-options">
        {poll.options.map((o) => {
          const sats = satsOf(o.id);
          const percent = percentOf(sats, total);
          return (
            <li key={o.id} className="poll-option" data-option={o.id}>
              <span className="poll-bar" style={{ width: `${percent}%` }} aria-hidden />
              <Zap size={14} aria-hidden className="zap-poll-icon" />
              <span className="poll-label">{o.label}</span>
              <span className="poll-count">
                <span aria-hidden>
                  {percent} % · {t('rich.sats', { shown: shortNumber(sats) })}
                </span>
                <span className="visually-hidden">
                  {`, ${t('rich.optionSats', { sats: shortNumber(sats), percent })}`}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="poll-footer">
        <span className="muted">
          <Zap size={14} aria-hidden /> {t('rich.sats', { shown: shortNumber(total) })}
          {' · '}
          {closed && poll.closedAt !== undefined
            ? t('rich.ended', { date: fullDate(poll.closedAt) })
            : t('rich.zapToVote')}
          {poll.valueMinimum !== undefined && poll.valueMaximum !== undefined && (
            <>
              {' · '}
              {t('rich.zapRange', { min: poll.valueMinimum, max: poll.valueMaximum })}
            </>
          )}
        </span>
      </div>
    </div>
  );
}

/** One picture of a post: its box reserved, the blurhash painted until it loads, its alt text. */
function Picture({
  image,
  alt,
  label,
  tile,
  onOpen,
}: {
  image: Imeta;
  alt: string;
  label: string;
  tile: boolean;
  onOpen: () => void;
}) {
  const { loading, fetchPriority } = useImageLoading();
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(
    () => (image.blurhash ? blurhashUrl(image.blurhash, image.width, image.height) : undefined),
    [image],
  );
  const box = tile ? undefined : imageBox(image.width, image.height);
  return (
    <button
      type="button"
      className={`picture${tile ? ' picture-tile' : ''}`}
      onClick={onOpen}
      aria-label={label}
      style={{
        ...(box ? { width: box.width, aspectRatio: `${box.width} / ${box.height}` } : {}),
        ...(placeholder && !loaded ? { backgroundImage: `url(${placeholder})` } : {}),
      }}
    >
      <img
        src={image.url}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        width={box?.width ?? image.width}
        height={box?.height ?? image.height}
        onLoad={() => setLoaded(true)}
      />
    </button>
  );
}

/** A NIP-68 picture post: title, pictures (a gallery when several), description. */
function PictureGallery({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const post = useMemo(() => parsePicturePost(event), [event]);
  const [open, setOpen] = useState<number | null>(null);
  if (!post) return <AltCard event={event} />;
  const count = post.images.length;
  const shown = post.images.slice(0, 4);
  const altOf = (m: Imeta) => m.alt ?? post.alt ?? '';
  return (
    <div className="picture-post">
      {post.title && <p className="rich-title">{post.title}</p>}
      <div
        className={`gallery gallery-${Math.min(count, 4)}`}
        role="group"
        aria-label={t('rich.gallery', { count })}
      >
        {shown.map((m, i) => (
          <Picture
            key={`${i}-${m.url}`}
            image={m}
            alt={altOf(m)}
            label={t('rich.picture', { n: i + 1, count })}
            tile={count > 1}
            onOpen={() => setOpen(i)}
          />
        ))}
      </div>
      {post.description.trim() && <NoteContent event={event} />}
      {open !== null && post.images[open] && (
        <Suspense fallback={null}>
          <MediaLightbox
            label={t('rich.picture', { n: open + 1, count })}
            src={post.images[open]!.url}
            alt={altOf(post.images[open]!)}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A video that plays (muted) while half of it is in view and pauses when scrolled away. */
function useAutoplay() {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const io = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) video.play().catch(() => {});
        else video.pause();
      },
      { threshold: 0.5 },
    );
    io.observe(video);
    return () => io.disconnect();
  }, []);
  return ref;
}

/** A NIP-71 video event: title, the video playing inline (its box reserved), summary. */
function VideoPost({ event }: { event: SignedEvent }) {
  const { t } = useTranslation();
  const ref = useAutoplay();
  const video = useMemo(() => parseVideoEvent(event), [event]);
  if (!video) return <AltCard event={event} />;
  const main = video.variants[0]!;
  const box = imageBox(main.width, main.height);
  return (
    <div className="video-post">
      {video.title && <p className="rich-title">{video.title}</p>}
      <video
        ref={ref}
        className="note-video"
        src={main.url}
        poster={video.image}
        controls
        muted
        playsInline
        loop
        preload="metadata"
        aria-label={video.title ?? video.alt ?? main.alt ?? t('rich.video')}
        width={box?.width}
        height={box?.height}
        style={box && { width: box.width, aspectRatio: `${box.width} / ${box.height}` }}
      />
      {video.description.trim() && <NoteContent event={event} />}
    </div>
  );
}

/** The renderer of a note kind with one (note-body.tsx lists them); others get the alt card. */
export default function RichNote({ event }: { event: SignedEvent }) {
  const poll = useMemo(() => (event.kind === Kind.Poll ? parsePoll(event) : undefined), [event]);
  const zapPoll = useMemo(
    () => (event.kind === Kind.ZapPoll ? parseZapPoll(event) : undefined),
    [event],
  );
  if (poll) return <PollCard event={event} poll={poll} />;
  if (zapPoll) return <ZapPollCard event={event} poll={zapPoll} />;
  if (event.kind === Kind.Picture) return <PictureGallery event={event} />;
  if (event.kind === Kind.Poll || event.kind === Kind.ZapPoll) return <AltCard event={event} />;
  return <VideoPost event={event} />;
}
