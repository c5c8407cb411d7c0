/**
 * Commands the language server runs itself (`workspace/executeCommand`, declared in its
 * `executeCommandProvider`). It hands them to clients inside its quick fixes, for clients that
 * take fixes as commands or cannot rename files inside an edit; a client sends them back as it
 * got them. Pinned by `test/fixtures/wire/serverCommands.json`.
 */
import type { WorkspaceEdit } from 'vscode-languageserver';

export const SERVER_COMMANDS = {
  /** Applies a quick fix's workspace edit (for clients that take commands, not code actions); arguments: `[WorkspaceEdit]`. */
  applyFix: 'ewzanim.applyFix',
  /** Renames an asset's file, then applies the manifest edit (for clients without file renames in edits); arguments: `[RenameAssetArgs]`. */
  renameAsset: 'ewzanim.renameAsset',
} as const;

/** The one argument of `ewzanim.renameAsset`. */
export interface RenameAssetArgs {
  /** Absolute path of the file to rename (a path, not a URI). */
  from: string;
  /** Its new absolute path; the command refuses when a file is there. */
  to: string;
  /** The manifest's edit that follows the rename (its `path` value), in the form the client takes (`changes` or `documentChanges`). */
  edit: WorkspaceEdit;
}
