/**
 * The semantic diff of two skeletons: per bone, the largest difference of any of the 12 inverse
 * bind floats and the distance between the translations, over the bones both hold; the bone
 * count stated when it differs. Read a block of bones at a time.
 */
import type { ByteSource } from '../fileAccess';
import { INVERSE_BIND_FLOATS, SKELETON_HEADER_SIZE, completeInverseBindCount, inverseBindOffset, parseSkeletonHeader, readInverseBind } from '../skeleton';
import { type CountChange, type DiffFailure, type Extreme, type IndexSpan, NO_EXTREME, diffFailure, spanPast } from './diffTypes';
import { distance3 } from './metrics';

/** Bones read per block. */
const BONES_PER_BLOCK = 4096;
/** Index of the translation (t.xyz) among the 12 column-major floats. */
const TRANSLATION_AT = 9;

export interface SkeletonShape {
  boneCount: number;
  size: number;
  /** Bones whose whole matrix is in the file. */
  completeBones: number;
}

export interface SkeletonBoneDiff {
  bone: number;
  /** Largest absolute difference of the 12 stored floats. */
  maxElement: number;
  /** Distance between the two translations (file units). */
  translation: number;
}

export interface SkeletonDiff {
  kind: 'skeleton';
  a: SkeletonShape;
  b: SkeletonShape;
  headerChanges: CountChange[];
  compared: { boneCount: number };
  onlyIn: { a: { bones?: IndexSpan }; b: { bones?: IndexSpan } };
  identical: boolean;
  /** Bones with any stored float different, ascending. */
  changedBones: number[];
  worst: { element: Extreme; translation: Extreme };
  /** The changed bones only. */
  bones: SkeletonBoneDiff[];
}

async function skeletonShape(source: ByteSource, side: string): Promise<SkeletonShape | DiffFailure> {
  const header = parseSkeletonHeader(await source.read(0, SKELETON_HEADER_SIZE));
  if (!header) return diffFailure('diff/bad-header', `${side}: ${source.size} bytes is shorter than the ${SKELETON_HEADER_SIZE}-byte skeleton header`);
  if (header.boneCount === 0) return diffFailure('diff/bad-header', `${side}: the header says 0 bones, nothing to compare`);
  const completeBones = Math.min(header.boneCount, completeInverseBindCount(source.size));
  return { boneCount: header.boneCount, size: source.size, completeBones };
}

/** Compares skeleton `a` with skeleton `b` bone by bone. */
export async function diffSkeletons(a: ByteSource, b: ByteSource): Promise<SkeletonDiff | DiffFailure> {
  const shapeA = await skeletonShape(a, 'A');
  if ('failure' in shapeA) return shapeA;
  const shapeB = await skeletonShape(b, 'B');
  if ('failure' in shapeB) return shapeB;
  const count = Math.min(shapeA.completeBones, shapeB.completeBones);
  const bones: SkeletonBoneDiff[] = [];
  for (let first = 0; first < count; first += BONES_PER_BLOCK) {
    const last = Math.min(count, first + BONES_PER_BLOCK);
    const start = inverseBindOffset(first);
    const length = inverseBindOffset(last) - start;
    const [bytesA, bytesB] = [await a.read(start, length), await b.read(start, length)];
    for (let bone = first; bone < last; bone++) {
      const at = inverseBindOffset(bone) - start;
      const ma = readInverseBind(bytesA, at), mb = readInverseBind(bytesB, at);
      let maxElement = 0;
      let changed = false;
      for (let i = 0; i < INVERSE_BIND_FLOATS; i++) {
        if (Object.is(ma[i], mb[i])) continue;
        changed = true;
        const d = Math.abs(ma[i] - mb[i]);
        maxElement = Math.max(maxElement, Number.isNaN(d) ? Infinity : d);
      }
      if (changed) bones.push({ bone, maxElement, translation: distance3(ma, TRANSLATION_AT, mb, TRANSLATION_AT) });
    }
  }
  const headerChanges: CountChange[] = [];
  if (shapeA.boneCount !== shapeB.boneCount) headerChanges.push({ field: 'bone count', a: shapeA.boneCount, b: shapeB.boneCount });
  if (shapeA.size !== shapeB.size) headerChanges.push({ field: 'size', a: shapeA.size, b: shapeB.size });
  const worstOf = (value: (d: SkeletonBoneDiff) => number): Extreme =>
    bones.reduce<Extreme>((worst, d) => (value(d) > worst.value ? { value: value(d), index: d.bone, frame: -1 } : worst), NO_EXTREME);
  const onlyIn = (shape: SkeletonShape): { bones?: IndexSpan } => {
    const span = spanPast(count, shape.boneCount);
    return span ? { bones: span } : {};
  };
  return {
    kind: 'skeleton',
    a: shapeA,
    b: shapeB,
    headerChanges,
    compared: { boneCount: count },
    onlyIn: { a: onlyIn(shapeA), b: onlyIn(shapeB) },
    identical: headerChanges.length === 0 && bones.length === 0,
    changedBones: bones.map((d) => d.bone),
    worst: { element: worstOf((d) => d.maxElement), translation: worstOf((d) => d.translation) },
    bones,
  };
}
