import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Upload from 'lucide-react/icons/upload';
import { Button } from '@/components/ui/button.tsx';
import { AttachmentList } from '@/features/uploads/attachment-list.tsx';
import { AttachmentSet } from '@/features/uploads/attachments.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { addStrings } from '@/i18n/add-strings.ts';
import { uploads } from '@/i18n/en/uploads.ts';
import { useSnapshot } from '@/data/use-model.ts';

addStrings({ uploads });

/**
 * Uploads from the media page (issue 21): pictures and video straight to this server, a
 * progress row per file (cancel, retry, remove); each finished file leaves its row and
 * `onUploaded` refreshes the list and the storage figures.
 */
export function MediaUpload({ onUploaded }: { onUploaded: () => void }) {
  const { t } = useTranslation();
  const set = useMemo(() => new AttachmentSet({ ownServerOnly: true }), []);
  const states = useSnapshot(set, set.getStates);
  const input = useRef<HTMLInputElement>(null);
  const done = states.filter((s) => s.status === 'done').length;
  useEffect(() => {
    if (done === 0) return;
    for (const a of set.getSnapshot()) if (a.task.getSnapshot().status === 'done') set.remove(a.id);
    onUploaded();
  }, [done, set, onUploaded]);
  // Leaving the page stops uploads nobody watches any more.
  useEffect(
    () => () => {
      for (const a of set.getSnapshot()) set.remove(a.id);
    },
    [set],
  );
  const pick = async (files: File[]) => {
    if (files.length === 0 || !(await requireSigner())) return;
    await set.add(files);
  };
  return (
    <div className="premium-media-upload">
      <Button icon={<Upload size={18} aria-hidden />} onClick={() => input.current?.click()}>
        {t('premium.media.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        accept="image/*,video/*"
        multiple
        hidden
        aria-label={t('premium.media.uploadFiles')}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void pick(files);
        }}
      />
      <AttachmentList set={set} />
    </div>
  );
}
