import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import Smile from 'lucide-react/icons/smile';
import { IconButton } from '@/components/ui/button.tsx';
import { Popover } from '@/components/ui/popover.tsx';
import { emojiSet } from '@/features/write/composer/emoji-set.ts';
import { writeStore } from '@/features/write/write-store.ts';
import { useSnapshot } from '@/data/use-model.ts';

/**
 * The emoji picker: the user's recent emoji first (history of 40, most recent first, kept in
 * the per-user record), then a fixed set. Picking one inserts it at the caret.
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const write = useSnapshot(writeStore);
  const [recent, setRecent] = useState<string[]>(() => write?.emojis.list() ?? []);
  const [open, setOpen] = useState(false);
  const pick = (emoji: string) => {
    if (write) setRecent(write.emojis.use(emoji));
    setOpen(false);
    onPick(emoji);
  };
  const grid = (label: string, list: string[], testId: string) => (
    <div role="group" aria-label={label} className="emoji-group" data-testid={testId}>
      <p className="emoji-group-title" aria-hidden="true">
        {label}
      </p>
      <div className="emoji-grid">
        {list.map((e) => (
          <button
            key={e}
            type="button"
            className="emoji-btn"
            aria-label={e}
            onClick={() => pick(e)}
          >
            {e}
          </button>
        ))}
      </div>
    </div>
  );
  return (
    <Popover
      label={t('write.emoji')}
      align="start"
      open={open}
      onOpenChange={(o) => {
        if (o && write) setRecent(write.emojis.list());
        setOpen(o);
      }}
      trigger={<IconButton label={t('write.emoji')} icon={<Smile size={20} aria-hidden />} />}
    >
      <div className="emoji-picker">
        {recent.length > 0 && grid(t('write.emojiRecent'), recent, 'emoji-recent')}
        {grid(t('write.emojiAll'), emojiSet, 'emoji-all')}
      </div>
    </Popover>
  );
}
