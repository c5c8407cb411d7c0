/**
 * What a file named on the command line is: its extension by the registry (with the user's
 * `--msh-ext` list), else its magic (an NRes or RsLi container under any name).
 */
import { type FileKind, kindOfBytes, kindOfPath } from '../formats/fileKinds';
import type { FileAccess } from '../formats/fileAccess';

export async function fileKindOf(access: FileAccess, path: string, mshExtensions?: readonly string[]): Promise<FileKind | undefined> {
  const byName = kindOfPath(path, { mshExtensions });
  if (byName) return byName;
  try {
    return kindOfBytes(await access.read(path, 0, 4));
  } catch {
    return undefined;
  }
}
