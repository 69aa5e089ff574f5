import type { UploadResult, UploadSnapshot } from '@swell/client/uploads';
import { notify } from '@/components/ui/notify.ts';
import { i18n } from '@/i18n/index.ts';
import { readLocal, writeLocal } from '@/lib/storage.ts';
import { uploadErrorText } from '@/features/uploads/upload-text.ts';
import { uploadSetup } from '@/features/uploads/upload-setup.ts';

/** What a tile shows and drives of one file's upload (an UploadTask, or one finished earlier). */
export interface AttachmentTask {
  readonly id: string;
  getSnapshot(): UploadSnapshot;
  subscribe(listener: () => void): () => void;
  cancel(): void;
  retry(): Promise<UploadResult>;
}

/** A file attached to a note: its upload and a preview (object URL or the uploaded file). */
export interface Attachment {
  id: string;
  kind: 'image' | 'video';
  name: string;
  preview: string;
  /** True when `preview` is an object URL to let go of. */
  local: boolean;
  task: AttachmentTask;
}

/** An upload finished before this page was loaded (restored with the draft). */
function finishedTask(id: string, name: string, result: UploadResult): AttachmentTask {
  const snapshot: UploadSnapshot = {
    fileName: name,
    status: 'done',
    bytes: result.size,
    totalBytes: result.size,
    rate: 0,
    secondsLeft: 0,
    result,
  };
  return {
    id,
    getSnapshot: () => snapshot,
    subscribe: () => () => {},
    cancel: () => {},
    retry: () => Promise.resolve(result),
  };
}

interface StoredAttachment {
  name: string;
  kind: 'image' | 'video';
  result: UploadResult;
}

const isStored = (v: unknown): v is StoredAttachment => {
  const a = v as Partial<StoredAttachment> | null;
  return (
    !!a &&
    typeof a.name === 'string' &&
    (a.kind === 'image' || a.kind === 'video') &&
    typeof a.result?.url === 'string' &&
    /^https?:\/\//.test(a.result.url) &&
    Array.isArray(a.result.imeta)
  );
};

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
  private readonly ownServerOnly: boolean;

  private readonly storageKey: string | undefined;
  private restored = 0;
  private persisted: string | null | undefined;

  /**
   * `imagesOnly`: pictures only (avatar, banner); a video is refused with a message.
   * `storageKey`: finished uploads are kept there (local storage) and come back after a reload,
   * like the draft's text.
   * `ownServerOnly`: to this server, not the user's other Blossom servers (the media page).
   */
  constructor(
    options: { imagesOnly?: boolean; storageKey?: string; ownServerOnly?: boolean } = {},
  ) {
    this.imagesOnly = options.imagesOnly ?? false;
    this.ownServerOnly = options.ownServerOnly ?? false;
    this.storageKey = options.storageKey;
    if (this.storageKey) this.items = this.restore(this.storageKey);
  }

  private restore(key: string): Attachment[] {
    let stored: unknown;
    try {
      stored = JSON.parse(readLocal(key) ?? '[]');
    } catch {
      stored = [];
    }
    return (Array.isArray(stored) ? stored : []).filter(isStored).map((a) => {
      const id = `restored-${++this.restored}`;
      return {
        id,
        kind: a.kind,
        name: a.name,
        preview: a.kind === 'image' ? a.result.url : (a.result.thumb ?? a.result.url),
        local: false,
        task: finishedTask(id, a.name, a.result),
      };
    });
  }

  private persist() {
    if (!this.storageKey) return;
    const done: StoredAttachment[] = this.items.flatMap((a) => {
      const result = a.task.getSnapshot().result;
      return result ? [{ name: a.name, kind: a.kind, result }] : [];
    });
    const value = done.length > 0 ? JSON.stringify(done) : null;
    // Progress changes often; storage is written only when the finished files change.
    if (value === this.persisted) return;
    this.persisted = value;
    writeLocal(this.storageKey, value);
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
    this.persist();
    for (const l of [...this.listeners]) l();
  }

  /**
   * Checks and attaches files (pictures and video). Returns how many were attached. Refusals
   * (too big for the tier, not a picture or video, nobody signed in) are shown as toasts.
   */
  async add(files: readonly File[]): Promise<number> {
    if (files.length === 0) return 0;
    const [mod, setup] = await Promise.all([
      import('@swell/client/uploads'),
      uploadSetup({ ownServerOnly: this.ownServerOnly }),
    ]);
    if (!setup) {
      notify.error(i18n.t('write.notSigned'));
      return 0;
    }
    // Checked in parallel, attached in the order picked.
    const checked = await Promise.all(
      files.map(async (file) => {
        try {
          const { mime } = await mod.precheckUpload(file, { tier: setup.tier });
          if (this.imagesOnly && !mime.startsWith('image/')) {
            notify.error(i18n.t('uploads.imageOnly'));
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
        local: true,
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
    if (a.local) URL.revokeObjectURL(a.preview);
  }
}

const sets = new Map<string, AttachmentSet>();

/**
 * The attachments of a draft (`pubkey` + draft key): running uploads live while the tab lives,
 * finished ones are kept with the draft across reloads.
 */
export function attachmentsFor(pubkey: string | null, draft: string | undefined): AttachmentSet {
  const key = `${pubkey ?? ''}:${draft ?? ''}`;
  let set = sets.get(key);
  if (!set) {
    set = new AttachmentSet(pubkey ? { storageKey: `swell.attachments.${key}` } : {});
    sets.set(key, set);
  }
  return set;
}
