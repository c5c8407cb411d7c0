import type { BaseLanguageClient } from 'vscode-languageclient';
import type { HexDiskAccess } from './hexEditor/diskAccess';
import type { ClipSelectionBus } from './selectionSync';
import type { FileAccessFor } from './uriFileAccess';

/** What the extension's features get from the extension's entry point. */
export interface ExtensionServices {
  /** The running language client; a new one after the server restarts, undefined while down. */
  languageClient(): BaseLanguageClient | undefined;
  /** Frame/bone selection shared by the hex editor, the preview and the keyframe listing. */
  selection: ClipSelectionBus;
  /** How the core reads the files of a URI's file system (Node's ranged reads on the desktop, `workspace.fs` in the browser). */
  files: FileAccessFor;
  /** How the hex editor reads and writes its file (pieces on the desktop, whole files in the browser). */
  hexDisk: HexDiskAccess;
}
