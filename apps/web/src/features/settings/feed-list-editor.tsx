import { Suspense, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import GripVertical from 'lucide-react/icons/grip-vertical';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import {
  moveFeed,
  removeFeed,
  renameFeed,
  setFeedEnabled,
  hasFeed,
  type FeedListName,
} from '@swell/client';
import type { FeedDefinition } from '@swell/cache-protocol';
import { Button, IconButton } from '@/components/ui/button.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import '@/components/ui/form.css';

const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog.tsx'));

function RenameForm({
  feed,
  list,
  onRename,
  onDone,
}: {
  feed: FeedDefinition;
  list: FeedDefinition[];
  onRename: (name: string) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(feed.name);
  const [error, setError] = useState<string | null>(null);
  const id = `rename-${feed.spec}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    if (next === '') return setError(t('feedSettings.nameRequired'));
    if (next.toLowerCase() !== feed.name.trim().toLowerCase() && hasFeed(list, next))
      return setError(t('feedSettings.nameTaken'));
    onRename(next);
    onDone();
  };
  return (
    <form className="feed-rename form" onSubmit={submit}>
      <label className="field-label" htmlFor={id}>
        {t('feedSettings.renameLabel', { name: feed.name })}
      </label>
      <div className="form-row">
        <input
          id={id}
          className="input"
          value={name}
          // The field opens on the user's request: it takes the focus at once.
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              onDone();
            }
          }}
        />
        <Button type="submit" variant="primary" size="sm">
          {t('feedSettings.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('ui.cancel')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The user's feed list (spec section 4 "Settings"): reorder (drag the handle, or the move
 * buttons / arrow keys on the handle), enable or disable, rename, remove. Each change goes
 * through `onChange` (saved by the settings sync).
 */
export function FeedListEditor({
  which,
  list,
  onChange,
}: {
  which: FeedListName;
  list: FeedDefinition[];
  onChange: (next: FeedDefinition[]) => void;
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<FeedDefinition | null>(null);
  const [announce, setAnnounce] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  /** Moves a feed and keeps the keyboard focus on the control that moved it. */
  const move = (from: number, to: number, focus?: 'up' | 'down' | 'handle') => {
    if (to < 0 || to >= list.length || from === to) return;
    const feed = list[from]!;
    onChange(moveFeed(list, from, to));
    setAnnounce(t('feedSettings.moved', { name: feed.name, position: to + 1, count: list.length }));
    if (!focus) return;
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${to}"]`);
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${focus}"]`);
      const fallback = row?.querySelector<HTMLButtonElement>(
        `[data-move="${focus === 'up' ? 'down' : 'up'}"]`,
      );
      (wanted && !wanted.disabled ? wanted : fallback)?.focus();
    });
  };

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
    setDropAt(null);
  };

  return (
    <>
      <ol className="feed-list" ref={listRef} aria-label={t(`feedSettings.listLabel.${which}`)}>
        {list.map((feed, i) => (
          <li
            key={feed.spec + feed.name}
            data-index={i}
            className="feed-setting"
            data-disabled={feed.enabled === false || undefined}
            data-dragging={dragFrom === i || undefined}
            data-drop={
              dropAt === i && dragFrom !== i ? (dragFrom! < i ? 'after' : 'before') : undefined
            }
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDropAt(i);
            }}
            onDrop={(e) => onDrop(e, i)}
          >
            <button
              type="button"
              className="feed-handle"
              data-move="handle"
              draggable
              aria-label={t('feedSettings.reorder', { name: feed.name })}
              aria-describedby="feed-reorder-help"
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', feed.name);
                setDragFrom(i);
              }}
              onDragEnd={() => {
                setDragFrom(null);
                setDropAt(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowUp') {
                  e.preventDefault();
                  move(i, i - 1, 'handle');
                } else if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  move(i, i + 1, 'handle');
                }
              }}
            >
              <GripVertical size={18} aria-hidden />
            </button>
            <div className="feed-setting-main">
              {renaming === feed.name ? (
                <RenameForm
                  feed={feed}
                  list={list}
                  onRename={(name) => onChange(renameFeed(list, feed.name, name))}
                  onDone={() => setRenaming(null)}
                />
              ) : (
                <>
                  <span className="feed-setting-name">{feed.name}</span>
                  {feed.description && <span className="feed-desc">{feed.description}</span>}
                </>
              )}
            </div>
            <div className="feed-setting-tools">
              <Switch
                checked={feed.enabled !== false}
                label={t('feedSettings.enable', { name: feed.name })}
                onCheckedChange={(on) => onChange(setFeedEnabled(list, feed.name, on))}
              />
              <IconButton
                size="sm"
                data-move="up"
                label={t('feedSettings.moveUp', { name: feed.name })}
                icon={<ArrowUp size={16} aria-hidden />}
                disabled={i === 0}
                onClick={() => move(i, i - 1, 'up')}
              />
              <IconButton
                size="sm"
                data-move="down"
                label={t('feedSettings.moveDown', { name: feed.name })}
                icon={<ArrowDown size={16} aria-hidden />}
                disabled={i === list.length - 1}
                onClick={() => move(i, i + 1, 'down')}
              />
              <IconButton
                size="sm"
                label={t('feedSettings.rename', { name: feed.name })}
                icon={<Pencil size={16} aria-hidden />}
                onClick={() => setRenaming(feed.name)}
              />
              <IconButton
                size="sm"
                label={t('feedSettings.remove', { name: feed.name })}
                icon={<Trash2 size={16} aria-hidden />}
                onClick={() => setRemoving(feed)}
              />
            </div>
          </li>
        ))}
      </ol>
      <p id="feed-reorder-help" className="visually-hidden">
        {t('feedSettings.reorderHelp')}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {removing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('feedSettings.removeTitle', { name: removing.name })}
            body={t('feedSettings.removeBody')}
            confirmLabel={t('feedSettings.removeConfirm')}
            danger
            onConfirm={() => {
              onChange(removeFeed(list, removing.name));
              setAnnounce(t('feedSettings.removed', { name: removing.name }));
            }}
            onClose={() => setRemoving(null)}
          />
        </Suspense>
      )}
    </>
  );
}
