/** Finds every supported file (binary assets of both eras, manifests) under the workspace folders. */
import type { FileAccess } from '../../formats/fileAccess';
import { kindOfPath } from '../../formats/fileKinds';
import type { ExcludeFilter } from './exclude';

/** Folders read at once: enough to overlap disk latency without flooding the event loop. */
const PARALLEL_DIRECTORIES = 8;

export async function findSupportedFiles(files: FileAccess, roots: readonly string[], exclude: ExcludeFilter): Promise<string[]> {
  const found: string[] = [];
  const pending = [...roots];
  const visited = new Set<string>();
  const visit = async (dir: string): Promise<void> => {
    let names: string[];
    try {
      names = await files.readDirectory(dir);
    } catch {
      return; // unreadable folder: nothing to check in it
    }
    for (const name of names) {
      const path = `${dir}/${name}`;
      if (kindOfPath(name)) {
        if (!exclude.excludesFile(path)) found.push(path);
        continue;
      }
      const stat = await files.stat(path).catch(() => undefined);
      if (stat?.isDirectory && !exclude.excludesDirectory(path)) pending.push(path);
    }
  };
  while (pending.length > 0) {
    const batch = pending.splice(0, PARALLEL_DIRECTORIES).filter((d) => !visited.has(d));
    for (const d of batch) visited.add(d);
    await Promise.all(batch.map(visit));
  }
  return found.sort();
}
