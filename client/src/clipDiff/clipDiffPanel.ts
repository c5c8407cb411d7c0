/**
 * One clip diff panel for two sides: reads both in pieces, compares them with the core
 * (`diffClips`, then `clipChannelGrids` for the three measures), sends the view to the webview
 * (webview/clipDiff/), compares again when a side's file changes, passes a clicked cell to the
 * selection bus for both sides (their hex editors and previews follow) and opens those views on
 * request: side by side, or one preview of A with B drawn over it as a ghost.
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
import { WebviewPanelHost } from '../webviewPanel';
import type { ClipSide } from './clipSides';

/** Wait this long after a change on disk before comparing again (a save writes in steps). */
const RELOAD_DELAY_MS = 200;

export class ClipDiffPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  /** The page's last reported state (tests read it). */
  state?: ClipDiffStateWire;
  private readonly host: WebviewPanelHost<HostToClipDiffMessage, ClipDiffToHostMessage>;
  private readonly stateEmitter = new vscode.EventEmitter<ClipDiffStateWire>();
  readonly onDidChangeState = this.stateEmitter.event;
  private reloadTimer?: ReturnType<typeof setTimeout>;
  /** The preview of A showing B as a ghost, while open: given B again after each compare. */
  private ghostPreview?: PreviewPanel;

  constructor(
    context: vscode.ExtensionContext,
    private readonly services: ExtensionServices,
    readonly a: ClipSide,
    readonly b: ClipSide,
    onDispose: () => void,
  ) {
    this.host = new WebviewPanelHost(context.extensionUri, {
      viewType: 'ewzanim.clipDiff',
      title: `Δ ${a.label} ↔ ${b.label}`,
      show: vscode.ViewColumn.Active,
      page: { script: 'clipDiff.js', stylesheet: 'clipDiff.css', title: 'Compare Clips' },
    }, {
      receive: (message) => this.receive(message),
      disposed: () => {
        clearTimeout(this.reloadTimer);
        // The ghost belongs to this comparison: it goes with it.
        void this.ghostPreview?.setGhost(undefined);
        onDispose();
      },
    });
    this.panel = this.host.panel;
    for (const side of [a, b]) {
      if (!side.watch) continue;
      const name = side.watch.path.slice(side.watch.path.lastIndexOf('/') + 1);
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(side.watch, '..'), name));
      this.host.track(watcher, watcher.onDidChange(() => this.reloadSoon()), watcher.onDidCreate(() => this.reloadSoon()));
    }
    this.host.track(
      this.stateEmitter,
      services.selection.onDidSelect((selection) => {
        if (selection.source === 'clipDiff' || (selection.clip !== b.uri.toString() && selection.clip !== a.uri.toString())) return;
        this.post({ type: 'select', cell: { bone: selection.bone, frame: selection.frame } });
      }),
    );
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  private receive(message: ClipDiffToHostMessage): void {
    switch (message.type) {
      case 'ready':
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
      case 'openGhostPreview':
        void this.openGhostPreview();
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
    if (!this.host.ready) return;
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
    // B may have changed: the ghost follows.
    void this.ghostPreview?.setGhost(this.ghost());
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

  /**
   * A preview of A beside the diff with B drawn over it as a ghost, at the selected cell (else
   * the largest difference shown); the heatmap's clicks move it like any preview of A.
   */
  async openGhostPreview(): Promise<PreviewPanel | undefined> {
    const preview = await vscode.commands.executeCommand<OpenPreviewResult>('ewzanim.openPreview', this.a.uri);
    if (!preview) return undefined;
    preview.panel.title = `A: ${this.a.label} · B ghost`;
    await preview.setGhost(this.ghost());
    if (this.ghostPreview !== preview) {
      this.ghostPreview = preview;
      this.host.track(preview.onDidDispose(() => {
        if (this.ghostPreview === preview) this.ghostPreview = undefined;
      }));
    }
    const cell = this.state?.selected ?? this.state?.highlighted;
    if (cell) this.select(cell);
    return preview;
  }

  private ghost(): { uri: vscode.Uri; label: string } {
    return { uri: this.b.uri, label: `B: ${this.b.label}` };
  }

  private post(message: HostToClipDiffMessage): void {
    this.host.post(message);
  }

  /** Closes the panel. */
  dispose(): void {
    this.host.dispose();
  }
}
