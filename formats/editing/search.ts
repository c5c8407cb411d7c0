/**
 * The hex editor's search: a byte pattern (hex, `??` for any byte) anywhere in the file, or a
 * decoded value condition (NaN, infinity, non-unit rotation, zero scale) in a clip's records, a
 * skeleton's matrices or the keys of an NRes file's models (`msh/search.ts`). Streams the source in pieces (a 267 MB clip is never in memory), finds
 * clip conditions through the lint's scan (`scanSuspectRecords`: the WebAssembly kernel names the
 * suspect records, each is then tested exactly), keeps the first `maxMatches` matches and counts
 * all of them.
 */
import { readU32LE } from '../bytes';
import { CLIP_HEADER_SIZE, KEYFRAME_FIELDS, parseClipHeader, recordOffset } from '../clip';
import { scanSuspectRecords } from '../clipLint';
import type { ByteRange } from '../diagnostics';
import type { ByteSource } from '../fileAccess';
import { openMshFile } from '../msh/model';
import { searchMshCondition } from '../msh/search';
import { isNonUnitRotation } from '../rotation';
import { MAX_SKELETON_BONES, SKELETON_HEADER_SIZE, completeInverseBindCount, inverseBindsByteLength, parseSkeletonHeader } from '../skeleton';

export type SearchCondition = 'nan' | 'infinite' | 'nonUnit' | 'zeroScale';

export type SearchQuery = { kind: 'bytes'; pattern: string } | { kind: 'condition'; condition: SearchCondition };

export const SEARCH_CONDITIONS: readonly { condition: SearchCondition; label: string }[] = [
  { condition: 'nan', label: 'NaN (position, scale, matrix)' },
  { condition: 'infinite', label: 'Infinity (position, scale, matrix)' },
  { condition: 'nonUnit', label: 'Non-unit rotation' },
  { condition: 'zeroScale', label: 'Zero scale' },
];

export interface SearchResult {
  /** The first matches in file order (at most `maxMatches`). */
  matches: ByteRange[];
  /** Every match in the file (or in the part scanned before a stop). */
  total: number;
  /** More matches exist than `matches` holds. */
  capped: boolean;
  /** The search was stopped before the end of the file. */
  stopped: boolean;
}

export interface SearchOptions {
  /** Bytes read per piece (default 4 MiB). */
  chunkBytes?: number;
  /** Matches kept (default 10,000); all are counted. */
  maxMatches?: number;
  /** Checked between pieces: true ends the search early. */
  shouldStop?: () => boolean;
  /** After each piece: bytes scanned so far and matches found. */
  onProgress?: (scannedBytes: number, found: number) => void;
}

export const MAX_SEARCH_MATCHES = 10_000;
const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;
/** Longest pattern: a search is for a value or a record, not for a page of bytes. */
const MAX_PATTERN_BYTES = 256;

/** Pattern bytes, -1 for `??` (any byte). */
export type HexPattern = Int16Array;

/** `03 08 20 80`, `03082080`, `7E ?? 00`: pairs of hex digits, `??` for any byte, spaces optional. */
export function parseHexPattern(text: string): { pattern: HexPattern; error?: undefined } | { pattern?: undefined; error: string } {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0) return { error: 'Type the bytes to find as hex, e.g. "03 08 20 80" (?? for any byte).' };
  if (!/^([0-9a-fA-F]{2}|\?\?)+$/.test(compact)) {
    return { error: 'Use pairs of hex digits (0-9, A-F) or ?? for any byte, e.g. "7E ?? 00 3C".' };
  }
  const pattern = new Int16Array(compact.length / 2);
  for (let i = 0; i < pattern.length; i++) {
    const pair = compact.slice(2 * i, 2 * i + 2);
    pattern[i] = pair === '??' ? -1 : parseInt(pair, 16);
  }
  if (pattern.every((b) => b < 0)) return { error: 'A pattern of only ?? matches every byte; give at least one hex byte.' };
  if (pattern.length > MAX_PATTERN_BYTES) return { error: `At most ${MAX_PATTERN_BYTES} bytes per pattern.` };
  return { pattern };
}

class MatchList {
  readonly matches: ByteRange[] = [];
  total = 0;
  constructor(private readonly max: number) {}

  add(start: number, end: number): void {
    this.total++;
    if (this.matches.length < this.max) this.matches.push({ start, end });
  }

  result(stopped: boolean): SearchResult {
    return { matches: this.matches, total: this.total, capped: this.total > this.matches.length, stopped };
  }
}

/** Every place `pattern` occurs (overlapping matches count), reading pieces that overlap by its length - 1. */
export async function searchBytes(source: ByteSource, pattern: HexPattern, options: SearchOptions = {}): Promise<SearchResult> {
  const found = new MatchList(options.maxMatches ?? MAX_SEARCH_MATCHES);
  const step = Math.max(1, options.chunkBytes ?? DEFAULT_CHUNK_BYTES);
  const length = pattern.length;
  // The first fixed byte is found with the native indexOf; the rest is compared byte by byte.
  const anchor = pattern.findIndex((b) => b >= 0);
  const anchorByte = pattern[anchor];
  for (let position = 0; position + length <= source.size; position += step) {
    if (options.shouldStop?.()) return found.result(true);
    const piece = await source.read(position, Math.min(step + length - 1, source.size - position));
    const starts = Math.min(step, piece.length - length + 1);
    for (let i = piece.indexOf(anchorByte, anchor) - anchor; i >= 0 && i < starts; i = piece.indexOf(anchorByte, i + 1 + anchor) - anchor) {
      let j = 0;
      while (j < length && (pattern[j] < 0 || piece[i + j] === pattern[j])) j++;
      if (j === length) found.add(position + i, position + i + length);
    }
    options.onProgress?.(Math.min(source.size, position + step), found.total);
  }
  return found.result(false);
}

const isNaNHalf = (bits: number): boolean => (bits & 0x7c00) === 0x7c00 && (bits & 0x3ff) !== 0;
const isInfiniteHalf = (bits: number): boolean => (bits & 0x7fff) === 0x7c00;
const isNaNFloat = (bits: number): boolean => (bits & 0x7f800000) === 0x7f800000 && (bits & 0x7fffff) !== 0;
const isInfiniteFloat = (bits: number): boolean => (bits & 0x7fffffff) === 0x7f800000;

/**
 * Every field of a clip or skeleton meeting `condition`. A file whose header cannot be read has
 * no records to search; rotations and scales exist in clips only.
 */
export async function searchCondition(
  kind: 'clip' | 'skeleton' | 'msh',
  source: ByteSource,
  condition: SearchCondition,
  options: SearchOptions = {},
): Promise<SearchResult | { error: string }> {
  const found = new MatchList(options.maxMatches ?? MAX_SEARCH_MATCHES);
  if (kind === 'msh') {
    if (condition === 'zeroScale') return { error: 'MSH keys store no scale: positions, times and rotations are searched.' };
    const { layout } = await openMshFile(source, { maxKeyframeProblems: 0 });
    const finished = await searchMshCondition(source, layout, condition, {
      chunkBytes: options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
      onMatch: (range) => found.add(range.start, range.end),
      shouldStop: options.shouldStop,
      onProgress: (scanned) => options.onProgress?.(scanned, found.total),
    });
    options.onProgress?.(source.size, found.total);
    return found.result(!finished);
  }
  const first16 = await source.read(0, Math.min(16, source.size));
  if (kind === 'skeleton') {
    if (condition === 'nonUnit' || condition === 'zeroScale') return { error: 'Skeletons store matrices only: rotations and scales are searched in clips.' };
    const header = source.size >= SKELETON_HEADER_SIZE ? parseSkeletonHeader(first16) : undefined;
    if (!header || header.boneCount === 0 || header.boneCount > MAX_SKELETON_BONES) return { error: 'The skeleton header cannot be read, so there are no matrices to search.' };
    const test = condition === 'nan' ? isNaNFloat : isInfiniteFloat;
    const bones = Math.min(header.boneCount, completeInverseBindCount(source.size));
    // At most 256 matrices of 48 bytes: one read.
    const matrices = await source.read(SKELETON_HEADER_SIZE, inverseBindsByteLength(bones));
    for (let at = 0; at + 4 <= matrices.length; at += 4) {
      if (test(readU32LE(matrices, at))) found.add(SKELETON_HEADER_SIZE + at, SKELETON_HEADER_SIZE + at + 4);
    }
    return found.result(false);
  }
  const header = source.size >= CLIP_HEADER_SIZE ? parseClipHeader(first16) : undefined;
  if (!header || header.boneCount === 0 || header.frameCount === 0) return { error: 'The clip header cannot be read, so there are no keyframes to search.' };
  const halfTest = condition === 'nan' ? isNaNHalf : condition === 'infinite' ? isInfiniteHalf : undefined;
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  let stopped = false;
  await scanSuspectRecords(
    source,
    header,
    chunkBytes,
    (record, rot, w1, w2, w3) => {
      const start = recordOffset(record);
      if (condition === 'nonUnit') {
        if (isNonUnitRotation(rot)) found.add(start, start + 4);
        return;
      }
      const halves = [w1 & 0xffff, w1 >>> 16, w2 & 0xffff, w2 >>> 16, w3 & 0xffff, w3 >>> 16];
      for (let h = 0; h < 6; h++) {
        const hit = halfTest ? halfTest(halves[h]) : h >= 3 && (halves[h] & 0x7fff) === 0;
        if (hit) found.add(start + KEYFRAME_FIELDS[h + 1].start, start + KEYFRAME_FIELDS[h + 1].end);
      }
    },
    (offset) => {
      if (offset > CLIP_HEADER_SIZE) options.onProgress?.(offset, found.total);
      stopped ||= options.shouldStop?.() ?? false;
      return stopped;
    },
  );
  options.onProgress?.(source.size, found.total);
  return found.result(stopped);
}
