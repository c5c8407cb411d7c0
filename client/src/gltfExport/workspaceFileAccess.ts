/**
 * The core's `FileAccess` over `vscode.workspace.fs`, for files of any scheme the workbench can
 * read (file:, vscode-remote:, ...): paths are the URIs' paths, the scheme and authority those
 * of `base`.
 */
import * as vscode from 'vscode';
import type { FileAccess, FileStat } from '../../../formats/fileAccess';

export function workspaceFileAccess(base: vscode.Uri): FileAccess {
  const uriOf = (path: string): vscode.Uri => base.with({ path });
  return {
    async stat(path: string): Promise<FileStat | undefined> {
      try {
        const stat = await vscode.workspace.fs.stat(uriOf(path));
        return { size: stat.size, mtimeMs: stat.mtime, isDirectory: (stat.type & vscode.FileType.Directory) !== 0 };
      } catch {
        return undefined;
      }
    },
    async read(path: string, offset: number, length: number): Promise<Uint8Array> {
      const bytes = await vscode.workspace.fs.readFile(uriOf(path));
      return offset === 0 && length >= bytes.length ? bytes : bytes.subarray(offset, Math.min(bytes.length, offset + length));
    },
    async readDirectory(path: string): Promise<string[]> {
      return (await vscode.workspace.fs.readDirectory(uriOf(path))).map(([name]) => name);
    },
  };
}
