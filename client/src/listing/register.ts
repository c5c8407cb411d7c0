import * as vscode from 'vscode';
import { extensionsGlob, extensionsWith, KIND_SERVICES, kindOfPath } from '../../../formats/fileKinds';
import { LISTING_SCHEME, listingUri, parseListingUri } from '../../../protocol/listing';
import { kindOptions } from '../kindOptions';
import type { ExtensionServices } from '../services';
import { onDidChangeSettings } from '../settings';
import { KeyframeListingProvider } from './listingProvider';
import { syncListingSelection } from './listingSelection';

/** "Show Keyframe Listing" and the listing window commands. */
export function registerListing(context: vscode.ExtensionContext, services: ExtensionServices): void {
  const provider = new KeyframeListingProvider(services);
  context.subscriptions.push(
    provider,
    watchListedFiles(provider),
    vscode.workspace.registerTextDocumentContentProvider(LISTING_SCHEME, provider),
    vscode.workspace.onDidCloseTextDocument((document) => provider.forget(document.uri)),
    syncListingSelection(services),
    vscode.commands.registerCommand('ewzanim.showKeyframeListing', (clip?: vscode.Uri) => showListing(clip)),
    vscode.commands.registerCommand('ewzanim.listing.nextWindow', () => moveWindow(provider, +1)),
    vscode.commands.registerCommand('ewzanim.listing.previousWindow', () => moveWindow(provider, -1)),
  );
}

/**
 * Open listings follow their clip or model on disk: a watcher of the extensions with a listing
 * (the user's MSH extensions included), renewed when those change.
 */
function watchListedFiles(provider: KeyframeListingProvider): vscode.Disposable {
  let watcher: vscode.FileSystemWatcher | undefined;
  const renew = (): void => {
    watcher?.dispose();
    watcher = vscode.workspace.createFileSystemWatcher(extensionsGlob(extensionsWith('listing', kindOptions())));
    watcher.onDidChange((uri) => provider.refreshClip(uri));
    watcher.onDidCreate((uri) => provider.refreshClip(uri));
  };
  renew();
  const settings = onDidChangeSettings((change) => change.watchers && renew());
  return { dispose: () => (settings.dispose(), watcher?.dispose()) };
}

/** Clips and MSH models (the user's MSH extensions included) have a listing (KIND_SERVICES). */
function isClip(uri: vscode.Uri): boolean {
  const kind = kindOfPath(uri.path, kindOptions())?.kind;
  return kind !== undefined && KIND_SERVICES[kind].listing;
}

/** The clip the user means: the argument (explorer, hex editor), the active editor or tab, or a picked file. */
async function clipToShow(argument: unknown): Promise<vscode.Uri | undefined> {
  if (argument instanceof vscode.Uri && isClip(argument)) return argument;
  const editorUri = vscode.window.activeTextEditor?.document.uri;
  if (editorUri && isClip(editorUri)) return editorUri;
  const tabInput = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if ((tabInput instanceof vscode.TabInputCustom || tabInput instanceof vscode.TabInputText) && isClip(tabInput.uri)) return tabInput.uri;
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: 'Show Keyframe Listing',
    filters: { 'Keyframe clips and MSH models': extensionsWith('listing', kindOptions()).map((ext) => ext.slice(1)) },
  });
  return picked?.[0];
}

async function showListing(argument: unknown): Promise<vscode.TextEditor | undefined> {
  const clip = await clipToShow(argument);
  if (!clip) return undefined;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(listingUri({ clip: clip.toString(), firstFrame: 0 })));
  return vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.Beside });
}

/** Replaces the active listing with the next (+1) or previous (-1) window of its clip. */
async function moveWindow(provider: KeyframeListingProvider, direction: 1 | -1): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const location = editor && parseListingUri(editor.document.uri.toString());
  const window = editor && provider.windowOf(editor.document.uri);
  if (!editor || !location || !window) {
    void vscode.window.showInformationMessage('Open a keyframe listing first ("Nethercore ZX: Show Keyframe Listing").');
    return;
  }
  const firstFrame = window.firstFrame + direction * window.windowFrames;
  if (firstFrame < 0 || firstFrame >= window.totalFrames) {
    void vscode.window.showInformationMessage(direction > 0 ? 'This is the last window of frames.' : 'This is the first window of frames.');
    return;
  }
  const next = await vscode.workspace.openTextDocument(vscode.Uri.parse(listingUri({ clip: location.clip, firstFrame })));
  await vscode.window.showTextDocument(next, { preview: true, viewColumn: editor.viewColumn });
}
