import { useTranslation } from '@/i18n/use-translation.ts';
import X from 'lucide-react/icons/x';
import RotateCw from 'lucide-react/icons/rotate-cw';
import Film from 'lucide-react/icons/film';
import { IconButton } from '@/components/ui/button.tsx';
import type { Attachment, AttachmentSet } from '@/features/uploads/attachments.ts';
import { uploadPercent, uploadStatusLine } from '@/features/uploads/upload-text.ts';
import '@/features/uploads/attachments.css';
import { useSnapshot } from '@/data/use-model.ts';

const running = new Set(['idle', 'checking', 'hashing', 'uploading', 'processing']);

function AttachmentTile({ item, onRemove }: { item: Attachment; onRemove: () => void }) {
  const { t } = useTranslation();
  const s = useSnapshot(item.task);
  const busy = running.has(s.status);
  const stopped = s.status === 'failed' || s.status === 'cancelled';
  const name = item.name;
  return (
    <li
      className="attachment"
      data-status={s.status}
      data-testid="attachment"
      aria-label={item.name}
    >
      <div className="attachment-thumb">
        {item.kind === 'image' ? (
          <img src={item.preview} alt={t('uploads.imageAlt', { name })} />
        ) : (
          <>
            <video src={item.preview} muted playsInline preload="metadata" aria-hidden />
            <Film
              className="attachment-kind"
              size={16}
              aria-label={t('uploads.videoAlt', { name })}
            />
          </>
        )}
      </div>
      <div className="attachment-body">
        <span className="attachment-name" title={name}>
          {name}
        </span>
        <span
          className={s.status === 'failed' ? 'attachment-status is-error' : 'attachment-status'}
          role={s.status === 'failed' ? 'alert' : undefined}
          data-testid="attachment-status"
        >
          {uploadStatusLine(s)}
        </span>
        {busy && (
          <div
            className="attachment-bar"
            role="progressbar"
            aria-label={t('uploads.progress', { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={uploadPercent(s)}
            aria-valuetext={uploadStatusLine(s)}
          >
            <span style={{ width: `${uploadPercent(s)}%` }} />
          </div>
        )}
      </div>
      <div className="attachment-actions">
        {stopped && (
          <IconButton
            size="sm"
            label={t('uploads.retry', { name })}
            icon={<RotateCw size={16} aria-hidden />}
            onClick={() => void item.task.retry().catch(() => undefined)}
          />
        )}
        {busy ? (
          <IconButton
            size="sm"
            label={t('uploads.cancel', { name })}
            icon={<X size={16} aria-hidden />}
            onClick={() => item.task.cancel()}
          />
        ) : (
          <IconButton
            size="sm"
            label={t('uploads.remove', { name })}
            icon={<X size={16} aria-hidden />}
            onClick={onRemove}
          />
        )}
      </div>
    </li>
  );
}

/** The files attached to a note: thumbnail, name, progress with bytes and time left, cancel, retry, remove. */
export function AttachmentList({ set }: { set: AttachmentSet }) {
  const { t } = useTranslation();
  const items = useSnapshot(set);
  if (items.length === 0) return null;
  return (
    <ul className="attachments" aria-label={t('uploads.attachments')}>
      {items.map((a) => (
        <AttachmentTile key={a.id} item={a} onRemove={() => set.remove(a.id)} />
      ))}
    </ul>
  );
}
