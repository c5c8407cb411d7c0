/**
 * How the diff view reads a clip: a `ByteSource` per file, opened by whoever knows the file
 * system. The desktop extension passes `nodeByteSources` (pieces through a file handle: a
 * 267 MB pair is never held whole); the browser build passes its own. Over
 * `vscode.workspace.fs`, which reads only whole files, `workspaceByteSources` is the fallback.
 */
import * as vscode from 'vscode';
import { type ByteSource, memoryByteSource } from '../../../formats/fileAccess';

/** Opens a file for reading in pieces. */
export type ByteSourceOpener = (uri: vscode.Uri) => Promise<ByteSource>;

/** The whole file through `vscode.workspace.fs` (any scheme; no bound on memory). */
export const workspaceByteSources: ByteSourceOpener = async (uri) => memoryByteSource(await vscode.workspace.fs.readFile(uri));
