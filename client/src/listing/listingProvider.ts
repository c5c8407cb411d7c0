import * as vscode from 'vscode';
import {
  KEYFRAME_LISTING_REQUEST,
  parseListingUri,
  type KeyframeListingParams,
  type KeyframeListingResult,
} from '../../../protocol/listing';
import type { ExtensionServices } from '../services';

/** How long the provider waits for a language server that is still starting. */
const SERVER_WAIT_MS = 15_000;

/**
 * Serves `ewzanim-listing:` documents by asking the language server for the text, so the
 * listing and its hover come from one layout. Remembers each window's extent for the
 * next/previous commands and refreshes open listings when their clip changes on disk.
 */
export class KeyframeListingProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly windows = new Map<string, KeyframeListingResult>();

  constructor(private readonly services: ExtensionServices) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const location = parseListingUri(uri.toString());
    if (!location) return `# Not a keyframe listing URI: ${uri.toString()}\n`;
    const client = await this.waitForClient(token);
    if (!client) return '# The Nethercore ZX language server is not running; run "Nethercore ZX: Restart Language Server" and reopen the listing.\n';
    const params: KeyframeListingParams = { clip: location.clip, firstFrame: location.firstFrame };
    const result = await client.sendRequest<KeyframeListingResult>(KEYFRAME_LISTING_REQUEST, params, token);
    this.windows.set(uri.toString(), result);
    return result.text;
  }

  /** The window a listing document shows, once its text has been provided. */
  windowOf(uri: vscode.Uri): KeyframeListingResult | undefined {
    return this.windows.get(uri.toString());
  }

  /** Re-provides every open listing of `clip` (called when the clip changes on disk). */
  refreshClip(clip: vscode.Uri): void {
    for (const document of vscode.workspace.textDocuments) {
      if (parseListingUri(document.uri.toString())?.clip === clip.toString()) this.changed.fire(document.uri);
    }
  }

  forget(uri: vscode.Uri): void {
    this.windows.delete(uri.toString());
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async waitForClient(token: vscode.CancellationToken): Promise<ReturnType<ExtensionServices['languageClient']>> {
    const deadline = Date.now() + SERVER_WAIT_MS;
    for (;;) {
      const client = this.services.languageClient();
      if (client || token.isCancellationRequested || Date.now() > deadline) return client;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
