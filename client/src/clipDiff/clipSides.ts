/**
 * The two sides of a clip comparison: a file of the workspace, or a clip as git holds it (HEAD,
 * the index), copied into the extension's storage so that the hex editor and the preview open
 * it like any clip on disk.
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { type GitBaselineRef, baselineLabel, readGitBaseline } from './gitBaseline';

export interface ClipSide {
  /** What the title and the summary call it. */
  label: string;
  /** A file on disk with these bytes (for the hex editor, the preview and the selection), once `read` ran. */
  uri: vscode.Uri;
  /** A workspace file whose change should compare again; none for a git version. */
  watch?: vscode.Uri;
  /** The clip's bytes now (for a git version: also written to `uri`). */
  read(): Promise<Uint8Array>;
}

const nameOf = (uri: vscode.Uri): string => uri.path.slice(uri.path.lastIndexOf('/') + 1);

export function fileSide(uri: vscode.Uri): ClipSide {
  return { label: vscode.workspace.asRelativePath(uri), uri, watch: uri, read: async () => vscode.workspace.fs.readFile(uri) };
}

/** `file` at `ref`, kept in `storage`/compare/<hash of the path>/<ref>/<the file's name>. */
export function gitSide(file: vscode.Uri, ref: GitBaselineRef, storage: vscode.Uri): ClipSide {
  const folder = createHash('sha1').update(file.toString()).digest('hex').slice(0, 16);
  const uri = vscode.Uri.joinPath(storage, 'compare', folder, ref, nameOf(file));
  return {
    label: `${vscode.workspace.asRelativePath(file)} (${baselineLabel(ref)})`,
    uri,
    read: async () => {
      const bytes = await readGitBaseline(file, ref);
      await vscode.workspace.fs.writeFile(uri, bytes);
      return bytes;
    },
  };
}
