/**
 * The setup every webview panel of the extension shares (the preview, the clip diff, the MSH
 * preview): created with scripts on, kept while hidden, only dist/webview readable; one page with
 * a strict CSP and a fresh nonce (webviewHtml.ts); messages typed both ways, posted only once the
 * page said it is `ready` (earlier ones would be lost); what the owner tracks disposed with the
 * panel.
 */
import * as vscode from 'vscode';
import { type WebviewPage, webviewPageHtml, webviewResourceRoots } from './webviewHtml';

export interface WebviewPanelOptions {
  /** The panel's view type (`ewzanim.preview`...). */
  viewType: string;
  title: string;
  show: vscode.ViewColumn | { viewColumn: vscode.ViewColumn; preserveFocus?: boolean };
  page: WebviewPage;
}

export interface WebviewPanelHandlers<FromPage> {
  /** A message from the page (`ready` included, after `ready` is set). */
  receive(message: FromPage): void;
  /** The panel was closed (by the user or `dispose`); tracked disposables are already disposed. */
  disposed?(): void;
}

export class WebviewPanelHost<ToPage, FromPage extends { type: string }> implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  /** Whether the page has said `ready`: messages posted before are dropped. */
  ready = false;
  private readonly tracked: vscode.Disposable[] = [];

  constructor(extensionUri: vscode.Uri, options: WebviewPanelOptions, handlers: WebviewPanelHandlers<FromPage>) {
    this.panel = vscode.window.createWebviewPanel(options.viewType, options.title, options.show, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: webviewResourceRoots(extensionUri),
    });
    this.panel.webview.html = webviewPageHtml(this.panel.webview, extensionUri, options.page);
    this.tracked.push(this.panel.webview.onDidReceiveMessage((message: FromPage) => {
      if (message.type === 'ready') this.ready = true;
      handlers.receive(message);
    }));
    this.panel.onDidDispose(() => {
      for (const d of this.tracked.splice(0)) d.dispose();
      handlers.disposed?.();
    });
  }

  /** Disposes `items` when the panel closes. */
  track(...items: vscode.Disposable[]): void {
    this.tracked.push(...items);
  }

  /** Posts `message` to the page once it is ready; false (dropped) before. */
  post(message: ToPage): boolean {
    if (!this.ready) return false;
    void this.panel.webview.postMessage(message);
    return true;
  }

  /** Closes the panel (its tracked disposables go with it). */
  dispose(): void {
    this.panel.dispose();
  }
}
