import * as vscode from 'vscode';
import { checkBytes } from '../../../formats/check';
import type { FormatDiagnostic } from '../../../formats/diagnostics';
import { EditModel, type ByteEdit, type EditBackup } from '../../../formats/editing/editModel';
import { layoutOfFile } from '../../../formats/editing/rowLayout';
import { memoryByteSource, type ByteSource } from '../../../formats/fileAccess';
import type { HexDocumentInfo } from '../../../protocol/hexEditor';
import { writeFileAtomically } from './atomicWrite';
import { openFileByteSource, type FileByteSource } from './fileByteSource';

/** Waits this long after the last edit before checking the edited state again. */
const CHECK_DELAY_MS = 150;
/** The first check waits for the first rows to be painted (or this long, if no webview says so). */
const FIRST_CHECK_FALLBACK_MS = 2000;
/**
 * Smaller pieces than the core's default: the extension host answers the webview's page
 * requests between pieces, so a slow check (a huge clip full of problems) never stalls scrolling.
 */
const CHECK_CHUNK_BYTES = 1 << 20;

/** A clip or skeleton open in the hex editor: the file on disk plus the unsaved edit model. */
export class HexDocument implements vscode.CustomDocument {
  private readonly contentEmitter = new vscode.EventEmitter<void>();
  private readonly diagnosticsEmitter = new vscode.EventEmitter<FormatDiagnostic[]>();
  /** Fires after every change of the bytes (edit, undo, redo, revert). */
  readonly onDidChangeContent = this.contentEmitter.event;
  readonly onDidChangeDiagnostics = this.diagnosticsEmitter.event;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkGeneration = 0;
  diagnostics: FormatDiagnostic[] = [];

  private constructor(
    readonly uri: vscode.Uri,
    readonly kind: 'clip' | 'skeleton',
    private disk: ByteSource & Partial<Pick<FileByteSource, 'close'>>,
    readonly model: EditModel,
  ) {}

  static async open(uri: vscode.Uri, kind: 'clip' | 'skeleton', backupId: string | undefined): Promise<HexDocument> {
    const disk = await openDisk(uri);
    const document = new HexDocument(uri, kind, disk, new EditModel(disk));
    if (backupId) {
      const backup = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(backupId)))) as EditBackup;
      document.model.restore(backup);
    }
    document.scheduleCheck(FIRST_CHECK_FALLBACK_MS);
    return document;
  }

  async info(): Promise<HexDocumentInfo> {
    const headerBytes = await this.model.read(0, 16);
    const layout = layoutOfFile(this.kind, headerBytes, this.model.size);
    return {
      uri: this.uri.toString(),
      fileName: this.uri.path.slice(this.uri.path.lastIndexOf('/') + 1),
      layout,
      headerBytes,
      frameRate: vscode.workspace.getConfiguration('ewzanim').get<number>('frameRate', 30),
      headerProblem:
        layout.headerSize === 0
          ? `The ${this.kind} header cannot be read, so the bytes are shown as plain 16-byte rows. The problems below say why.`
          : undefined,
    };
  }

  async applyEdit(offset: number, bytes: Uint8Array, label: string): Promise<ByteEdit> {
    const edit = await this.model.apply(offset, bytes, label);
    this.changed();
    return edit;
  }

  undo(): void {
    this.model.undo();
    this.changed();
  }

  redo(): void {
    this.model.redo();
    this.changed();
  }

  async save(): Promise<void> {
    await this.saveAs(this.uri);
    const disk = await openDisk(this.uri);
    await this.disk.close?.();
    this.disk = disk;
    this.model.markSaved(disk);
  }

  async saveAs(target: vscode.Uri): Promise<void> {
    if (target.scheme === 'file') {
      await writeFileAtomically(target.fsPath, this.model.chunks());
      return;
    }
    // Other file systems take whole buffers only; such files are small in practice.
    const all = new Uint8Array(this.model.size);
    let at = 0;
    for await (const chunk of this.model.chunks()) {
      all.set(chunk, at);
      at += chunk.length;
    }
    await vscode.workspace.fs.writeFile(target, all);
  }

  async revert(): Promise<void> {
    const disk = await openDisk(this.uri);
    await this.disk.close?.();
    this.disk = disk;
    this.model.revert(disk);
    this.changed();
  }

  /** Hot exit: only the edited runs are written, never the whole file. */
  async backup(destination: vscode.Uri): Promise<vscode.CustomDocumentBackup> {
    await vscode.workspace.fs.writeFile(destination, new TextEncoder().encode(JSON.stringify(this.model.backup())));
    return {
      id: destination.toString(),
      delete: () => void vscode.workspace.fs.delete(destination).then(undefined, () => undefined),
    };
  }

  /** The webview has painted its first rows: check now rather than compete with them. */
  firstPainted(): void {
    if (this.checkGeneration === 0) this.scheduleCheck(0);
  }

  private changed(): void {
    this.contentEmitter.fire();
    this.scheduleCheck(CHECK_DELAY_MS);
  }

  /** Diagnostics follow the edited, unsaved bytes: the core checks the edit model. */
  private scheduleCheck(delayMs: number): void {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => void this.check(), delayMs);
  }

  private async check(): Promise<void> {
    const generation = ++this.checkGeneration;
    const settings = vscode.workspace.getConfiguration('ewzanim');
    const result = await checkBytes(this.kind, this.model.source, this.uri.fsPath, {
      maxKeyframeProblems: settings.get<number>('maxKeyframeProblems', 100),
      chunkBytes: CHECK_CHUNK_BYTES,
    });
    if (generation !== this.checkGeneration) return;
    this.diagnostics = result.diagnostics;
    this.diagnosticsEmitter.fire(this.diagnostics);
  }

  dispose(): void {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkGeneration++;
    void this.disk.close?.();
    this.contentEmitter.dispose();
    this.diagnosticsEmitter.dispose();
  }
}

async function openDisk(uri: vscode.Uri): Promise<ByteSource & Partial<Pick<FileByteSource, 'close'>>> {
  if (uri.scheme === 'file') return openFileByteSource(uri.fsPath);
  return memoryByteSource(await vscode.workspace.fs.readFile(uri));
}
