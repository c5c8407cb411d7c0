import * as vscode from 'vscode';
import { encodeBase64 } from '../../formats/base64';

export interface WebviewPage {
  /** File names in dist/webview. */
  script: string;
  stylesheet?: string;
  title: string;
}

/**
 * A webview page: one script and optionally one stylesheet from dist/webview, a strict CSP with
 * a fresh nonce, nothing else loadable. Shared by the hex editor and the preview.
 */
export function webviewPageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: WebviewPage): string {
  // Web Crypto: the same in the desktop's extension host and in VS Code for the Web.
  const nonce = encodeBase64(crypto.getRandomValues(new Uint8Array(18)));
  const dist = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(dist, page.script));
  const style = page.stylesheet
    ? `<link rel="stylesheet" href="${webview.asWebviewUri(vscode.Uri.joinPath(dist, page.stylesheet))}" nonce="${nonce}">`
    : '';
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${style}
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

/** Only the dist/webview folder is readable by the webview. */
export function webviewResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
