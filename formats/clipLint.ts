/**
 * Streaming content lint of a clip's records: non-unit rotations, non-finite positions and
 * scales, zero scales. Reads bounded chunks (default 4 MiB, a multiple of 16), scans each with
 * the WebAssembly lint kernel (four records per step) or, without WebAssembly, with integer
 * operations on a Uint32Array view and an exact table-driven non-unit test, and only builds
 * messages for the (capped) problems it reports. The motion rules (`motion/`) read the same
 * pieces. Peak memory: one chunk plus the 4 MiB (a, b) rotation table, plus the motion rules'
 * bounded window per bone.
 */
import { hexWord, u32View } from './bytes';
import { CLIP_HEADER_SIZE, KEYFRAME_FIELDS, KEYFRAME_SIZE, completeRecordCount, recordOffset, type KeyframeField } from './clip';
import { binaryDiagnostic } from './diagnosticCodes';
import type { FormatDiagnostic } from './diagnostics';
import { formatDecimals } from './numberText';
import { f16ToF32 } from './f16';
import type { ByteSource } from './fileAccess';
import { DEFAULT_CHUNK_BYTES, ProblemCollector, forEachRecordChunk, reusingChunkReader } from './problemCollector';
import type { ClipHeader } from './records';
import { isNonUnitRotation, rotationOneMinusSquareTable, rotationSquareSum, rotationSquareTable } from './rotation';
import { motionDiagnostic } from './motion/motionDiagnostics';
import { DEFAULT_MOTION_OPTIONS, type MotionOptions } from './motion/motionOptions';
import { MotionScanner, motionKernelFor } from './motion/motionScanner';
import { clipKernels } from './wasm/clipKernels';

export interface ClipLintOptions {
  /** Per-keyframe problems reported before the summary (default 100). */
  maxKeyframeProblems: number;
  /** Bytes read per piece (rounded down to whole records, default 4 MiB). */
  chunkBytes?: number;
  /** The motion rules' thresholds (`formats/motion/`), run in the same pass; `false` skips them. */
  motion?: Partial<MotionOptions> | false;
}

/** `0x80008000` as the signed 32-bit value bitwise operators produce. */
const ALL_HALVES_NON_ZERO = 0x80008000 | 0;
/** A record as u32 words: the rotation word, then the six halves two to a word (`KEYFRAME_FIELDS`). */
const RECORD_WORDS = KEYFRAME_SIZE / Uint32Array.BYTES_PER_ELEMENT;
const ROTATION_FIELD = KEYFRAME_FIELDS[0];

/** Number of complete records that are both promised by the header and present in the file. */
export function lintableRecordCount(header: ClipHeader, size: number): number {
  return Math.min(header.boneCount * header.frameCount, completeRecordCount(size));
}

/**
 * Calls `suspect` (in record order) with every record that may hold a non-unit rotation, a
 * non-finite position or scale, or a zero scale: a superset of the bad records (the caller
 * re-checks each). Streams `[header, records)` in pieces of `chunkBytes`; before each piece,
 * `beforePiece(offset)` may stop the scan by returning true. `pieceBuffer`: where to read the
 * pieces (see `reusingChunkReader`). Shared by the lint and the hex editor's value search.
 */
export async function scanSuspectRecords(
  source: ByteSource,
  header: ClipHeader,
  chunkBytes: number,
  suspect: (record: number, rot: number, w1: number, w2: number, w3: number) => void,
  beforePiece: (offset: number) => boolean = () => false,
  eachPiece?: (words: Uint32Array, records: number) => boolean | void,
  pieceBuffer?: (index: number, length: number) => Uint8Array | undefined,
): Promise<void> {
  const count = lintableRecordCount(header, source.size);
  const oneMinus = rotationOneMinusSquareTable();
  const square = rotationSquareTable();
  const recordsEnd = recordOffset(count);
  // The visitor keeps no bytes (suspect takes the words): two reused buffers, one read ahead.
  const reuse = reusingChunkReader(source, recordsEnd, pieceBuffer);
  // An empty piece ends forEachRecordChunk early.
  const read = (offset: number, length: number): Promise<Uint8Array> => (beforePiece(offset) ? Promise.resolve(new Uint8Array(0)) : reuse(offset, length));
  const kernels = clipKernels();
  await forEachRecordChunk(read, CLIP_HEADER_SIZE, count, KEYFRAME_SIZE, Math.max(KEYFRAME_SIZE, chunkBytes), (bytes, firstRecord, records) => {
    const words = u32View(bytes);
    // true: the piece's pass runs the record test itself (the motion rules' kernel) and reports the suspects.
    if (eachPiece?.(words, records) === true) return;
    if (kernels) {
      kernels.lint(bytes, records, (r) => {
        const i = r * RECORD_WORDS;
        suspect(firstRecord + r, words[i], words[i + 1], words[i + 2], words[i + 3]);
      });
      return;
    }
    for (let r = 0, i = 0; r < records; r++, i += RECORD_WORDS) {
      const rot = words[i];
      const w1 = words[i + 1];
      const w2 = words[i + 2];
      const w3 = words[i + 3];
      // Two halves per word at once. Non-finite: the 5 exponent bits are all ones, so adding one
      // to the lowest of them carries into bit 15 (or 31) of that half.
      const nonFinite = (((w1 & 0x7c007c00) + 0x04000400) | ((w2 & 0x7c007c00) + 0x04000400) | ((w3 & 0x7c007c00) + 0x04000400)) & 0x80008000;
      // Zero scale: (bits & 0x7fff) == 0. Adding 0x7fff to a non-zero 15-bit value sets bit 15.
      // Scale x is the high half of w2; scale y and z are the two halves of w3.
      const zeroScale = (w2 & 0x7fff0000) === 0 || (((w3 & 0x7fff7fff) + 0x7fff7fff) & 0x80008000) !== ALL_HALVES_NON_ZERO;
      // Exact non-unit test (see rotationOneMinusSquareTable): radicand < 0.
      const nonUnit = Math.fround(oneMinus[rot >>> 22] - square[(rot >>> 12) & 0x3ff]) < square[(rot >>> 2) & 0x3ff];
      if (nonFinite !== 0 || zeroScale || nonUnit) suspect(firstRecord + r, rot, w1, w2, w3);
    }
  });
}

/** Lints the records of a clip whose header has non-zero counts. */
export async function lintClipRecords(source: ByteSource, header: ClipHeader, options: ClipLintOptions): Promise<FormatDiagnostic[]> {
  const count = lintableRecordCount(header, source.size);
  const problems = new ProblemCollector(options.maxKeyframeProblems);
  const suspect = (record: number, rot: number, w1: number, w2: number, w3: number): void => reportRecord(problems, header, record, rot, w1, w2, w3);
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  // On a large clip the motion rules' WebAssembly pass runs the record test too, so the bytes are
  // read once, straight into its memory.
  const motion =
    options.motion === false
      ? undefined
      : new MotionScanner(header, { ...DEFAULT_MOTION_OPTIONS, ...options.motion }, motionKernelFor(header, Math.max(KEYFRAME_SIZE, chunkBytes)), suspect);
  // The WebAssembly scans name a superset of the bad records; reportRecord re-checks each.
  await scanSuspectRecords(
    source,
    header,
    chunkBytes,
    suspect,
    undefined,
    motion &&
      ((words, records) => {
        motion.feed(words, records);
        return motion.lintsRecords;
      }),
    motion && ((index, length) => motion.pieceBuffer(index, length)),
  );
  motion?.flush();
  const diagnostics = problems.finish('anim/more-problems', { start: CLIP_HEADER_SIZE, end: recordOffset(count) }, 'keyframe');
  // Broken records (non-unit, non-finite, zero scale) are reported as such; the motion they
  // would make (a pop to a non-unit rotation) is not reported a second time.
  const found = motion && diagnostics.length === 0 ? motion.finish().map(motionDiagnostic) : diagnostics;
  // Every piece has been read (none is read ahead past the last): the pass's memory can serve the next clip.
  motion?.release();
  return found;
}

/** The slow path for one record that failed the fast test: one diagnostic per bad field. */
export function reportRecord(problems: ProblemCollector, header: ClipHeader, record: number, rot: number, w1: number, w2: number, w3: number): void {
  const frame = Math.floor(record / header.boneCount);
  const bone = record % header.boneCount;
  const start = recordOffset(record);
  const where = `Frame ${frame}, bone ${bone}`;
  const data = { frame, bone };
  if (isNonUnitRotation(rot)) {
    problems.add('anim/non-unit-rotation', () =>
      binaryDiagnostic(
        'anim/non-unit-rotation',
        { start: start + ROTATION_FIELD.start, end: start + ROTATION_FIELD.end },
        `${where}: rotation word ${hexWord(rot, 8)} stores three components whose squares sum to ` +
          `${formatDecimals(rotationSquareSum(rot), 6)} (above 1), so the decoder clamps the dropped component to 0 and the ` +
          'quaternion is not unit length (the bone is skewed/scaled). An exporter never writes this: re-export the clip ' +
          'or re-enter the rotation in the hex editor.',
        { ...data, field: 'rotation' },
      ),
    );
  }
  const halves = [w1 & 0xffff, w1 >>> 16, w2 & 0xffff, w2 >>> 16, w3 & 0xffff, w3 >>> 16];
  for (let h = 0; h < 6; h++) {
    const bits = halves[h];
    const { field, start: fieldStart, end: fieldEnd } = KEYFRAME_FIELDS[h + 1];
    const range = { start: start + fieldStart, end: start + fieldEnd };
    if ((bits & 0x7c00) === 0x7c00) {
      problems.add('anim/non-finite', () =>
        binaryDiagnostic(
          'anim/non-finite',
          range,
          `${where}: ${field} is ${describeNonFinite(bits)} (f16 ${hexWord(bits, 4)}); expected a finite value. ` +
            'A NaN or infinity poisons the bone matrix and every vertex it skins. Re-export the clip or enter a finite value.',
          { ...data, field },
        ),
      );
    } else if (h >= 3 && (bits & 0x7fff) === 0) {
      problems.add('anim/zero-scale', () => zeroScale(range, where, field, bits, data));
    }
  }
}

function describeNonFinite(bits: number): string {
  const value = f16ToF32(bits);
  return Number.isNaN(value) ? 'NaN' : value > 0 ? '+infinity' : '-infinity';
}

function zeroScale(range: { start: number; end: number }, where: string, field: KeyframeField, bits: number, data: { frame: number; bone: number }): FormatDiagnostic {
  return binaryDiagnostic(
    'anim/zero-scale',
    range,
    `${where}: ${field} is ${bits & 0x8000 ? '-0' : '0'}; a zero scale collapses the bone (and the vertices it skins) flat. ` +
      'Expected a non-zero scale (1.0 = 0x3C00) unless hiding the bone is intended.',
    { ...data, field },
  );
}
