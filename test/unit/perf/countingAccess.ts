/** A file access that counts the reads of each path (each `read`/`readInto` of Node's access opens the file once). */
import type { FileAccess } from '../../../formats/fileAccess';

export function countingAccess(base: FileAccess): { access: FileAccess; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const count = (path: string): void => void reads.set(path, (reads.get(path) ?? 0) + 1);
  const access: FileAccess = {
    ...base,
    read: (path, offset, length) => (count(path), base.read(path, offset, length)),
    readInto: (path, offset, target) => (count(path), base.readInto!(path, offset, target)),
  };
  return { access, reads };
}
