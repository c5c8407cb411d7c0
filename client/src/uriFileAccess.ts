/**
 * The core's `FileAccess` for the file system a URI lives on, with the mapping between that
 * system's paths and URIs. The entry point chooses how files are read (`ClientEnvironment.files`):
 * on the desktop local files go through Node's ranged reads (a 267 MB clip is never read whole),
 * in VS Code for the Web everything goes through `vscode.workspace.fs`.
 */
import * as vscode from 'vscode';
import type { FileAccess } from '../../formats/fileAccess';
import { workspaceFileAccess } from './gltfExport/workspaceFileAccess';

export interface UriFileAccess {
  readonly files: FileAccess;
  /** Whether `files.read` reads only the range asked (Node); false where each read takes the whole file (`workspace.fs`). */
  readonly rangedReads: boolean;
  /** The path `files` knows `uri` by. */
  pathOf(uri: vscode.Uri): string;
  /** The URI of a path `files` gave. */
  uriOf(path: string): vscode.Uri;
}

/** The file access for files on `base`'s file system (its scheme and authority). */
export type FileAccessFor = (base: vscode.Uri) => UriFileAccess;

/** Through `vscode.workspace.fs`: any scheme the workbench reads; no ranged reads (a read takes the whole file). */
export function workspaceUriFileAccess(base: vscode.Uri): UriFileAccess {
  return { files: workspaceFileAccess(base), rangedReads: false, pathOf: (uri) => uri.path, uriOf: (path) => base.with({ path }) };
}

/** Writes a whole file from pieces (atomically where the file system allows it). */
export type WriteFile = (uri: vscode.Uri, pieces: AsyncIterable<Uint8Array>) => Promise<void>;

/** Through `vscode.workspace.fs`, which takes whole buffers only (on github.dev: its virtual file system, committed from Source Control). */
export const workspaceWriteFile: WriteFile = async (uri, pieces) => {
  const all: Uint8Array[] = [];
  for await (const piece of pieces) all.push(piece.slice());
  const bytes = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of all) {
    bytes.set(piece, at);
    at += piece.length;
  }
  await vscode.workspace.fs.writeFile(uri, bytes);
};
