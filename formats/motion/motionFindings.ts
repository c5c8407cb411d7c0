/**
 * The motion rules over a whole clip in memory: what the preview (its curves) calls on the bytes
 * it already holds. The lint runs the same `MotionScanner` over its own pieces instead.
 */
import { u32View } from '../bytes';
import { CLIP_HEADER_SIZE, completeRecordCount, parseClipHeader, recordOffset } from '../clip';
import { DEFAULT_MOTION_OPTIONS, type MotionFinding, type MotionOptions } from './motionOptions';
import { MotionScanner } from './motionScanner';

/**
 * The motion findings of a clip (`anim/pop`, `anim/position-jump`, `anim/static-clip`,
 * `anim/frozen-bones`, `anim/repeated-frames`), as plain data; none for a clip whose header has
 * no bones or frames. Only whole frames present in `clipBytes` are read.
 */
export function motionFindings(clipBytes: Uint8Array, options: Partial<MotionOptions> = {}): MotionFinding[] {
  const header = parseClipHeader(clipBytes);
  if (!header || header.boneCount === 0 || header.frameCount === 0) return [];
  const records = Math.min(completeRecordCount(clipBytes.length), header.boneCount * header.frameCount);
  const scanner = new MotionScanner(header, { ...DEFAULT_MOTION_OPTIONS, ...options });
  const words = u32View(clipBytes.subarray(CLIP_HEADER_SIZE, recordOffset(records)));
  scanner.feed(words, records);
  const findings = scanner.finish();
  // Its WebAssembly pass (a small clip's or a large one's) serves the next call.
  scanner.release();
  return findings;
}
