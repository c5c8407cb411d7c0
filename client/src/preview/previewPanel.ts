/**
 * One preview panel for one clip: reads the clip (and skeleton, mesh) with VS Code's file
 * system, sends the bytes to the webview, reloads on change on disk, and keeps frame and bone
 * selection in step with the hex editor through the selection bus.
 */
import * as vscode from 'vscode';
import type { ExportKind, HostToPreviewMessage, PreviewFile, PreviewToHostMessage, RendererKind } from '../../../protocol/preview';
import type { ExtensionServices } from '../services';
import { onDidChangeSettings, workspaceSettings } from '../settings';
import { webviewBytes } from '../webviewBytes';
import { WebviewPanelHost } from '../webviewPanel';
import { clipBoneCount, clipChoices } from './candidates';
import { boneParentsOfClip, meshChoices, openMix, saveMix } from './mixFileHost';

export interface PreviewAssets {
  clip: vscode.Uri;
  skeleton?: vscode.Uri;
  mesh?: vscode.Uri;
  /** Where skeleton and mesh came from, shown in the panel. */
  linkSource?: string;
  /**
   * The clip's bone names, bone 0 first (a clip exported from a glTF: its export record). The
   * bone list, the hover and the selection readout show them; without them, "bone N".
   */
  boneNames?: string[];
}

/**
 * Looks up the names of a clip's bones when the panel loads it (and again on every reload);
 * undefined keeps the indices. Set once by whoever knows where the names are recorded:
 * `PreviewPanel.boneNameLookup = (clip) => boneNamesOfClip(clip)`. Names given in
 * `PreviewAssets.boneNames` win over the lookup.
 */
export type BoneNameLookup = (clip: vscode.Uri) => Promise<string[] | undefined>;

/** The last status the webview reported (tests, and the panel's own logic). */
export interface PreviewStatus {
  renderer: RendererKind;
  fallbackReason?: string;
  problems: string[];
  frame: number;
  loadMs: number;
  loads: number;
}

/** Changes on disk within this many ms are coalesced into one reload (the budget is 200 ms). */
const RELOAD_DEBOUNCE_MS = 15;

export class PreviewPanel implements vscode.Disposable {
  /** The bone-name lookup every panel asks when it loads a clip (see BoneNameLookup). */
  static boneNameLookup?: BoneNameLookup;
  readonly panel: vscode.WebviewPanel;
  status: PreviewStatus = { renderer: 'none', problems: [], frame: 0, loadMs: 0, loads: 0 };
  private readonly host: WebviewPanelHost<HostToPreviewMessage, PreviewToHostMessage>;
  private watchers: vscode.Disposable[] = [];
  /** A second clip drawn as a ghost over this one (Compare Clips' B), sent again after every load. */
  private ghost?: { uri: vscode.Uri; label: string };
  /** The last selection another view made before the page was ready: shown right after the first load. */
  private pendingSelection?: { frame: number; bone: number };
  /** Show the Curves panel once the webview is ready (`ewzanim.showCurves` before it was). */
  private curvesAsked = false;
  private reloadTimer?: ReturnType<typeof setTimeout>;

  constructor(
    context: vscode.ExtensionContext,
    private readonly services: ExtensionServices,
    public assets: PreviewAssets,
    private readonly onPick: (panel: PreviewPanel) => void,
  ) {
    this.host = new WebviewPanelHost(context.extensionUri, {
      viewType: 'ewzanim.preview',
      title: title(assets.clip),
      show: { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      page: { script: 'preview.js', title: 'Animation Preview' },
    }, { receive: (message) => this.receive(message) });
    this.panel = this.host.panel;
    this.host.track(
      services.selection.onDidSelect((selection) => {
        if (selection.source !== 'preview' && selection.clip === this.assets.clip.toString()) {
          if (!this.post({ type: 'select', frame: selection.frame, bone: selection.bone })) this.pendingSelection = { frame: selection.frame, bone: selection.bone };
        }
      }),
      onDidChangeSettings((change, settings) => {
        if (change.changed.includes('frameRate')) this.post({ type: 'frameRate', frameRate: settings.frameRate });
      }),
    );
    this.watch();
  }

  get onDidDispose(): vscode.Event<void> {
    return this.panel.onDidDispose;
  }

  /** Shows other assets (picked or linked) and reloads, keeping frame and camera. */
  async setAssets(assets: PreviewAssets): Promise<void> {
    this.assets = assets;
    this.panel.title = title(assets.clip);
    this.watch();
    if (this.host.ready) await this.sendLoad(true);
  }

  /**
   * Draws the clip at `ghost.uri` as a ghost over this one at the same frame (the legend calls it
   * `ghost.label`), or none; kept over reloads.
   */
  async setGhost(ghost: { uri: vscode.Uri; label: string } | undefined): Promise<void> {
    this.ghost = ghost;
    if (this.host.ready) await this.sendGhost();
  }

  /** Shows the Curves panel (now, or right after the first load). */
  showCurves(): void {
    if (this.host.ready) this.post({ type: 'showCurves' });
    else this.curvesAsked = true;
  }

  reveal(): void {
    this.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  dispose(): void {
    clearTimeout(this.reloadTimer);
    for (const d of this.watchers) d.dispose();
    this.host.dispose();
  }

  private receive(message: PreviewToHostMessage): void {
    switch (message.type) {
      case 'ready':
        void this.sendLoad(false);
        break;
      case 'selected':
        this.services.selection.select({ clip: this.assets.clip.toString(), frame: message.frame, bone: message.bone, source: 'preview' });
        break;
      case 'pickAssets':
        this.onPick(this);
        break;
      case 'status':
        this.status = { ...message, loads: this.status.loads + 1 };
        break;
      case 'listClips':
        void this.listClips();
        break;
      case 'loadMixClip':
        void readFile(vscode.Uri.parse(message.uri)).then(
          (file) => this.post({ type: 'mixClip', file }),
          (error: unknown) => this.post({ type: 'mixClipFailed', uri: message.uri, reason: `Cannot read ${vscode.Uri.parse(message.uri).path.split('/').pop()}: ${String(error)}` }),
        );
        break;
      case 'export':
        void this.save(message.kind, message.suggestedName, message.bytes);
        break;
      case 'loadLayerClip':
      case 'loadAttachmentMesh': {
        const answer = message.type === 'loadLayerClip' ? 'layerClip' : 'attachmentMesh';
        void readFile(vscode.Uri.parse(message.uri)).then(
          (file) => this.post({ type: answer, id: message.id, file }),
          (error: unknown) => this.post({ type: answer, id: message.id, reason: `Cannot read ${vscode.Uri.parse(message.uri).path.split('/').pop()}: ${String(error)}` }),
        );
        break;
      }
      case 'saveMix':
        void saveMix(this.assets.clip, message.suggestedName, message.mix).then((answer) => this.post(answer));
        break;
      case 'openMix':
        void openMix(this.assets.clip).then((answer) => this.post(answer));
        break;
    }
  }

  /** The clips the mixer can blend with this one: the same bone count (the same skeleton's clips). */
  private async listClips(): Promise<void> {
    const bones = await clipBoneCount(this.services.files, this.assets.clip);
    const clips = bones > 0 ? await clipChoices(this.services.files, bones, this.assets.clip) : [];
    this.post({ type: 'clips', clips: clips.map((clip) => ({ ...clip, errors: errorCount(vscode.Uri.parse(clip.uri)) })) });
    this.post({ type: 'meshes', meshes: await meshChoices(this.services.files) });
  }

  /** An export from the webview: a save dialog next to the clip, then the bytes written with VS Code's file system. */
  private async save(kind: ExportKind, suggestedName: string, bytes: Uint8Array): Promise<void> {
    const filters: Record<string, string[]> = kind === 'png' ? { 'PNG image': ['png'] } : { 'WebM video': ['webm'] };
    const target = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(this.assets.clip, '..', suggestedName), filters, title: kind === 'png' ? 'Save Frame as PNG' : 'Save Clip as Video' });
    if (!target) {
      this.post({ type: 'exported', kind, outcome: 'cancelled' });
      return;
    }
    try {
      await vscode.workspace.fs.writeFile(target, bytes);
      this.post({ type: 'exported', kind, outcome: 'saved', detail: vscode.workspace.asRelativePath(target) });
    } catch (error) {
      this.post({ type: 'exported', kind, outcome: 'failed', detail: String(error) });
    }
  }

  private async sendLoad(keepState: boolean): Promise<void> {
    const { clip, skeleton, mesh, linkSource } = this.assets;
    try {
      const [clipFile, skeletonFile, meshFile, boneNames] = await Promise.all([readFile(clip), skeleton && readFile(skeleton), mesh && readFile(mesh), this.boneNames()]);
      const settings = workspaceSettings();
      const motion = { popMinDegrees: settings.motionPopMinDegrees, jumpRatio: settings.motionJumpRatio };
      const boneParents = boneNames ? await boneParentsOfClip(clip, boneNames.length) : undefined;
      this.post({ type: 'load', clip: clipFile, skeleton: skeletonFile, mesh: meshFile, linkSource, frameRate: frameRate(), keepState, boneNames, boneParents, motion });
      if (this.curvesAsked) this.post({ type: 'showCurves' });
      this.curvesAsked = false;
      if (this.pendingSelection) this.post({ type: 'select', ...this.pendingSelection });
      this.pendingSelection = undefined;
      if (this.ghost) await this.sendGhost();
    } catch (error) {
      void vscode.window.showErrorMessage(`Preview: cannot read ${clip.fsPath}: ${String(error)}`);
    }
  }

  /** The assets' names, else the lookup's; a failing lookup keeps the indices. */
  private async boneNames(): Promise<string[] | undefined> {
    if (this.assets.boneNames) return this.assets.boneNames;
    return PreviewPanel.boneNameLookup?.(this.assets.clip).catch(() => undefined);
  }

  private async sendGhost(): Promise<void> {
    const ghost = this.ghost;
    if (!ghost) {
      this.post({ type: 'ghost' });
      return;
    }
    try {
      this.post({ type: 'ghost', ghost: { file: await readFile(ghost.uri), label: ghost.label } });
    } catch (error) {
      void vscode.window.showErrorMessage(`Preview: cannot read the ghost ${ghost.uri.fsPath}: ${String(error)}`);
    }
  }

  /** Posts to the page once it is ready; false (dropped) before. */
  private post(message: HostToPreviewMessage): boolean {
    return this.host.post(message);
  }

  /** One watcher per file (clip, skeleton, mesh): a change reloads, keeping frame, camera and selection. */
  private watch(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = [];
    for (const uri of [this.assets.clip, this.assets.skeleton, this.assets.mesh]) {
      if (!uri) continue;
      const folder = vscode.Uri.joinPath(uri, '..');
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, uri.path.split('/').pop()!));
      const reload = (): void => {
        clearTimeout(this.reloadTimer);
        this.reloadTimer = setTimeout(() => void this.sendLoad(true), RELOAD_DEBOUNCE_MS);
      };
      this.watchers.push(watcher, watcher.onDidChange(reload), watcher.onDidCreate(reload));
    }
  }
}

async function readFile(uri: vscode.Uri): Promise<PreviewFile> {
  const bytes = webviewBytes(await vscode.workspace.fs.readFile(uri));
  return { uri: uri.toString(), name: uri.path.split('/').pop() ?? uri.path, bytes };
}

/** Errors the checks report for a file (the Problems panel's). */
function errorCount(uri: vscode.Uri): number {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
}

function title(clip: vscode.Uri): string {
  return `Preview ${clip.path.split('/').pop()}`;
}

function frameRate(): number {
  return workspaceSettings().frameRate;
}
