/**
 * The two sides of a clip comparison: a file of the workspace, or a clip as git holds it (HEAD,
 * the index), copied into the extension's storage so that the hex editor and the preview open
 * it like any clip on disk. Each is read in pieces through the injected `ByteSourceOpener`.
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { ByteSource } from '../../../formats/fileAccess';
import type { ByteSourceOpener } from './byteSources';
import { type GitBaselineRef, baselineLabel, writeGitBaseline } from './gitBaseline';

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

const nameOf = (uri: vscode.Uri): string => uri.path.slice(uri.path.lastIndexOf('/') + 1);

export function fileSide(uri: vscode.Uri, openSource: ByteSourceOpener): ClipSide {
  return { label: vscode.workspace.asRelativePath(uri), uri, watch: uri, open: () => openSource(uri) };
}

/** `file` at `ref`, kept in `storage`/compare/<hash of the path>/<ref>/<the file's name>. */
export function gitSide(file: vscode.Uri, ref: GitBaselineRef, storage: vscode.Uri, openSource: ByteSourceOpener): ClipSide {
  const folder = createHash('sha1').update(file.toString()).digest('hex').slice(0, 16);
  const uri = vscode.Uri.joinPath(storage, 'compare', folder, ref, nameOf(file));
  return {
    label: `${vscode.workspace.asRelativePath(file)} (${baselineLabel(ref)})`,
    uri,
    open: async () => {
      await writeGitBaseline(file, ref, uri);
      return openSource(uri);
    },
  };
}
