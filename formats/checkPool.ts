/**
 * Where the content check of a binary file may run besides this thread: the adapters pass a pool
 * of worker threads (`node/checkPool.ts`), the core only this interface. A pooled check reads the
 * file itself (through the adapter's own file access) and gives what `checkBinaryFile` gives on
 * this thread, byte for byte; options that are functions stay here (`withBoneNames`).
 */
import type { BinaryFileCheck } from './checkBinaryFile';
import type { BinaryKind } from './checkBytes';
import type { CheckOptions } from './checkResult';
import type { FileStat } from './fileAccess';
import type { AssetKind, FileKind } from './fileKinds';
import type { BindPose } from './manifest/bindPose';
import { nameMotionBones } from './motion/boneNames';

/** A file for `checkFiles`: its path and the kind the walk gave it. */
export interface PooledFile {
  path: string;
  kind: FileKind;
}

/** A whole file's check on another thread: what `checkFileOnce` gives, the file compacted as `check`'s is. */
export interface PooledFileCheck extends BinaryFileCheck {
  /** The stat the check was made against (absent when there was none). */
  stat?: FileStat;
}

/** The options a pooled check carries to another thread: plain data only. */
export type PooledCheckOptions = Pick<CheckOptions, 'maxKeyframeProblems' | 'chunkBytes' | 'kinds' | 'motion'>;

export interface BinaryCheckPool {
  /** Checks it runs at once (its threads), when it knows. */
  readonly size?: number;
  check(path: string, kind: BinaryKind, stat: FileStat, options: PooledCheckOptions): Promise<BinaryFileCheck>;
  /**
   * Whether the pool checks a file of `kind` and `size` bytes across its threads at once (a large
   * clip in frame ranges). A file named alone goes to the pool only then, and only to threads
   * already running (`running`): any other file checks here sooner than a worker starts, and a
   * worker's start (its bundle's load, about 75 ms of CPU) costs about what the largest clip's
   * whole lint does here.
   */
  splits?(kind: AssetKind, size: number): boolean;
  /** Threads started and not ended, when it knows. */
  readonly running?: number;
  /**
   * Checks many binary files there, each as `checkFileOnce` on this thread with `pooledOptions`
   * (its stat too), many files to a message; `each(index, check)` as the answers come, in any
   * order, undefined for a file left to the caller (a clip `splits` takes, a worker that failed),
   * which the caller checks itself (`check` for a clip it splits).
   */
  checkFiles?(files: readonly PooledFile[], options: PooledCheckOptions, each: (index: number, checked: PooledFileCheck | undefined) => void): Promise<void>;
  /**
   * A run is about to send `files` binary files to `checkFiles` (in one call or several): the pool
   * starts the threads it will use for them now, not as the first answers come.
   */
  expectFiles?(files: number): void;
  /** The skeletons checks sent from now on judge a clip against, as this thread would (`manifest/assetFacts.ts`). */
  knowBindPoses?(poses: readonly BindPose[]): void;
}

/** What of `options` a check reads, without what cannot cross to another thread (functions, caches). */
export function pooledOptions(options: CheckOptions): PooledCheckOptions {
  const plain: PooledCheckOptions = { maxKeyframeProblems: options.maxKeyframeProblems };
  if (options.chunkBytes !== undefined) plain.chunkBytes = options.chunkBytes;
  if (options.kinds !== undefined) plain.kinds = options.kinds;
  if (options.motion !== undefined) plain.motion = options.motion;
  return plain;
}

/** The motion messages of a pooled clip check named as `checkBytes` names them on this thread. */
export async function withBoneNames(checked: BinaryFileCheck, options: CheckOptions): Promise<BinaryFileCheck> {
  const { result } = checked;
  const boneCount = result.summary?.boneCount;
  if (result.kind !== 'clip' || !options.boneNamesOf || boneCount === undefined) return checked;
  const diagnostics = await nameMotionBones(result.diagnostics, result.path, boneCount, options.boneNamesOf);
  if (diagnostics === result.diagnostics) return checked;
  const summary = result.summary && { ...result.summary };
  const firstError = diagnostics.find((d) => d.severity === 'error');
  if (summary && firstError) summary.firstError = { code: firstError.code, message: firstError.message };
  return { ...checked, result: { ...result, diagnostics, summary } };
}
