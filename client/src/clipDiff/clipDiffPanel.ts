/**
 * One clip diff panel for two sides: reads both, compares them with the core (`diffClips`, then
 * `clipChannelGrids` for the three measures), sends the view to the webview (webview/clipDiff/),
 * compares again when a side's file changes, passes a clicked cell to the selection bus for both
 * sides (their hex editors and previews follow) and opens those views side by side on request.
 */
import * as vscode from 'vscode';
import { diffClips } from '../../../formats/diff/clipDiff';
import { clipChannelGrids } from '../../../formats/diff/clipChannelGrids';
import { isDiffFailure } from '../../../formats/diff/diffTypes';
import type { ClipDiffStateWire, ClipDiffViewWire, ClipDiffToHostMessage, DiffCellWire, HostToClipDiffMessage } from '../../../protocol/clipDiff';
import { clipDiffViewWire } from '../../../protocol/convert/clipDiff';
import { HEX_EDITOR_VIEW_TYPE } from '../hexEditor/hexEditorProvider';
import type { OpenPreviewResult } from '../preview/register';
import { PreviewPanel } from '../preview/previewPanel';
import type { ExtensionServices } from '../services';
import { webviewPageHtml, webviewResourceRoots } from '../webviewHtml';
import type { ClipSide } from './clipSides';

/** Wait this long after a change on disk before comparing again (a save writes in steps). */
const RELOAD_DELAY_MS = 200;

export class ClipDiffPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  /** The page's last reported state (tests read it). */
  state?: ClipDiffStateWire;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly stateEmitter = new vscode.EventEmitter<ClipDiffStateWire>();
  readonly onDidChangeState = this.stateEmitter.event;
  private ready = false;
  private reloadTimer?: ReturnType<typeof setTimeout>;

  constructor(
    context: vscode.ExtensionContext,
    private readonly services: ExtensionServices,
    readonly a: ClipSide,
    readonly b: ClipSide,
    onDispose: () => void,
  ) {
    this.panel = vscode.window.createWebviewPanel('ewzanim.clipDiff', `Δ ${a.label} ↔ ${b.label}`, vscode.ViewColumn.Active, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: webviewResourceRoots(context.extensionUri),
    });
    this.panel.webview.html = webviewPageHtml(this.panel.webview, context.extensionUri, { script: 'clipDiff.js', stylesheet: 'clipDiff.css', title: 'Compare Clips' });
    for (const side of [a, b]) {
      if (!side.watch) continue;
      const name = side.watch.path.slice(side.watch.path.lastIndexOf('/') + 1);
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(side.watch, '..'), name));
      this.disposables.push(watcher, watcher.onDidChange(() => this.reloadSoon()), watcher.onDidCreate(() => this.reloadSoon()));
    }
    this.disposables.push(
      this.stateEmitter,
      this.panel.webview.onDidReceiveMessage((message: ClipDiffToHostMessage) => this.receive(message)),
      services.selection.onDidSelect((selection) => {
        if (selection.source === 'clipDiff' || (selection.clip !== b.uri.toString() && selection.clip !== a.uri.toString())) return;
        this.post({ type: 'select', cell: { bone: selection.bone, frame: selection.frame } });
      }),
      this.panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  private receive(message: ClipDiffToHostMessage): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        void this.compare();
        break;
      case 'select':
        this.select(message.cell);
        break;
      case 'openHexEditors':
        void this.openHexEditors();
        break;
      case 'openPreviews':
        void this.openPreviews();
        break;
      case 'state':
        this.state = message.state;
        this.stateEmitter.fire(message.state);
        break;
    }
  }

  /** A cell of the heatmap: that frame and bone in every view of either side. */
  select(cell: DiffCellWire): void {
    for (const side of [this.a, this.b]) this.services.selection.select({ clip: side.uri.toString(), frame: cell.frame, bone: cell.bone, source: 'clipDiff' });
  }

  private reloadSoon(): void {
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => void this.compare(), RELOAD_DELAY_MS);
  }

  /** Reads both sides and sends their diff, or why there is none. */
  async compare(): Promise<void> {
    if (!this.ready) return;
    let view: ClipDiffViewWire;
    try {
      // Both files are read in pieces, twice: the diff, then the three measures' grids.
      const [sourceA, sourceB] = await Promise.all([this.a.open(), this.b.open()]);
      const diff = await diffClips(sourceA, sourceB);
      if (isDiffFailure(diff)) {
        this.post({ type: 'failure', code: diff.failure.code, message: diff.failure.message });
        return;
      }
      const grids = await clipChannelGrids(sourceA, sourceB, diff);
      const boneNames = await PreviewPanel.boneNameLookup?.(this.b.watch ?? this.b.uri).catch(() => undefined);
      view = clipDiffViewWire(diff, grids, { labels: { a: this.a.label, b: this.b.label }, boneNames });
    } catch (error) {
      this.post({ type: 'failure', code: 'diff/unreadable', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    this.post({ type: 'show', view });
  }

  /** A's hex editor beside the diff, B's beside A's; the diff keeps the focus. */
  async openHexEditors(): Promise<void> {
    await vscode.commands.executeCommand('vscode.openWith', this.a.uri, HEX_EDITOR_VIEW_TYPE, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false });
    await vscode.commands.executeCommand('vscode.openWith', this.b.uri, HEX_EDITOR_VIEW_TYPE, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: false });
    this.panel.reveal(undefined, false);
  }

  /** A preview of each side, A's beside the diff and B's beside A's, their tabs named "A: ..." and "B: ...". */
  async openPreviews(): Promise<void> {
    const previewA = await vscode.commands.executeCommand<OpenPreviewResult>('ewzanim.openPreview', this.a.uri);
    if (previewA) {
      previewA.panel.title = `A: ${this.a.label}`;
      previewA.panel.reveal(previewA.panel.viewColumn, false);
    }
    const previewB = await vscode.commands.executeCommand<OpenPreviewResult>('ewzanim.openPreview', this.b.uri);
    if (previewB) previewB.panel.title = `B: ${this.b.label}`;
    this.panel.reveal(undefined, false);
  }

  private post(message: HostToClipDiffMessage): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    clearTimeout(this.reloadTimer);
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
