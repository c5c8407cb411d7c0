/**
 * How the diff view reads a clip: a `ByteSource` per file, opened through the client's file
 * access (`ExtensionServices.files`, chosen by the entry point). Where reads are ranged (local
 * files on the desktop) the clip is read in pieces and a 267 MB pair is never held whole; where
 * each read takes the whole file (`vscode.workspace.fs`, VS Code for the Web) it is read once and
 * kept in memory, not once per piece.
 */
import type * as vscode from 'vscode';
import { type ByteSource, byteSourceOf, memoryByteSource } from '../../../formats/fileAccess';
import type { FileAccessFor } from '../uriFileAccess';

/** Opens a file for reading in pieces. */
export type ByteSourceOpener = (uri: vscode.Uri) => Promise<ByteSource>;

/** The opener over `filesFor`'s file access for each URI's file system; a missing file or a folder is an error naming it. */
export function fileByteSources(filesFor: FileAccessFor): ByteSourceOpener {
  return async (uri) => {
    const { files, rangedReads, pathOf } = filesFor(uri);
    const path = pathOf(uri);
    const stat = await files.stat(path);
    if (!stat || stat.isDirectory) throw new Error(`${path} is not a file`);
    return rangedReads ? byteSourceOf(files, path, stat.size) : memoryByteSource(await files.read(path, 0, stat.size));
  };
}
