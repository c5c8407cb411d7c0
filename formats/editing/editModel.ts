/**
 * The unsaved state of a binary file open in the hex editor: the file on disk (a ByteSource)
 * plus a sparse overlay of edited bytes, with undo and redo. Edits overwrite bytes in place
 * (the size never changes: every record has a fixed place). Each edit remembers the bytes it
 * replaced, so undo and redo stay right after a save has moved the overlay into the file.
 */
import type { ByteSource } from '../fileAccess';
import { SparseOverlay } from './sparseOverlay';

export interface ByteEdit {
  offset: number;
  before: Uint8Array;
  after: Uint8Array;
  /** Shown in VS Code's undo menu, e.g. "Edit frame 3 · bone 1 scale". */
  label: string;
}

/**
 * The overlay as plain JSON, for VS Code's backups (hot exit): the edited runs, never the whole
 * file, except when the file is gone from disk (then `whole` holds it, if it is small enough).
 */
export interface EditBackup {
  version: 1 | 2;
  size: number;
  runs: { offset: number; hex: string }[];
  /** Fingerprint of the disk version the edits were made on (version 2). */
  base?: string;
  /** The whole edited file, base64, when its file no longer exists on disk (version 2). */
  whole?: string;
}

/** What a restore could not put back (the file's size changed since the backup). */
export interface RestoreReport {
  droppedBytes: number;
}

export class EditRefused extends Error {}

export class EditModel {
  private readonly overlay = new SparseOverlay();
  private readonly done: ByteEdit[] = [];
  private readonly undone: ByteEdit[] = [];
  /** Number of edits in `done` at the last save; -1 when that state is no longer reachable. */
  private savedDepth = 0;
  private base: ByteSource;

  constructor(base: ByteSource) {
    this.base = base;
  }

  get size(): number {
    return this.base.size;
  }

  /** The edited bytes as a ByteSource, for the core's checks, describe and the webview pages. */
  readonly source: ByteSource = sourceOf(this);

  async read(offset: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.base.size, offset + length);
    if (offset < 0 || offset >= end) return new Uint8Array(0);
    const fromBase = await this.base.read(offset, end - offset);
    if (!this.overlay.touches(offset, end)) return fromBase;
    // Copy before patching: the base may hand out a view of its own buffer.
    const bytes = new Uint8Array(fromBase);
    this.overlay.applyTo(offset, bytes);
    return bytes;
  }

  get isDirty(): boolean {
    return this.done.length !== this.savedDepth;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** True when any byte of `[start, end)` differs from the file on disk (or did at some point). */
  isEdited(start: number, end: number): boolean {
    return this.overlay.touches(start, end);
  }

  /** Overwrites bytes; throws EditRefused when they do not fit inside the file. */
  async apply(offset: number, bytes: Uint8Array, label: string): Promise<ByteEdit> {
    if (!Number.isInteger(offset) || offset < 0 || bytes.length === 0 || offset + bytes.length > this.size) {
      throw new EditRefused(
        `Edit of ${bytes.length} bytes at offset ${offset} does not fit in the file (${this.size} bytes); nothing was written.`,
      );
    }
    const before = await this.read(offset, bytes.length);
    const edit: ByteEdit = { offset, before, after: new Uint8Array(bytes), label };
    this.overlay.write(offset, edit.after);
    if (this.savedDepth > this.done.length) this.savedDepth = -1;
    this.done.push(edit);
    this.undone.length = 0;
    return edit;
  }

  undo(): ByteEdit | undefined {
    const edit = this.done.at(-1);
    return edit && this.undoEdit(edit) ? edit : undefined;
  }

  redo(): ByteEdit | undefined {
    const edit = this.undone.at(-1);
    return edit && this.redoEdit(edit) ? edit : undefined;
  }

  /**
   * Undoes `edit` if it is the latest one done; false otherwise (an edit from before a reload or
   * revert, which VS Code's undo stack may still hold: its bytes no longer apply).
   */
  undoEdit(edit: ByteEdit): boolean {
    if (this.done.at(-1) !== edit) return false;
    this.done.pop();
    this.overlay.write(edit.offset, edit.before);
    this.undone.push(edit);
    return true;
  }

  /** Redoes `edit` if it is the latest one undone; false otherwise. */
  redoEdit(edit: ByteEdit): boolean {
    if (this.undone.at(-1) !== edit) return false;
    this.undone.pop();
    this.overlay.write(edit.offset, edit.after);
    this.done.push(edit);
    return true;
  }

  /** Edited (unsaved) spans inside `[start, end)`, as flat `[from, to, ...]` offsets. */
  editedSpans(start: number, end: number): number[] {
    return this.overlay.spansIn(start, end);
  }

  /** Every run of edited bytes (for the save's content check). */
  editedRuns(): { offset: number; bytes: Uint8Array }[] {
    return this.overlay.runs();
  }

  /**
   * The whole edited file in pieces of at most `chunkSize` bytes, for a streaming save: the
   * file is never in memory at once.
   */
  async *chunks(chunkSize = 4 * 1024 * 1024): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < this.size; offset += chunkSize) {
      yield await this.read(offset, Math.min(chunkSize, this.size - offset));
    }
  }

  /** After a save to the file itself: the overlay is now on disk, read through `newBase`. */
  markSaved(newBase: ByteSource): void {
    this.base = newBase;
    this.overlay.clear();
    this.savedDepth = this.done.length;
  }

  /**
   * Keeps every unsaved byte and the undo history but reads the rest from `base`: the file was
   * rewritten in place under the edits, so the old bytes are gone. Edits beyond the new size are
   * no longer part of the file.
   */
  rebase(base: ByteSource): void {
    this.base = base;
  }

  /** Drops every unsaved byte and reads `base` (the file as it is on disk now). */
  revert(base: ByteSource): void {
    this.base = base;
    this.overlay.clear();
    this.done.length = 0;
    this.undone.length = 0;
    this.savedDepth = 0;
  }

  backup(base?: string): EditBackup {
    const backup: EditBackup = {
      version: 2,
      size: this.size,
      runs: this.overlay.runs().map((run) => ({ offset: run.offset, hex: bytesToHex(run.bytes) })),
    };
    if (base !== undefined) backup.base = base;
    return backup;
  }

  /**
   * Restores a backup's unsaved bytes on top of the file. The restored state counts as one
   * unsaved change (VS Code shows the document dirty) and cannot be undone piecewise. When the
   * file's size changed since the backup, the runs that fit are restored and the rest reported.
   */
  restore(backup: EditBackup): RestoreReport {
    if (backup.version !== 1 && backup.version !== 2) throw new EditRefused(`Backup format ${String(backup.version)} is unknown; not restored.`);
    let droppedBytes = 0;
    for (const run of backup.runs) {
      const bytes = hexToBytes(run.hex);
      const fits = Math.max(0, Math.min(bytes.length, this.size - run.offset));
      if (fits > 0) this.overlay.write(run.offset, bytes.subarray(0, fits));
      droppedBytes += bytes.length - fits;
    }
    if (backup.runs.length > 0 || backup.size !== this.size) this.savedDepth = -1;
    return { droppedBytes };
  }
}

function sourceOf(model: EditModel): ByteSource {
  return {
    get size(): number {
      return model.size;
    },
    read: (offset, length) => model.read(offset, length),
  };
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
