/**
 * The clip diff's comparison in TypeScript: the reference the WebAssembly kernel
 * (formats/wasm/diffKernel.wat) is tested against, and the path where WebAssembly is unavailable.
 * Both files are read a window of frames at a time into two reused buffers; only the records
 * whose bytes differ are decoded (gathered, then one bulk decode a side) and measured.
 */
import { TRANSFORM_FLOATS, decodeClipRecords } from '../clip';
import { u32View } from '../bytes';
import type { ByteSource } from '../fileAccess';
import type { ClipShape } from './clipDiffParts';
import type { ClipRangeTotals } from './clipDiffTotals';
import { type ComparedClips, framesByteLength, readFrames } from './clipWindows';
import { distance3, rotationAngleDeg, scaleRatio } from './metrics';

/** u32 words per 16-byte record. */
const RECORD_WORDS = 4;
/** f64 values per 16-byte record, and u32 words per f64. */
const DOUBLES_PER_RECORD = 2;
const WORDS_PER_DOUBLE = RECORD_WORDS / DOUBLES_PER_RECORD;

/** One side's window: a reused read buffer, seen as u32 words and as f64 pairs of words. */
class WindowReader {
  private readonly buffer: Uint8Array;
  /**
   * The same bytes as f64s, two per record: the fast first comparison (two loads a record instead
   * of four). Equal f64s are equal words except +0 / -0, which here means every bit zero but the
   * sign of a position or scale f16 that is 0 either way: no change by meaning.
   */
  readonly doubles: Float64Array;

  constructor(
    private readonly source: ByteSource,
    private readonly shape: ClipShape,
    framesPerWindow: number,
  ) {
    this.buffer = new Uint8Array(framesByteLength(shape, framesPerWindow));
    this.doubles = new Float64Array(this.buffer.buffer, 0, this.buffer.length / Float64Array.BYTES_PER_ELEMENT);
  }

  /** The u32 words of frames `[first, first + count)`. */
  async words(first: number, count: number): Promise<Uint32Array> {
    return u32View(await readFrames(this.source, this.shape, first, count, this.buffer));
  }
}

/**
 * The record pairs of a window whose bytes differ, gathered side by side into compact buffers so
 * that only they are decoded (one bulk call a side): a re-export that moved one bone decodes that
 * bone's records, not the window.
 */
class ChangedRecords {
  private readonly wordsA: Uint32Array;
  private readonly wordsB: Uint32Array;
  private readonly frame: Int32Array;
  private readonly bone: Int32Array;
  private readonly decodedA: Float32Array;
  private readonly decodedB: Float32Array;
  private count = 0;

  constructor(capacity: number) {
    this.wordsA = new Uint32Array(capacity * RECORD_WORDS);
    this.wordsB = new Uint32Array(capacity * RECORD_WORDS);
    this.frame = new Int32Array(capacity);
    this.bone = new Int32Array(capacity);
    this.decodedA = new Float32Array(capacity * TRANSFORM_FLOATS);
    this.decodedB = new Float32Array(capacity * TRANSFORM_FLOATS);
  }

  /** Adds the pair at word `wa` of `a` and `wb` of `b` when their bytes differ. */
  gather(a: Uint32Array, wa: number, b: Uint32Array, wb: number, frame: number, bone: number): void {
    if (a[wa] === b[wb] && a[wa + 1] === b[wb + 1] && a[wa + 2] === b[wb + 2] && a[wa + 3] === b[wb + 3]) return;
    const k = this.count++;
    const o = k * RECORD_WORDS;
    const { wordsA, wordsB } = this;
    wordsA[o] = a[wa];
    wordsA[o + 1] = a[wa + 1];
    wordsA[o + 2] = a[wa + 2];
    wordsA[o + 3] = a[wa + 3];
    wordsB[o] = b[wb];
    wordsB[o + 1] = b[wb + 1];
    wordsB[o + 2] = b[wb + 2];
    wordsB[o + 3] = b[wb + 3];
    this.frame[k] = frame;
    this.bone[k] = bone;
  }

  /**
   * Decodes the gathered pairs, hands the measures of each that changed by meaning to `totals`
   * and empties the list. A channel whose bits are equal is not measured: word 0
   * is the rotation, word 1 and the low half of word 2 the position's f16s, the high half and
   * word 3 the scale's.
   */
  measure(totals: ClipRangeTotals): void {
    const { count, wordsA, wordsB, decodedA, decodedB } = this;
    this.count = 0;
    if (count === 0) return;
    decodeClipRecords(new Uint8Array(wordsA.buffer, 0, count * RECORD_WORDS * 4), 0, count, decodedA);
    decodeClipRecords(new Uint8Array(wordsB.buffer, 0, count * RECORD_WORDS * 4), 0, count, decodedB);
    for (let k = 0; k < count; k++) {
      const w = k * RECORD_WORDS, t = k * TRANSFORM_FLOATS;
      const mixed = wordsA[w + 2] ^ wordsB[w + 2];
      const angle = wordsA[w] === wordsB[w] ? 0 : rotationAngleDeg(decodedA, t, decodedB, t);
      const distance = wordsA[w + 1] === wordsB[w + 1] && (mixed & 0xffff) === 0 ? 0 : distance3(decodedA, t + 4, decodedB, t + 4);
      const ratio = mixed >>> 16 === 0 && wordsA[w + 3] === wordsB[w + 3] ? 1 : scaleRatio(decodedA, t + 7, decodedB, t + 7);
      // Other bytes, same meaning (a -0 written as 0, q written as -q): not a change.
      if (angle === 0 && distance === 0 && ratio === 1) continue;
      totals.add(this.bone[k], this.frame[k], angle, distance, ratio);
    }
  }
}

/**
 * Gathers the record pairs of the window's `count` frames (from frame `first`) and first `bones`
 * bones whose bytes differ. A plain function (not the async loop) so that it is optimised as the
 * hot loop it is.
 */
function gatherWindow(
  readerA: WindowReader,
  wordsA: Uint32Array,
  bonesA: number,
  readerB: WindowReader,
  wordsB: Uint32Array,
  bonesB: number,
  window: { first: number; count: number; bones: number },
  changed: ChangedRecords,
): void {
  const doublesA = readerA.doubles, doublesB = readerB.doubles;
  const { first, count, bones } = window;
  for (let f = 0; f < count; f++) {
    const rowA = f * bonesA * DOUBLES_PER_RECORD, rowB = f * bonesB * DOUBLES_PER_RECORD;
    for (let bone = 0, x = rowA, y = rowB; bone < bones; bone++, x += DOUBLES_PER_RECORD, y += DOUBLES_PER_RECORD) {
      if (doublesA[x] === doublesB[y] && doublesA[x + 1] === doublesB[y + 1]) continue;
      changed.gather(wordsA, x * WORDS_PER_DOUBLE, wordsB, y * WORDS_PER_DOUBLE, first + f, bone);
    }
  }
}

/** Compares frames `[clips.from, clips.to)` a window at a time into `totals`. */
export async function compareClipsTs(clips: ComparedClips, totals: ClipRangeTotals): Promise<void> {
  const { a, shapeA, b, shapeB, bones, from, to, framesPerWindow, windowFrames } = clips;
  const readerA = new WindowReader(a, shapeA, windowFrames);
  const readerB = new WindowReader(b, shapeB, windowFrames);
  const changed = new ChangedRecords(windowFrames * bones);
  for (let first = from; first < to; first += framesPerWindow) {
    const count = Math.min(framesPerWindow, to - first);
    const wordsA = await readerA.words(first, count);
    const wordsB = await readerB.words(first, count);
    gatherWindow(readerA, wordsA, shapeA.boneCount, readerB, wordsB, shapeB.boneCount, { first, count, bones }, changed);
    changed.measure(totals);
  }
}
