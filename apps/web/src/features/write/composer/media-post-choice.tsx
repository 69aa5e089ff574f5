import { useId, useState } from 'react';
import { mediaPostTemplate, type UploadedFile } from '@swell/client';
import { videoKindFor, type EventTemplate } from '@swell/nostr';
import { Switch } from '@/components/ui/switch.tsx';
import type { Attachment } from '@/features/uploads/attachments.ts';
import { useTranslation } from '@/i18n/use-translation.ts';

export interface MediaPost {
  /** What the attachments can go out as: a picture post (all pictures), a video (one video). */
  kind: 'pictures' | 'video' | null;
  /** The user chose it (and the attachments still allow it). */
  on: boolean;
  setOn(on: boolean): void;
  alts: Readonly<Record<string, string>>;
  setAlt(attachmentId: string, text: string): void;
  /** Kind 20 or 21/22 of the uploaded files with the text as description; throws if neither. */
  template(text: string, hashtags: string[]): EventTemplate;
  /** Short (taller than wide) when the uploaded video says so. */
  shape: 'short' | 'wide' | null;
  reset(): void;
}

/** The choice a new note's attachments offer: a kind 20 picture post or a kind 21/22 video. */
export function useMediaPost(
  attached: readonly Attachment[],
  uploaded: readonly UploadedFile[],
): MediaPost {
  const [chosen, setOn] = useState(false);
  const [alts, setAlts] = useState<Record<string, string>>({});
  const kind =
    attached.length > 0 && attached.every((a) => a.kind === 'image')
      ? 'pictures'
      : attached.length === 1 && attached[0]!.kind === 'video'
        ? 'video'
        : null;
  const video = kind === 'video' ? uploaded[0] : undefined;
  return {
    kind,
    on: chosen && kind !== null,
    setOn,
    alts,
    setAlt: (id, text) => setAlts((a) => ({ ...a, [id]: text })),
    shape: video?.width ? (videoKindFor(video) === 22 ? 'short' : 'wide') : null,
    template: (text, hashtags) =>
      mediaPostTemplate({
        content: text,
        files: uploaded,
        alts: attached.map((a) => alts[a.id]),
        hashtags,
      }),
    reset: () => {
      setOn(false);
      setAlts({});
    },
  };
}

/**
 * The switch that sends a new note's pictures as a NIP-68 picture post (with a description of
 * each picture for its alt text) or its one video as a NIP-71 video event; shown only when the
 * attachments allow it.
 */
export function MediaPostChoice({
  post,
  attached,
}: {
  post: MediaPost;
  attached: readonly Attachment[];
}) {
  const { t } = useTranslation();
  const id = useId();
  if (!post.kind) return null;
  const pictures = post.kind === 'pictures';
  return (
    <div className="media-post-choice">
      <div className="media-post-switch">
        <Switch id={`${id}-switch`} checked={post.on} onCheckedChange={post.setOn} />
        <label htmlFor={`${id}-switch`}>
          {pictures ? t('compose.asPictures') : t('compose.asVideo')}
        </label>
      </div>
      <p className="field-hint">
        {pictures
          ? t('compose.asPicturesHint')
          : t('compose.asVideoHint', {
              shape: post.shape === 'short' ? t('compose.shapeShort') : t('compose.shapeWide'),
            })}
      </p>
      {post.on && (
        <ul className="media-post-alts">
          {attached.map((a) => (
            <li key={a.id}>
              <label className="field-label" htmlFor={`${id}-${a.id}`}>
                {t('compose.altLabel', { name: a.name })}
              </label>
              <input
                id={`${id}-${a.id}`}
                className="input"
                value={post.alts[a.id] ?? ''}
                placeholder={t('compose.altPlaceholder')}
                onChange={(e) => post.setAlt(a.id, e.target.value)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
