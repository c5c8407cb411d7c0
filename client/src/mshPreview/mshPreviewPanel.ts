/**
 * One MSH preview panel for one NRes file: reads it with VS Code's file system, sends the bytes
 * to the webview (webview/mshPreview/), sends them again when the file changes on disk, and keeps
 * the webview's last reported state (tests read it).
 */
import * as vscode from 'vscode';
import type { HostToMshPreviewMessage, MshPreviewState, MshPreviewToHostMessage } from '../../../protocol/mshPreview';
import { webviewBytes } from '../webviewBytes';
import { webviewPageHtml, webviewResourceRoots } from '../webviewHtml';

export class MshPreviewPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  state?: MshPreviewState;
  private readonly disposables: vscode.Disposable[] = [];
  private ready = false;

  constructor(
    context: vscode.ExtensionContext,
    readonly uri: vscode.Uri,
    onDispose: () => void,
  ) {
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    this.panel = vscode.window.createWebviewPanel('ewzanim.mshPreview', `Preview ${name}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: webviewResourceRoots(context.extensionUri),
    });
    this.panel.webview.html = webviewPageHtml(this.panel.webview, context.extensionUri, { script: 'mshPreview.js', stylesheet: 'mshPreview.css', title: 'MSH Preview' });
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), name));
    this.disposables.push(
      watcher,
      watcher.onDidChange(() => void this.send()),
      watcher.onDidCreate(() => void this.send()),
      this.panel.webview.onDidReceiveMessage((message: MshPreviewToHostMessage) => this.receive(message)),
      this.panel.onDidDispose(() => {
        this.dispose();
        onDispose();
      }),
    );
  }

  private receive(message: MshPreviewToHostMessage): void {
    if (message.type === 'ready') {
      this.ready = true;
      void this.send();
    } else if (message.type === 'state') {
      this.state = message.state;
    }
  }

  /** Reads the file and sends it (after `ready`); a read failure is said in the panel's title area. */
  async send(): Promise<void> {
    if (!this.ready) return;
    try {
      const bytes = webviewBytes(await vscode.workspace.fs.readFile(this.uri));
      this.post({ type: 'load', name: this.uri.path.slice(this.uri.path.lastIndexOf('/') + 1), bytes });
    } catch (error) {
      void vscode.window.showErrorMessage(`Cannot read ${this.uri.fsPath}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private post(message: HostToMshPreviewMessage): void {
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
