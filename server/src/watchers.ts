/**
 * The server's own file watchers: when the client can register `workspace/didChangeWatchedFiles`
 * dynamically, the server asks it to watch every supported extension of both eras and the
 * manifest names (globs by extension, never by language id), so a clip changed on disk is
 * re-checked in any editor. Without it, the log says files changed outside the editor are not seen.
 */
import { DidChangeWatchedFilesNotification, type Connection, type FileSystemWatcher } from 'vscode-languageserver/node';
import { BINARY_EXTENSIONS, MANIFEST_NAMES, MSH_OPTIONAL_EXTENSIONS } from '../../formats/fileKinds';
import type { ClientFeatures } from './clientFeatures';

/**
 * One glob for the binary assets (`**\/*.{nczxanim,...}`; the optional NRes extensions too, so a
 * change of the `ewzanim.msh.extensions` setting needs no new registration: events for
 * extensions not listed are ignored), one for the manifests.
 */
export function watchedFileGlobs(): string[] {
  const extensions = [...BINARY_EXTENSIONS, ...MSH_OPTIONAL_EXTENSIONS];
  return [`**/*.{${extensions.map((ext) => ext.slice(1)).join(',')}}`, `**/{${MANIFEST_NAMES.join(',')}}`];
}

export async function registerFileWatchers(connection: Connection, client: ClientFeatures): Promise<void> {
  if (!client.watchedFilesRegistration) {
    connection.console.log(
      `${client.name} cannot register file watchers (no dynamic registration of workspace/didChangeWatchedFiles): ` +
        'files changed outside the editor are checked again only when the client reports them or the server restarts.',
    );
    return;
  }
  const watchers: FileSystemWatcher[] = watchedFileGlobs().map((globPattern) => ({ globPattern }));
  try {
    await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers });
  } catch (error) {
    connection.console.error(`the client refused the file watchers: ${error instanceof Error ? error.message : String(error)}`);
  }
}
