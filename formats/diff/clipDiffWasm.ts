/**
 * The clip diff's comparison in WebAssembly (formats/wasm/diffKernel.wat): both files are read a
 * window of frames at a time straight into the kernel's memory, which compares, decodes, measures
 * and totals every record pair in one pass; the same totals as the TypeScript reference
 * (clipDiffReference.ts), bit for bit. A window is compared a chunk of the per-bone sums at a
 * time, each chunk's sums moved out of the kernel where it ends.
 */
import { createClipDiffKernel } from '../wasm/diffKernel';
import { type ClipRangeTotals, DIFF_SUM_CHUNK_FRAMES, sumChunkOf } from './clipDiffTotals';
import { type ComparedClips, readFrames } from './clipWindows';

/**
 * Compares frames `[clips.from, clips.to)` a window at a time into `totals`; false (nothing
 * read) where the kernel cannot run with `webAssembly`.
 */
export async function compareClipsWasm(clips: ComparedClips, totals: ClipRangeTotals, webAssembly: typeof WebAssembly | null | undefined): Promise<boolean> {
  const { a, shapeA, b, shapeB, bones, frames, columns, from, to, framesPerWindow, windowFrames } = clips;
  const shape = { bonesA: shapeA.boneCount, bonesB: shapeB.boneCount, bones, frames, columns, windowFrames, from, to };
  const kernel = webAssembly === undefined ? createClipDiffKernel(shape) : createClipDiffKernel(shape, webAssembly);
  if (!kernel) return false;
  const grid = (bone: number, column: number, angle: number): void => totals.gridMax(bone, column, angle);
  let changedKeyframes = 0;
  for (let first = from; first < to; first += framesPerWindow) {
    const count = Math.min(framesPerWindow, to - first);
    await readFrames(a, shapeA, first, count, kernel.windowA);
    await readFrames(b, shapeB, first, count, kernel.windowB);
    for (let at = first; at < first + count; ) {
      const chunkEnd = (sumChunkOf(at) + 1) * DIFF_SUM_CHUNK_FRAMES;
      const end = Math.min(first + count, chunkEnd);
      changedKeyframes += kernel.compare(at, end - at, grid, at - first);
      if (end === chunkEnd || end === to) totals.takeKernelSums(kernel, at);
      at = end;
    }
  }
  totals.takeKernelTotals(kernel, changedKeyframes);
  return true;
}
