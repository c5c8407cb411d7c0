/**
 * Which URIs name workspace files, the files the server reads through its `FileAccess`: `file:`
 * URIs, and URIs on a workspace folder's file system (github.dev's `vscode-vfs://github/...`, a
 * mounted folder in VS Code for the Web). Other schemes (untitled:, git:, the keyframe
 * listing's) are documents or events the server has no file for.
 */

/** `scheme:` for file: URIs (any authority: UNC shares), `scheme://authority` otherwise; undefined when not a URI. */
export function fileSystemOf(uri: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]*):(\/\/[^/?#]*)?/i.exec(uri);
  if (!match) return undefined;
  const scheme = match[1]!.toLowerCase();
  return scheme === 'file' ? 'file:' : `${scheme}:${(match[2] ?? '').toLowerCase()}`;
}

export class WorkspaceFileSystems {
  private readonly systems = new Set<string>(['file:']);

  /** Remembers the file systems of workspace folders (a removed folder's stays: it only widens what is read). */
  addFolders(folderUris: Iterable<string>): void {
    for (const uri of folderUris) {
      const system = fileSystemOf(uri);
      if (system) this.systems.add(system);
    }
  }

  isFileUri(uri: string): boolean {
    const system = fileSystemOf(uri);
    return system !== undefined && this.systems.has(system);
  }
}
