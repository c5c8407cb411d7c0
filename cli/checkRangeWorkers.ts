/**
 * The range workers `ewzanim check` starts for the files named on its command line: only where a
 * named file is large enough to split (its stat, taken before anything else is read) and its name
 * says a clip or no kind at all (a clip known by its magic), started at once, so that they load
 * while the check reads the clip's stat and header. None for small files, or for folders: a
 * folder's large clips go to the check pool's workers, already running for its other files.
 */
import type { KindOfPath } from '../formats/fileKinds';
import { CLIP_SPLIT_MIN_BYTES, defaultPoolSize } from '../node/checkPool';
import { createClipRangeWorkerPool, type ClipRangeWorkerPool } from '../node/clipRangeWorkerPool';
import { statFileSync } from '../node/syncFileAccess';
import { namesTomlFile } from './checkPath';

/** Whether `path` is a file of at least `minBytes` (a path that cannot be stat'ed is not: the check says why). */
function isLargeFile(path: string, minBytes: number): boolean {
  try {
    const stat = statFileSync(path);
    return stat !== undefined && !stat.isDirectory && stat.size >= minBytes;
  } catch {
    return false;
  }
}

/** A range worker pool, its workers starting now, where a named file may be a clip to split; else undefined. */
export function startRangeWorkersFor(paths: readonly string[], kindOf: KindOfPath, splitMinBytes = CLIP_SPLIT_MIN_BYTES, threads = defaultPoolSize()): ClipRangeWorkerPool | undefined {
  const large = paths.some((path) => {
    const kind = kindOf(path);
    return (kind === undefined ? !namesTomlFile(path) : kind.kind === 'clip') && isLargeFile(path, splitMinBytes);
  });
  const pool = large ? createClipRangeWorkerPool(threads, splitMinBytes) : undefined;
  pool?.start();
  return pool;
}
