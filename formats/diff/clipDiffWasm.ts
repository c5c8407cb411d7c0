/**
 * The clip diff's comparison in WebAssembly (formats/wasm/diffKernel.wat): both files are read a
 * window of frames at a time straight into the kernel's memory, which compares, decodes, measures
 * and totals every record pair in one pass; the same totals as the TypeScript reference
 * (clipDiffReference.ts), bit for bit.
 */
import type { ByteSource } from '../fileAccess';
import { createClipDiffKernel } from '../wasm/diffKernel';
import type { ClipShape } from './clipDiff';
import type { ClipAccumulator } from './clipDiffTotals';
import { readFrames } from './clipWindows';

/**
 * Compares bones `[0, bones)` x frames `[0, frames)` of `a` and `b`, `framesPerWindow` frames at a
 * time, into `totals`; returns how many records changed by meaning, or undefined (nothing read)
 * where the kernel cannot run with `webAssembly`.
 */
export async function compareClipsWasm(
  a: ByteSource,
  shapeA: ClipShape,
  b: ByteSource,
  shapeB: ClipShape,
  range: { bones: number; frames: number; framesPerWindow: number },
  totals: ClipAccumulator,
  webAssembly: typeof WebAssembly | null | undefined,
): Promise<number | undefined> {
  const { bones, frames, framesPerWindow } = range;
  const shape = {
    bonesA: shapeA.boneCount,
    bonesB: shapeB.boneCount,
    bones,
    frames,
    columns: totals.columns,
    windowFrames: Math.min(framesPerWindow, Math.max(1, frames)),
  };
  const kernel = webAssembly === undefined ? createClipDiffKernel(shape) : createClipDiffKernel(shape, webAssembly);
  if (!kernel) return undefined;
  const grid = (bone: number, column: number, angle: number): void => totals.gridMax(bone, column, angle);
  let changedKeyframes = 0;
  for (let first = 0; first < frames; first += framesPerWindow) {
    const count = Math.min(framesPerWindow, frames - first);
    await readFrames(a, shapeA, first, count, kernel.windowA);
    await readFrames(b, shapeB, first, count, kernel.windowB);
    changedKeyframes += kernel.compare(first, count, grid);
  }
  totals.takeKernelTotals(kernel);
  return changedKeyframes;
}
