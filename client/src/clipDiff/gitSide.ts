/**
 * A clip as git holds it (HEAD, the index) as one side of a comparison: git runs as a process,
 * so the desktop registers it and VS Code for the Web does not (clipDiff/register.ts takes it).
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { ByteSourceOpener } from './byteSources';
import { type ClipSide, nameOf } from './clipSides';
import { type GitBaselineRef, baselineLabel, writeGitBaseline } from './gitBaseline';

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
