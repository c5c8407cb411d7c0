import * as vscode from 'vscode';
import type { ByteEdit } from '../../../formats/editing/editModel';
import { describeByte } from '../../../formats/describe';
import { describeMshByte } from '../../../formats/msh/describe';
import { rowInfo, rowOfOffset } from '../../../formats/editing/rowLayout';
import { EditRefused } from '../../../formats/editing/editModel';
import { hexDescriptionWire, hexDiagnosticWire, searchAnswerWire, searchQueryOfWire } from '../../../protocol/convert/hexEditor';
import { MAX_READ_BYTES, type DiskNotice, type HexDescription, type HexToHostMessage, type HostToHexMessage } from '../../../protocol/hexEditor';
import type { ExtensionServices } from '../services';
import { workspaceSettings } from '../settings';
import type { HexDocument } from './hexDocument';
import { SearchRunner } from './searchRunner';
import { webviewPageHtml, webviewResourceRoots } from '../webviewHtml';

/** Called for every applied edit so the provider can tell VS Code (undo stack, dirty state). */
export type EditListener = (document: HexDocument, edit: ByteEdit) => void;

/** One webview showing a HexDocument: answers its requests and forwards the document's news. */
export class HexPanel implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly search = new SearchRunner();
  private ready = false;
  /** A reveal asked for before the page was ready (Problems link on a closed file). */
  private pendingReveal: { offset: number; end?: number } | undefined;

  constructor(
    readonly document: HexDocument,
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly services: ExtensionServices,
    private readonly onEdit: EditListener,
  ) {
    panel.webview.options = { enableScripts: true, localResourceRoots: webviewResourceRoots(extensionUri) };
    panel.webview.html = webviewPageHtml(panel.webview, extensionUri, { script: 'hex.js', stylesheet: 'hex.css', title: document.uri.path });
    this.markTab(document.notice);
    this.disposables.push(
      panel.webview.onDidReceiveMessage((message: HexToHostMessage) => void this.handle(message)),
      document.onDidChangeContent((change) => void this.document.info().then((info) => this.post({ type: 'changed', info, change }))),
      document.onDidChangeDiagnostics((diagnostics) => this.post({ type: 'diagnostics', diagnostics: diagnostics.map(hexDiagnosticWire) })),
      document.onDidChangeNotice((notice) => {
        this.markTab(notice);
        this.post({ type: 'notice', notice });
      }),
      services.selection.onDidSelect((selection) => {
        if (selection.source === 'hexEditor' || selection.clip !== document.uri.toString()) return;
        void this.revealFrameBone(selection.frame, selection.bone);
      }),
    );
  }

  post(message: HostToHexMessage): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  /** Selects `[offset, end)` and scrolls to it, now or once the page is ready. */
  reveal(offset: number, end?: number): void {
    if (this.ready) this.post({ type: 'reveal', offset, end });
    else this.pendingReveal = { offset, end };
  }

  /** A workbench keybinding (Ctrl+F, F3, Shift+F3) for the editor's search. */
  command(command: 'find' | 'findNext' | 'findPrevious'): void {
    this.post({ type: 'command', command });
  }

  /** F8 / Shift+F8: the next or previous problem of the file. */
  stepProblem(step: 1 | -1): void {
    this.post({ type: 'stepProblem', step });
  }

  /** The tab says when the file on disk is gone or newer ("wave1.nczxanim (deleted)"). */
  private markTab(notice: DiskNotice | undefined): void {
    this.panel.title = notice ? `${this.document.fileName} (${notice.tabMark})` : this.document.fileName;
  }

  private async revealFrameBone(frame: number, bone: number): Promise<void> {
    // Frames and bones are a clip's.
    if (this.document.kind !== 'clip') return;
    const { layout } = await this.document.info();
    if (layout.kind !== 'clip' || layout.headerSize === 0 || bone >= layout.boneCount) return;
    const record = frame * layout.boneCount + bone;
    if (record < layout.recordCount) this.reveal(layout.headerSize + record * layout.recordSize);
  }

  private async handle(message: HexToHostMessage): Promise<void> {
    switch (message.type) {
      case 'ready': {
        this.ready = true;
        this.post({ type: 'init', info: await this.document.info(), notice: this.document.notice });
        // A reveal before the problems: the page goes to the first problem only when nothing else was asked for.
        const pending = this.pendingReveal;
        this.pendingReveal = undefined;
        if (pending) this.post({ type: 'reveal', ...pending });
        this.post({ type: 'diagnostics', diagnostics: this.document.diagnostics.map(hexDiagnosticWire) });
        return;
      }
      case 'readBytes': {
        const length = Math.min(MAX_READ_BYTES, Math.max(0, message.length));
        const bytes = await this.document.model.read(message.offset, length);
        const edited = this.document.model.editedSpans(message.offset, message.offset + bytes.length);
        this.post({ type: 'bytes', requestId: message.requestId, offset: message.offset, bytes, edited });
        return;
      }
      case 'describe':
        try {
          this.post({ type: 'description', requestId: message.requestId, description: await this.describe(message.offset) });
        } catch (error) {
          this.post({ type: 'description', requestId: message.requestId, description: null, error: errorText(error) });
        }
        return;
      case 'edit':
        try {
          const edit = await this.document.applyEdit(message.offset, message.bytes, message.label);
          this.onEdit(this.document, edit);
          this.post({ type: 'editResult', requestId: message.requestId });
        } catch (error) {
          if (!(error instanceof EditRefused)) throw error;
          this.post({ type: 'editResult', requestId: message.requestId, error: error.message });
        }
        return;
      case 'select':
        await this.publishSelection(message.offset);
        return;
      case 'openPreview':
        if (this.document.kind === 'msh') await vscode.commands.executeCommand('ewzanim.openMshPreview', this.document.uri);
        else await vscode.commands.executeCommand('ewzanim.openPreview', { clip: this.document.uri.toString() });
        return;
      case 'firstPaint':
        this.document.firstPainted();
        return;
      case 'diskAction':
        // Reload goes through VS Code's revert, so the tab's dirty state follows.
        if (message.action === 'reload') await vscode.commands.executeCommand('workbench.action.files.revert');
        else this.document.keepMine();
        return;
      case 'search':
        await this.search.run(this.document.kind, this.document.model.source, searchQueryOfWire(message.query), (answer) =>
          this.post({ type: 'searchResult', searchId: message.searchId, answer: searchAnswerWire(answer) }),
        );
        return;
      case 'cancelSearch':
        this.search.cancel();
        return;
    }
  }

  /**
   * The core's description of the byte in the document as edited: the edit model is a
   * ByteSource, so an unsaved header edit changes how every row is described. It reads at most
   * the first 16 bytes and one field (or matrix), never the file. An NRes file's fields come
   * from its layout, read once per version of the bytes.
   */
  private async describe(offset: number): Promise<HexDescription | null> {
    const frameRate = workspaceSettings().frameRate;
    const description = this.document.kind === 'msh'
      ? await describeMshByte(this.document.model.source, await this.document.openedMsh(), offset)
      : await describeByte(this.document.kind, this.document.model.source, offset, { frameRate });
    return description ? hexDescriptionWire(description) : null;
  }

  private async publishSelection(offset: number): Promise<void> {
    if (this.document.kind !== 'clip') return;
    const { layout } = await this.document.info();
    const row = rowInfo(layout, rowOfOffset(layout, offset));
    if (layout.kind !== 'clip' || row.frame === undefined || row.bone === undefined) return;
    this.services.selection.select({ clip: this.document.uri.toString(), frame: row.frame, bone: row.bone, source: 'hexEditor' });
  }

  dispose(): void {
    this.search.cancel();
    for (const d of this.disposables) d.dispose();
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
