import { ValueStore, type Observable } from '../store.ts';
import { isUploadError, type UploadErrorCode } from './upload-error.ts';
import {
  uploadFile,
  type UploadOptions,
  type UploadPhase,
  type UploadResult,
} from './upload-file.ts';
import { fileNameOf, type UploadSource } from './upload-precheck.ts';

export type UploadStatus = 'idle' | UploadPhase | 'done' | 'failed' | 'cancelled';

/** What a progress bar shows of one file. */
export interface UploadSnapshot {
  fileName: string;
  status: UploadStatus;
  /** Bytes sent (or hashed, while hashing). */
  bytes: number;
  totalBytes: number;
  /** Bytes per second; 0 until known. */
  rate: number;
  /** Seconds left; null until known. */
  secondsLeft: number | null;
  server?: string;
  result?: UploadResult;
  error?: { code: UploadErrorCode; message: string; reason?: string };
}

let taskSeq = 0;

/**
 * One file's upload as an Observable for `useSyncExternalStore`: `start()`, `cancel()`,
 * `retry()` after a failure or a cancel. Several tasks run in parallel independently; a note
 * that refers to a file must wait until its task is `done`.
 */
export class UploadTask implements Observable<UploadSnapshot> {
  readonly id = `upload-${++taskSeq}`;
  readonly file: UploadSource;
  private readonly options: Omit<UploadOptions, 'signal' | 'onProgress'>;
  private readonly state: ValueStore<UploadSnapshot>;
  private controller: AbortController | null = null;
  private running: Promise<UploadResult> | null = null;

  constructor(file: UploadSource, options: Omit<UploadOptions, 'signal' | 'onProgress'>) {
    this.file = file;
    this.options = options;
    this.state = new ValueStore<UploadSnapshot>({
      fileName: fileNameOf(file),
      status: 'idle',
      bytes: 0,
      totalBytes: file.size,
      rate: 0,
      secondsLeft: null,
    });
  }

  getSnapshot = (): UploadSnapshot => this.state.getSnapshot();
  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

  /** Starts (or returns the running upload). Resolves with the result; rejects with an UploadError. */
  start(): Promise<UploadResult> {
    if (this.running) return this.running;
    const controller = new AbortController();
    this.controller = controller;
    this.state.update({
      status: 'checking',
      bytes: 0,
      rate: 0,
      secondsLeft: null,
      error: undefined,
    });
    const run = uploadFile(this.file, {
      ...this.options,
      signal: controller.signal,
      onProgress: (p) => {
        if (this.controller !== controller) return;
        this.state.update({
          status: p.phase,
          bytes: p.bytes,
          rate: p.rate,
          secondsLeft: p.secondsLeft,
          server: p.server,
        });
      },
    });
    this.running = run;
    run.then(
      (result) => {
        this.state.update({
          status: 'done',
          bytes: result.size,
          secondsLeft: 0,
          result,
        });
      },
      (err: unknown) => {
        const code = isUploadError(err) ? err.code : 'upload-failed';
        this.state.update({
          status: code === 'cancelled' ? 'cancelled' : 'failed',
          rate: 0,
          secondsLeft: null,
          error: {
            code,
            message: err instanceof Error ? err.message : String(err),
            reason: isUploadError(err) ? err.reason : undefined,
          },
        });
      },
    );
    void run
      .catch(() => undefined)
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    return run;
  }

  /** Stops a running upload (status `cancelled`); nothing happens once it is done. */
  cancel(): void {
    this.controller?.abort(new DOMException('cancelled by the user', 'AbortError'));
  }

  /** Starts again after a failure or a cancel (the same as `start`, named for the UI). */
  retry(): Promise<UploadResult> {
    return this.start();
  }
}
