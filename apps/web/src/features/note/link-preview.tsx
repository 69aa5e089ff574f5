import { useState } from 'react';
import { usePreview } from '@/data/entity-store.ts';

/** Link preview image retries (spec section 9). */
export const previewImageRetries = 3;

function origin(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function PlainLink({ url, text }: { url: string; text: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {text}
    </a>
  );
}

/**
 * A link with its preview card (180x120 image, title, description, origin) when the cache
 * knows the page; the image is retried 3 times, then dropped. Without metadata: a plain link.
 */
export function LinkPreview({ url, text }: { url: string; text: string }) {
  const preview = usePreview(url);
  const [attempt, setAttempt] = useState(0);
  const title = preview?.md_title?.trim();
  if (!preview || !title) return <PlainLink url={url} text={text} />;
  const image = preview.md_image;
  const showImage = !!image && attempt <= previewImageRetries;
  return (
    <a className="link-preview" href={url} target="_blank" rel="noopener noreferrer nofollow">
      {showImage && (
        <img
          key={attempt}
          src={attempt === 0 ? image : `${image}${image.includes('?') ? '&' : '?'}retry=${attempt}`}
          alt=""
          width={180}
          height={120}
          loading="lazy"
          onError={() => setAttempt((n) => n + 1)}
        />
      )}
      <span className="link-preview-text">
        <strong>{title}</strong>
        {preview.md_description && (
          <span className="link-preview-description">{preview.md_description}</span>
        )}
        <span className="link-preview-origin">{origin(url)}</span>
      </span>
    </a>
  );
}
