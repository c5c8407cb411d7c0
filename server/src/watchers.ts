/**
 * The server's own file watchers: when the client can register `workspace/didChangeWatchedFiles`
 * dynamically, the server asks it to watch every extension the registry of kinds gives with the
 * user's settings (both eras, and the `ewzanim.msh.extensions` list) and the manifest names
 * (globs by extension, never by language id), so a file changed on disk is re-checked in any
 * editor. A change of the MSH extensions replaces the registration. Without dynamic
 * registration, the log says files changed outside the editor are not seen.
 */
import { DidChangeWatchedFilesNotification, type Connection, type Disposable, type FileSystemWatcher } from 'vscode-languageserver';
import { binaryExtensions, extensionsGlob, MANIFEST_NAMES } from '../../formats/fileKinds';
import type { ClientFeatures } from './clientFeatures';

/** One glob for the binary files (`**\/*.{nczxanim,...,msh}`), one for the manifests. */
export function watchedFileGlobs(mshExtensions: readonly string[]): string[] {
  return [extensionsGlob(binaryExtensions({ mshExtensions })), `**/{${MANIFEST_NAMES.join(',')}}`];
}

/** The registration the client holds; replaced when the watched extensions change. */
export class FileWatchers {
  private registration: Promise<Disposable | undefined> | undefined;
  private globs = '';

  constructor(
    private readonly connection: Connection,
    private readonly client: () => ClientFeatures,
  ) {}

  /** Registers the watchers for these MSH extensions, unless the same globs are registered already. */
  async update(mshExtensions: readonly string[]): Promise<void> {
    const client = this.client();
    if (!client.watchedFilesRegistration) {
      if (this.registration === undefined) {
        this.registration = Promise.resolve(undefined);
        this.connection.console.log(
          `${client.name} cannot register file watchers (no dynamic registration of workspace/didChangeWatchedFiles): ` +
            'files changed outside the editor are checked again only when the client reports them or the server restarts.',
        );
      }
      return;
    }
    const globs = watchedFileGlobs(mshExtensions);
    if (globs.join('\n') === this.globs) return;
    this.globs = globs.join('\n');
    const previous = this.registration;
    this.registration = this.register(globs);
    (await previous)?.dispose();
    await this.registration;
  }

  private async register(globs: readonly string[]): Promise<Disposable | undefined> {
    const watchers: FileSystemWatcher[] = globs.map((globPattern) => ({ globPattern }));
    try {
      return await this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers });
    } catch (error) {
      this.connection.console.error(`the client refused the file watchers: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
}
