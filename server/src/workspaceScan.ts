/** Finds every supported file (binary assets of both eras, manifests) under the workspace folders. */
import type { FileAccess } from '../../formats/fileAccess';
import { kindOfPath } from '../../formats/fileKinds';
import type { ExcludeFilter } from './exclude';

/** Folders read at once: enough to overlap disk latency without flooding the event loop. */
const PARALLEL_DIRECTORIES = 8;
/** Folder depth below a workspace folder at which the walk stops: a symlink loop ends here. */
const MAX_DEPTH = 32;

export async function findSupportedFiles(files: FileAccess, roots: readonly string[], exclude: ExcludeFilter): Promise<string[]> {
  const found: string[] = [];
  const pending = roots.map((path) => ({ path, depth: 0 }));
  const visited = new Set<string>();
  const visit = async ({ path: dir, depth }: { path: string; depth: number }): Promise<void> => {
    let names: string[];
    try {
      names = await files.readDirectory(dir);
    } catch {
      return; // unreadable folder: nothing to check in it
    }
    const others: string[] = [];
    for (const name of names) {
      const path = `${dir}/${name}`;
      if (!kindOfPath(name)) others.push(path);
      else if (!exclude.excludesFile(path)) found.push(path);
    }
    // Only names of no supported kind can be folders worth entering.
    const stats = await Promise.all(others.map((path) => files.stat(path).catch(() => undefined)));
    others.forEach((path, i) => {
      if (stats[i]?.isDirectory && depth < MAX_DEPTH && !exclude.excludesDirectory(path)) pending.push({ path, depth: depth + 1 });
    });
  };
  while (pending.length > 0) {
    const batch = pending.splice(0, PARALLEL_DIRECTORIES).filter((d) => !visited.has(d.path));
    for (const d of batch) visited.add(d.path);
    await Promise.all(batch.map(visit));
  }
  return found.sort();
}
