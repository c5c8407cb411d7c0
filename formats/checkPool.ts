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
import type { AssetKind } from './fileKinds';
import type { BindPose } from './manifest/bindPose';
import { nameMotionBones } from './motion/boneNames';

/** The options a pooled check carries to another thread: plain data only. */
export type PooledCheckOptions = Pick<CheckOptions, 'maxKeyframeProblems' | 'chunkBytes' | 'kinds' | 'motion'>;

export interface BinaryCheckPool {
  /** Checks it runs at once (its threads), when it knows. */
  readonly size?: number;
  check(path: string, kind: BinaryKind, stat: FileStat, options: PooledCheckOptions): Promise<BinaryFileCheck>;
  /**
   * Whether the pool checks a file of `kind` and `size` bytes across its threads at once (a large
   * clip in frame ranges). A file named alone goes to the pool only then: any other file checks
   * here sooner than a worker starts.
   */
  splits?(kind: AssetKind, size: number): boolean;
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
