import * as vscode from 'vscode';
import { checkBytes, HEAD_BYTES } from '../../../formats/check';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import { EditModel, type ByteEdit, type EditBackup } from '../../../formats/editing/editModel';
import { layoutOfFile, mshRowLayout, type MshRowLayout, type RowLayout } from '../../../formats/editing/rowLayout';
import { decodeBase64, encodeBase64 } from '../../../formats/base64';
import { memoryByteSource } from '../../../formats/fileAccess';
import { type MshFileLayout, openMshFile } from '../../../formats/msh/model';
import type { ContentChange, DiskNotice, HexDocumentInfo, HexKind } from '../../../protocol/hexEditor';
import { hexRowLayoutWire } from '../../../protocol/convert/hexRowLayout';
import { describeDiskChange, type DiskChangeFacts } from './diskChange';
import { dirtyChanged, initialDiskState, keepMine, reactToDisk, resynced, saveDecision, type DiskObservation, type DiskReaction, type DiskState } from './diskState';
import type { DiskSource, DiskVersion, HexDiskAccess } from './diskAccess';
import { motionOptionsOf } from '../../../formats/settings/settings';
import { workspaceSettings } from '../settings';

/** Waits this long after the last edit before checking the edited state again. */
const CHECK_DELAY_MS = 150;
/** The first check waits for the first rows to be painted (or this long, if no webview says so). */
const FIRST_CHECK_FALLBACK_MS = 2000;
/** Disk events arrive in bursts (a save writes, renames, touches): look once they settle. */
const DISK_SETTLE_MS = 100;
/** A deleted file's backup holds its whole content up to this size (hot exit keeps it). */
const MAX_WHOLE_BACKUP_BYTES = 64 * 1024 * 1024;
/**
 * Smaller pieces than the core's default: the extension host answers the webview's page
 * requests between pieces, so a slow check (a huge clip full of problems) never stalls scrolling.
 */
const CHECK_CHUNK_BYTES = 1 << 20;


/** What the user chose when a save would overwrite a newer file. */
export type OverwriteChoice = 'overwrite' | 'saveAs' | 'revert' | 'compare' | undefined;
export type AskBeforeOverwrite = (facts: DiskChangeFacts) => Promise<OverwriteChoice>;

/** The user's choice was not to save (the conflict stays; VS Code keeps the document dirty). */
export class SaveDeclined extends vscode.CancellationError {}

/**
 * A clip, skeleton or NRes file (MSH model or archive) open in the hex editor: the file on disk
 * plus the unsaved edit model, and the file's state on disk (watched: clean documents reload, dirty ones show the conflict,
 * saving never silently overwrites a newer file).
 */
export class HexDocument implements vscode.CustomDocument {
  private readonly contentEmitter = new vscode.EventEmitter<ContentChange>();
  private readonly diagnosticsEmitter = new vscode.EventEmitter<FormatDiagnostic[]>();
  private readonly noticeEmitter = new vscode.EventEmitter<DiskNotice | undefined>();
  private readonly unsavedEmitter = new vscode.EventEmitter<void>();
  /** Fires after every change of the bytes (edit, undo, redo, revert, reload, save). */
  readonly onDidChangeContent = this.contentEmitter.event;
  readonly onDidChangeDiagnostics = this.diagnosticsEmitter.event;
  /** The disk notice (banner and tab mark) changed; undefined: in sync again. */
  readonly onDidChangeNotice = this.noticeEmitter.event;
  /** The document differs from disk without an edit (its file was deleted): it must become dirty. */
  readonly onDidBecomeUnsaved = this.unsavedEmitter.event;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkGeneration = 0;
  private diskTimer: ReturnType<typeof setTimeout> | undefined;
  private watcher: vscode.FileSystemWatcher | undefined;
  private saving: Promise<void> | undefined;
  private disposed = false;
  diagnostics: FormatDiagnostic[] = [];
  notice: DiskNotice | undefined;
  private diskState: DiskState;
  /** An NRes file's opened layout and rows for the bytes as they are now (dropped at every change). */
  private mshRows: Promise<MshRowLayout> | undefined;
  /** The version the edits were made on (what "changed since" compares with). */
  private base: DiskVersion | undefined;

  private constructor(
    readonly uri: vscode.Uri,
    readonly kind: HexKind,
    private disk: DiskSource,
    readonly model: EditModel,
    private readonly askBeforeOverwrite: AskBeforeOverwrite,
    private readonly access: HexDiskAccess,
  ) {
    this.diskState = initialDiskState(disk.version?.key ?? '');
    this.base = disk.version;
  }

  static async open(uri: vscode.Uri, kind: HexKind, backupId: string | undefined, ask: AskBeforeOverwrite, access: HexDiskAccess): Promise<HexDocument> {
    const backup = backupId
      ? (JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(backupId)))) as EditBackup)
      : undefined;
    // A backup of a deleted file carries its content: the file need not exist to restore it.
    const disk = backup?.whole !== undefined && !(await exists(uri)) ? memoryByteSource(decodeBase64(backup.whole)) : await access.open(uri);
    const document = new HexDocument(uri, kind, disk, new EditModel(disk), ask, access);
    if (backup) {
      const { droppedBytes } = backup.whole === undefined ? document.model.restore(backup) : { droppedBytes: 0 };
      document.diskState = { ...document.diskState, base: backup.base ?? document.diskState.base, dirty: true };
      if (droppedBytes > 0) void vscode.window.showWarningMessage(`${fileNameOf(uri)} is shorter than when its unsaved edits were backed up: ${droppedBytes} edited bytes past its end were dropped.`);
    }
    document.watch();
    document.scheduleCheck(FIRST_CHECK_FALLBACK_MS);
    // Restored edits may belong to another version of the file than the one on disk now.
    if (backup) void document.lookAtDisk();
    return document;
  }

  get fileName(): string {
    return fileNameOf(this.uri);
  }

  async info(): Promise<HexDocumentInfo> {
    const headerBytes = await this.model.read(0, HEAD_BYTES);
    const layout: RowLayout = this.kind === 'msh' ? await this.openedMshRows() : layoutOfFile(this.kind, headerBytes, this.model.size);
    return {
      uri: this.uri.toString(),
      fileName: this.fileName,
      layout: hexRowLayoutWire(layout),
      headerBytes,
      frameRate: workspaceSettings().frameRate,
      headerProblem: headerProblem(layout),
    };
  }

  /**
   * The rows of an NRes file as edited, cut from its layout (headers, directories, Res1 and
   * Res10; keys are read on demand): opened once per version of the bytes.
   */
  private openedMshRows(): Promise<MshRowLayout> {
    this.mshRows ??= openMshFile(this.model.source, { maxKeyframeProblems: 0, expectModel: this.uri.path.toLowerCase().endsWith('.msh') }).then((opened) => mshRowLayout(opened.layout));
    return this.mshRows;
  }

  /** The NRes layout of the bytes as edited (see `openedMshRows`). */
  async openedMsh(): Promise<MshFileLayout> {
    return (await this.openedMshRows()).file;
  }

  /** Every change of the bytes goes through here: the NRes layout is read again when next asked. */
  private contentChanged(change: ContentChange): void {
    this.mshRows = undefined;
    this.contentEmitter.fire(change);
  }

  async applyEdit(offset: number, bytes: Uint8Array, label: string): Promise<ByteEdit> {
    const edit = await this.model.apply(offset, bytes, label);
    this.changed('edit');
    return edit;
  }

  /** VS Code's undo of `edit`: nothing happens for edits from before a reload or revert. */
  undo(edit: ByteEdit): void {
    if (this.model.undoEdit(edit)) this.changed('undo');
  }

  redo(edit: ByteEdit): void {
    if (this.model.redoEdit(edit)) this.changed('redo');
  }

  /** Saves to the file itself; asks first when the file on disk is not the version edited. */
  async save(): Promise<void> {
    await this.saving;
    const saving = this.saveChecked();
    this.saving = saving.catch(() => undefined);
    try {
      await saving;
    } finally {
      this.saving = undefined;
    }
  }

  private async saveChecked(): Promise<void> {
    const now = await this.access.version(this.uri);
    const contentMatches = now ? await this.access.sameBytesUnder(this.uri, this.disk, this.model.editedRuns()) : true;
    if (saveDecision(this.diskState, observation(now), contentMatches) === 'ask') await this.confirmOverwrite(now);
    await this.saveAs(this.uri);
    const disk = await this.access.open(this.uri);
    await this.disk.close?.();
    this.disk = disk;
    this.model.markSaved(disk);
    this.resync();
    this.contentChanged('save');
  }

  private async confirmOverwrite(now: DiskVersion | undefined): Promise<void> {
    const choice = await this.askBeforeOverwrite(this.changeFacts(now));
    if (choice === 'overwrite') return;
    // Not saved: VS Code keeps the document dirty. The chosen command runs once this save ends.
    const follow: Record<Exclude<OverwriteChoice, 'overwrite' | undefined>, () => Thenable<unknown>> = {
      saveAs: () => vscode.commands.executeCommand('workbench.action.files.saveAs'),
      revert: () => vscode.commands.executeCommand('workbench.action.files.revert'),
      compare: () => vscode.commands.executeCommand('ewzanim.showKeyframeListing', this.uri),
    };
    if (choice) setTimeout(() => void follow[choice](), 0);
    throw new SaveDeclined();
  }

  async saveAs(target: vscode.Uri): Promise<void> {
    await this.access.write(target, this.model.chunks());
  }

  /** VS Code's revert (and "Reload from disk"): the file as it is now, no unsaved bytes. */
  async revert(): Promise<void> {
    await this.readDiskAgain('revert');
  }

  /** "Keep mine": keep the edits over the version now on disk; saving will not ask again for it. */
  keepMine(): void {
    this.diskState = keepMine(this.diskState);
    this.setNotice(this.diskState.status === 'changed' ? this.noticeFor('kept') : this.notice);
  }

  /** Hot exit: the edited runs, never the whole file (unless the file is gone and small). */
  async backup(destination: vscode.Uri): Promise<vscode.CustomDocumentBackup> {
    const backup = this.model.backup(this.diskState.base);
    if (this.diskState.status === 'deleted' && this.model.size <= MAX_WHOLE_BACKUP_BYTES) {
      const all = new Uint8Array(this.model.size);
      let at = 0;
      for await (const chunk of this.model.chunks()) {
        all.set(chunk, at);
        at += chunk.length;
      }
      backup.whole = encodeBase64(all);
    }
    await vscode.workspace.fs.writeFile(destination, new TextEncoder().encode(JSON.stringify(backup)));
    return {
      id: destination.toString(),
      delete: () => void vscode.workspace.fs.delete(destination).then(undefined, () => undefined),
    };
  }

  /** The webview has painted its first rows: check now rather than compete with them. */
  firstPainted(): void {
    if (this.checkGeneration === 0) this.scheduleCheck(0);
  }

  private changed(change: ContentChange): void {
    const { state, reaction } = dirtyChanged(this.diskState, this.model.isDirty);
    this.diskState = state;
    this.contentChanged(change);
    this.scheduleCheck(CHECK_DELAY_MS);
    if (reaction === 'reload') void this.readDiskAgain('reload');
  }

  /** Watches the file (on any file system whose provider reports changes). */
  private watch(): void {
    const pattern = new vscode.RelativePattern(vscode.Uri.joinPath(this.uri, '..'), this.fileName);
    this.watcher = vscode.workspace.createFileSystemWatcher(pattern);
    const look = (): void => {
      if (this.diskTimer) clearTimeout(this.diskTimer);
      this.diskTimer = setTimeout(() => void this.lookAtDisk(), DISK_SETTLE_MS);
    };
    this.watcher.onDidChange(look);
    this.watcher.onDidCreate(look);
    this.watcher.onDidDelete(look);
  }

  /** Compares the disk with the version the document was read from, and reacts. */
  async lookAtDisk(): Promise<void> {
    if (this.saving) await this.saving;
    if (this.disposed) return;
    const now = await this.access.version(this.uri);
    const { state, reaction } = reactToDisk(this.diskState, observation(now));
    this.diskState = state;
    await this.apply(reaction, now);
  }

  private async apply(reaction: DiskReaction, now: DiskVersion | undefined): Promise<void> {
    switch (reaction) {
      case 'none':
        return;
      case 'reload':
        await this.readDiskAgain('reload');
        return;
      case 'clear':
        this.setNotice(undefined);
        return;
      case 'showDeleted':
        this.setNotice(this.noticeFor('deleted'));
        // A clean document differs from the (missing) file now: dirty, so Save recreates it.
        if (!this.model.isDirty) this.unsavedEmitter.fire();
        return;
      case 'showChanged':
        // A file rewritten in place takes the old bytes with it: the edits now sit on the new ones.
        if (await this.disk.rewrittenInPlace?.()) {
          const disk = await this.access.open(this.uri);
          await this.disk.close?.();
          this.disk = disk;
          this.model.rebase(disk);
          this.contentChanged('rewritten');
          this.scheduleCheck(CHECK_DELAY_MS);
          this.setNotice(this.noticeFor('rewritten', now));
          return;
        }
        this.setNotice(this.noticeFor('changed', now));
        return;
    }
  }

  /** Reads the file as it is now (reload of a clean document, revert): no unsaved bytes. */
  private async readDiskAgain(change: 'reload' | 'revert'): Promise<void> {
    const disk = await this.access.open(this.uri);
    await this.disk.close?.();
    this.disk = disk;
    this.model.revert(disk);
    this.resync();
    this.contentChanged(change);
    this.scheduleCheck(CHECK_DELAY_MS);
  }

  private resync(): void {
    this.base = this.disk.version;
    this.diskState = resynced(this.disk.version?.key ?? '');
    this.setNotice(undefined);
  }

  private changeFacts(now: DiskVersion | undefined): DiskChangeFacts {
    const base = this.base;
    return {
      fileName: this.fileName,
      kind: this.kind,
      before: base ? { size: base.size, mtimeMs: base.mtimeMs } : undefined,
      now: now ? { size: now.size, mtimeMs: now.mtimeMs } : undefined,
      editedBytes: this.model.editedRuns().reduce((sum, run) => sum + run.bytes.length, 0),
    };
  }

  private noticeFor(status: DiskNotice['status'], now?: DiskVersion): DiskNotice {
    return describeDiskChange(status, this.changeFacts(now));
  }

  private setNotice(notice: DiskNotice | undefined): void {
    this.notice = notice;
    this.noticeEmitter.fire(notice);
  }

  /** Diagnostics follow the edited, unsaved bytes: the core checks the edit model. */
  private scheduleCheck(delayMs: number): void {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => void this.check(), delayMs);
  }

  private async check(): Promise<void> {
    const generation = ++this.checkGeneration;
    const result = await checkBytes(this.kind, this.model.source, this.uri.fsPath, {
      maxKeyframeProblems: workspaceSettings().maxKeyframeProblems,
      chunkBytes: CHECK_CHUNK_BYTES,
      motion: motionOptionsOf(workspaceSettings()),
    });
    if (generation !== this.checkGeneration) return;
    this.diagnostics = result.diagnostics;
    this.diagnosticsEmitter.fire(this.diagnostics);
  }

  dispose(): void {
    this.disposed = true;
    if (this.checkTimer) clearTimeout(this.checkTimer);
    if (this.diskTimer) clearTimeout(this.diskTimer);
    this.checkGeneration++;
    this.watcher?.dispose();
    void this.disk.close?.();
    this.contentEmitter.dispose();
    this.diagnosticsEmitter.dispose();
    this.noticeEmitter.dispose();
    this.unsavedEmitter.dispose();
  }
}

function headerProblem(layout: RowLayout): string | undefined {
  if (layout.kind === 'msh') {
    if (layout.file.container === 'nres') return undefined;
    return layout.file.container === 'rsli'
      ? 'This is an RsLi container (NL\\0\\1): encrypted and compressed, it holds no models, so its bytes are shown as plain rows.'
      : 'This file does not start with an NRes header, so its bytes are shown as plain rows. The problems below say why.';
  }
  return layout.headerSize === 0
    ? `The ${layout.kind} header cannot be read, so the bytes are shown as plain 16-byte rows. The problems below say why.`
    : undefined;
}

function observation(version: DiskVersion | undefined): DiskObservation {
  return version ? { exists: true, version: version.key } : { exists: false };
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

function fileNameOf(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
