/**
 * A native skeleton's bind pose as `anim/local-space` judges a clip against it: the inverse binds
 * of one version of the file (path, size, modification time), and the key a verdict against that
 * version is kept under. Pure data, so a pool's workers can be given it.
 */
import { readF32LE } from '../bytes';
import type { FileStat } from '../fileAccess';
import { INVERSE_BIND_FLOATS, SKELETON_HEADER_SIZE, inverseBindsByteLength } from '../skeleton';

export interface BindPose {
  path: string;
  size: number;
  mtimeMs: number;
  bones: number;
  /** 12 f32 per bone, column-major 3x4, as the skeleton stores them. */
  inverseBinds: Float32Array;
}

/** The key of a skeleton version among a clip's verdicts (`FileFacts.localSpaceVerdicts`). */
export function bindPoseKey(path: string, stat: Pick<FileStat, 'size' | 'mtimeMs'>, bones: number): string {
  return [path, stat.size, stat.mtimeMs, bones].join('\u0000');
}

/**
 * The inverse binds of the first `bones` bones from `bytes`, which hold them from `from` on (the
 * whole file: from the header's end), or undefined when they are cut short.
 */
export function inverseBindsFrom(bytes: Uint8Array, bones: number, from = SKELETON_HEADER_SIZE): Float32Array | undefined {
  if (bytes.length < from + inverseBindsByteLength(bones)) return undefined;
  const inverseBinds = new Float32Array(bones * INVERSE_BIND_FLOATS);
  for (let i = 0; i < inverseBinds.length; i++) inverseBinds[i] = readF32LE(bytes, from + i * 4);
  return inverseBinds;
}
