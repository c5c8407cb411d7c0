/** Skeleton checks: header and size (constant time), then each inverse bind matrix (streamed). */
import { binaryDiagnostic } from './diagnosticCodes';
import type { FormatDiagnostic } from './diagnostics';
import { formatPrecision } from './numberText';
import type { ByteSource } from './fileAccess';
import { DEFAULT_CHUNK_BYTES, ProblemCollector, forEachRecordChunk } from './problemCollector';
import type { SkeletonHeader } from './records';
import {
  INVERSE_BIND_FIELD_NAMES,
  INVERSE_BIND_SIZE,
  MAX_SKELETON_BONES,
  SKELETON_HEADER_SIZE,
  completeInverseBindCount,
  inverseBindDeterminant,
  inverseBindOffset,
  inverseBindsByteLength,
  parseSkeletonHeader,
  readInverseBind,
} from './skeleton';

/** |det| below this is treated as not invertible (f32 matrices of sane rigs are far above it). */
export const SINGULAR_DETERMINANT = 1e-12;

export interface SkeletonCheckOptions {
  maxKeyframeProblems: number;
  chunkBytes?: number;
}

export async function checkSkeleton(
  source: ByteSource,
  first16: Uint8Array,
  options: SkeletonCheckOptions,
): Promise<{ diagnostics: FormatDiagnostic[]; header?: SkeletonHeader }> {
  const size = source.size;
  if (size < SKELETON_HEADER_SIZE) {
    return {
      diagnostics: [
        binaryDiagnostic('skel/too-short', { start: 0, end: size }, `Skeleton is ${size} bytes but its header alone needs 8 (u32 bone count, u32 reserved). Re-export the skeleton.`),
      ],
    };
  }
  const header = parseSkeletonHeader(first16) as SkeletonHeader;
  const diagnostics: FormatDiagnostic[] = [];
  if (header.boneCount === 0) {
    diagnostics.push(binaryDiagnostic('skel/zero-bones', { start: 0, end: 4 }, 'Skeleton header says 0 bones; expected 1..256. Re-export the skeleton from a skinned model.'));
  } else if (header.boneCount > MAX_SKELETON_BONES) {
    diagnostics.push(
      binaryDiagnostic(
        'skel/too-many-bones',
        { start: 0, end: 4 },
        `Skeleton header says ${header.boneCount} bones; the console supports at most ${MAX_SKELETON_BONES}. Reduce the rig or check that this is a skeleton file.`,
        { boneCount: header.boneCount },
      ),
    );
  }
  if (header.reserved !== 0) {
    diagnostics.push(
      binaryDiagnostic(
        'skel/reserved',
        { start: 4, end: 8 },
        `Skeleton reserved word (bytes 4-7) is ${header.reserved}; it is documented as "must be 0" (not enforced today). Set it to 0.`,
        { reserved: header.reserved },
      ),
    );
  }
  const bones = `${header.boneCount} bone${header.boneCount === 1 ? '' : 's'}`;
  if (size < header.expectedSize) {
    const complete = completeInverseBindCount(size);
    diagnostics.push(
      binaryDiagnostic(
        'skel/truncated',
        { start: inverseBindOffset(complete), end: size },
        `Skeleton is ${size} bytes but its header (${bones}) needs ${header.expectedSize}: ${header.expectedSize - size} bytes missing ` +
          `(bone ${complete} onwards incomplete). Re-export the skeleton.`,
        { expectedSize: header.expectedSize, firstIncompleteBone: complete },
      ),
    );
  } else if (size > header.expectedSize && header.boneCount > 0) {
    diagnostics.push(
      binaryDiagnostic(
        'skel/trailing-bytes',
        { start: header.expectedSize, end: size },
        `Skeleton is ${size} bytes but its header (${bones}) needs ${header.expectedSize}: ${size - header.expectedSize} trailing bytes, ` +
          'which the console ignores. Truncate the file or fix the bone count.',
        { expectedSize: header.expectedSize },
      ),
    );
  }
  if (header.boneCount === 0) return { diagnostics, header };
  const count = Math.min(header.boneCount, completeInverseBindCount(size));
  const problems = new ProblemCollector(options.maxKeyframeProblems);
  await forEachRecordChunk((o, l) => source.read(o, l), SKELETON_HEADER_SIZE, count, INVERSE_BIND_SIZE, options.chunkBytes ?? DEFAULT_CHUNK_BYTES, (bytes, first, records) => {
    for (let r = 0; r < records; r++) checkMatrix(problems, bytes, inverseBindsByteLength(r), first + r);
  });
  diagnostics.push(...problems.finish('skel/more-problems', { start: SKELETON_HEADER_SIZE, end: inverseBindOffset(count) }, 'matrix'));
  return { diagnostics, header };
}

function checkMatrix(problems: ProblemCollector, bytes: Uint8Array, at: number, bone: number): void {
  const m = readInverseBind(bytes, at);
  const start = inverseBindOffset(bone);
  let finite = true;
  for (let i = 0; i < 12; i++) {
    if (Number.isFinite(m[i])) continue;
    finite = false;
    problems.add('skel/non-finite', () =>
      binaryDiagnostic(
        'skel/non-finite',
        { start: start + i * 4, end: start + i * 4 + 4 },
        `Bone ${bone}: inverse bind ${INVERSE_BIND_FIELD_NAMES[i]} is ${m[i]}; expected a finite f32. Re-export the skeleton.`,
        { bone, field: INVERSE_BIND_FIELD_NAMES[i] },
      ),
    );
  }
  if (!finite) return;
  const determinant = inverseBindDeterminant(m);
  if (Math.abs(determinant) < SINGULAR_DETERMINANT) {
    problems.add('skel/singular', () =>
      binaryDiagnostic(
        'skel/singular',
        { start, end: start + 36 },
        `Bone ${bone}: the 3x3 part of the inverse bind matrix has determinant ${formatPrecision(determinant, 4)} (not invertible), ` +
          'so vertices bound to this bone collapse. Expected a rotation/scale matrix (|det| > 0). Re-export the skeleton with a non-degenerate bind pose.',
        { bone, determinant },
      ),
    );
  }
}
