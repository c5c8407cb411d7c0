/**
 * The two sides of a clip comparison: a file of the workspace, or a clip as git holds it (HEAD,
 * the index: gitSide.ts, desktop only), copied into the extension's storage so that the hex
 * editor and the preview open it like any clip on disk. Each is read in pieces through the
 * injected `ByteSourceOpener`.
 */
import * as vscode from 'vscode';
import type { ByteSource } from '../../../formats/fileAccess';
import type { ByteSourceOpener } from './byteSources';

export interface ClipSide {
  /** What the title and the summary call it. */
  label: string;
  /** A file with these bytes (for the hex editor, the preview and the selection), once `open` ran. */
  uri: vscode.Uri;
  /** A workspace file whose change should compare again; none for a git version. */
  watch?: vscode.Uri;
  /** The clip now, to read in pieces (for a git version: written to `uri` first). */
  open(): Promise<ByteSource>;
}

export const nameOf = (uri: vscode.Uri): string => uri.path.slice(uri.path.lastIndexOf('/') + 1);

export function fileSide(uri: vscode.Uri, openSource: ByteSourceOpener): ClipSide {
  return { label: vscode.workspace.asRelativePath(uri), uri, watch: uri, open: () => openSource(uri) };
}
