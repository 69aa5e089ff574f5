import type { UploadResult, UploadSnapshot, UploadTask } from '@swell/client/uploads';
import { notify } from '@/components/ui/notify.ts';
import { i18next } from '@/i18n/index.ts';
import { uploadErrorText } from '@/features/uploads/upload-text.ts';
import { uploadSetup } from '@/features/uploads/upload-setup.ts';

/** A file attached to a note: its upload and a local preview (object URL) for the thumbnail. */
export interface Attachment {
  id: string;
  kind: 'image' | 'video';
  name: string;
  preview: string;
  task: UploadTask;
}

/** Whether a note may go out with these uploads: all done, or why not. */
export type AttachmentsState = 'ready' | 'uploading' | 'failed';

export function attachmentsState(snapshots: readonly UploadSnapshot[]): AttachmentsState {
  if (snapshots.some((s) => s.status === 'failed' || s.status === 'cancelled')) return 'failed';
  if (snapshots.some((s) => s.status !== 'done')) return 'uploading';
  return 'ready';
}

/**
 * The files attached to one draft (a new note, a reply to a note, a quote): uploads start at
 * once and in parallel; they live on when the composer closes (the draft's text does too), so
 * closing the modal mid-upload loses nothing. The size (by membership tier) and type are
 * checked before any byte is sent; a refused file is never attached and says why.
 */
export class AttachmentSet {
  private items: readonly Attachment[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly taskWatch = new Map<string, () => void>();
  private version = 0;
  private snapshotCache: { version: number; value: readonly UploadSnapshot[] } | null = null;
  private readonly imagesOnly: boolean;

  /** `imagesOnly`: pictures only (avatar, banner); a video is refused with a message. */
  constructor(options: { imagesOnly?: boolean } = {}) {
    this.imagesOnly = options.imagesOnly ?? false;
  }

  getSnapshot = (): readonly Attachment[] => this.items;
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Every attachment's upload state (one array per change, for useSyncExternalStore). */
  getStates = (): readonly UploadSnapshot[] => {
    if (this.snapshotCache?.version !== this.version)
      this.snapshotCache = {
        version: this.version,
        value: this.items.map((a) => a.task.getSnapshot()),
      };
    return this.snapshotCache.value;
  };

  private changed(next: readonly Attachment[] = this.items) {
    this.items = next;
    this.version += 1;
    for (const l of [...this.listeners]) l();
  }

  /**
   * Checks and attaches files (pictures and video). Returns how many were attached. Refusals
   * (too big for the tier, not a picture or video, nobody signed in) are shown as toasts.
   */
  async add(files: readonly File[]): Promise<number> {
    if (files.length === 0) return 0;
    const [mod, setup] = await Promise.all([import('@swell/client/uploads'), uploadSetup()]);
    if (!setup) {
      notify.error(i18next.t('write.notSigned'));
      return 0;
    }
    // Checked in parallel, attached in the order picked.
    const checked = await Promise.all(
      files.map(async (file) => {
        try {
          const { mime } = await mod.precheckUpload(file, { tier: setup.tier });
          if (this.imagesOnly && !mime.startsWith('image/')) {
            notify.error(i18next.t('uploads.imageOnly'));
            return null;
          }
          return mime;
        } catch (err) {
          notify.error(uploadErrorText(err, file.name));
          return null;
        }
      }),
    );
    let added = 0;
    for (const [i, file] of files.entries()) {
      const mime = checked[i];
      if (!mime) continue;
      const task = new mod.UploadTask(file, setup);
      const attachment: Attachment = {
        id: task.id,
        kind: mime.startsWith('video/') ? 'video' : 'image',
        name: file.name || 'file',
        preview: URL.createObjectURL(file),
        task,
      };
      this.taskWatch.set(
        task.id,
        task.subscribe(() => this.changed()),
      );
      this.changed([...this.items, attachment]);
      added += 1;
      task.start().catch((err: unknown) => {
        if (task.getSnapshot().status === 'failed')
          notify.error(uploadErrorText(err, attachment.name));
      });
    }
    return added;
  }

  /** Takes a file off the note: its upload stops if it is still running. */
  remove(id: string): void {
    const a = this.items.find((x) => x.id === id);
    if (!a) return;
    a.task.cancel();
    this.forget(a);
    this.changed(this.items.filter((x) => x !== a));
  }

  /** After the note went out: the files are the note's now; the previews are let go. */
  clear(): void {
    for (const a of this.items) this.forget(a);
    this.changed([]);
  }

  /** The uploaded files, in the order they were attached. */
  results(): UploadResult[] {
    return this.items.flatMap((a) => {
      const r = a.task.getSnapshot().result;
      return r ? [r] : [];
    });
  }

  private forget(a: Attachment) {
    this.taskWatch.get(a.id)?.();
    this.taskWatch.delete(a.id);
    URL.revokeObjectURL(a.preview);
  }
}

const sets = new Map<string, AttachmentSet>();

/** The attachments of a draft (`pubkey` + draft key), kept while the tab lives. */
export function attachmentsFor(pubkey: string | null, draft: string | undefined): AttachmentSet {
  const key = `${pubkey ?? ''}:${draft ?? ''}`;
  let set = sets.get(key);
  if (!set) {
    set = new AttachmentSet();
    sets.set(key, set);
  }
  return set;
}
