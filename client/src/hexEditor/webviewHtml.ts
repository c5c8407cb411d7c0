import * as vscode from 'vscode';

/**
 * The hex editor webview's page: one script and one stylesheet from dist/webview, a strict
 * CSP with a fresh nonce, nothing else loadable.
 */
export function hexEditorHtml(webview: vscode.Webview, extensionUri: vscode.Uri, title: string): string {
  const nonce = makeNonce();
  const dist = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'hex.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'hex.css'));
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
<link rel="stylesheet" href="${style}" nonce="${nonce}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<div id="app" data-started="${Date.now()}"></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

/** Only the dist/webview folder is readable by the webview. */
export function hexEditorResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}

function makeNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let nonce = '';
  for (let i = 0; i < 32; i++) nonce += alphabet[Math.floor(Math.random() * alphabet.length)];
  return nonce;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}
