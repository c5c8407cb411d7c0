/**
 * One MSH preview panel for one NRes file: reads it with VS Code's file system, sends the bytes
 * to the webview (webview/mshPreview/), sends them again when the file changes on disk, and keeps
 * the webview's last reported state (tests read it). The panel's setup (CSP, resource roots,
 * messages after `ready`) is the shared WebviewPanelHost's.
 */
import * as vscode from 'vscode';
import type { HostToMshPreviewMessage, MshPreviewState, MshPreviewToHostMessage } from '../../../protocol/mshPreview';
import { webviewBytes } from '../webviewBytes';
import { WebviewPanelHost } from '../webviewPanel';

export class MshPreviewPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  state?: MshPreviewState;
  private readonly host: WebviewPanelHost<HostToMshPreviewMessage, MshPreviewToHostMessage>;

  constructor(
    context: vscode.ExtensionContext,
    readonly uri: vscode.Uri,
    onDispose: () => void,
  ) {
    const name = fileName(uri);
    this.host = new WebviewPanelHost(context.extensionUri, {
      viewType: 'ewzanim.mshPreview',
      title: `Preview ${name}`,
      show: { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      page: { script: 'mshPreview.js', stylesheet: 'mshPreview.css', title: 'MSH Preview' },
    }, {
      receive: (message) => this.receive(message),
      disposed: onDispose,
    });
    this.panel = this.host.panel;
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), name));
    this.host.track(
      watcher,
      watcher.onDidChange(() => void this.send()),
      watcher.onDidCreate(() => void this.send()),
    );
  }

  private receive(message: MshPreviewToHostMessage): void {
    if (message.type === 'ready') {
      void this.send();
    } else if (message.type === 'state') {
      this.state = message.state;
    }
  }

  /** Reads the file and sends it (after `ready`); a read failure is said in the panel's title area. */
  async send(): Promise<void> {
    if (!this.host.ready) return;
    try {
      const bytes = webviewBytes(await vscode.workspace.fs.readFile(this.uri));
      this.host.post({ type: 'load', name: fileName(this.uri), bytes });
    } catch (error) {
      void vscode.window.showErrorMessage(`Cannot read ${this.uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Closes the panel (its watcher goes with it). */
  dispose(): void {
    this.host.dispose();
  }
}

function fileName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
