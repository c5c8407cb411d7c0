/**
 * The clip diff's comparison in WebAssembly (formats/wasm/diffKernel.wat): both files are read a
 * window of frames at a time straight into the kernel's memory, which compares, decodes, measures
 * and totals every record pair in one pass; the same totals as the TypeScript reference
 * (clipDiffReference.ts), bit for bit.
 */
import { createClipDiffKernel } from '../wasm/diffKernel';
import type { ClipAccumulator } from './clipDiffTotals';
import { type ComparedClips, readFrames } from './clipWindows';

/**
 * Compares `clips` a window at a time into `totals`; returns how many records changed by meaning,
 * or undefined (nothing read) where the kernel cannot run with `webAssembly`.
 */
export async function compareClipsWasm(clips: ComparedClips, totals: ClipAccumulator, webAssembly: typeof WebAssembly | null | undefined): Promise<number | undefined> {
  const { a, shapeA, b, shapeB, bones, frames, framesPerWindow, windowFrames } = clips;
  const shape = { bonesA: shapeA.boneCount, bonesB: shapeB.boneCount, bones, frames, columns: totals.columns, windowFrames };
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
