import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/**
 * The preview page: one script from dist/webview and nothing else loadable. The script adds its
 * stylesheet as a nonce'd <style>; the vscode-elements components use constructable stylesheets.
 */
export function previewHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'preview.js'));
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
<title>Animation Preview</title>
</head>
<body>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

/** The webview may load only the bundled scripts; file bytes arrive by message. */
export function previewResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')];
}
