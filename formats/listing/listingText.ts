/**
 * The keyframe listing's text, from the first bytes of a clip and the records of one window.
 * Pure: `keyframeListing.ts` does the (bounded) reading. Layout: listingLayout.ts.
 */
import { hexWord } from '../bytes';
import { KEYFRAME_SIZE, completeRecordCount, decodeRawKeyframe, detectLegacyClip, keyframeOffset, parseClipHeader, readRawKeyframe } from '../clip';
import { isNonFiniteF16, isZeroF16 } from '../f16';
import { formatDecimals, formatHalf } from '../numberText';
import type { ClipHeader, RawKeyframe } from '../records';
import { isNonUnitRotation } from '../rotation';
import {
  KEYFRAME_COLUMNS,
  KEYFRAME_LINE_SUFFIX,
  LISTING_HEADER_LINES,
  listingWindow,
  type KeyframeColumnField,
  type ListingWindow,
} from './listingLayout';

/** What the listing needs to know about the file before reading any record. */
export interface ListingSource {
  /** File name shown in the title. */
  name: string;
  size: number;
  /** The first (up to) 16 bytes of the file: the header, and the legacy layout's header. */
  first16: Uint8Array;
  frameRate: number;
}

/** The window to list and the byte range of its records (read these, then call formatListing). */
export interface ListingPlan {
  header?: ClipHeader;
  window?: ListingWindow;
  /** One line: "ok" or what is wrong with the file as a whole. */
  status: string;
  recordsStart: number;
  recordsEnd: number;
}

export function planListing(source: ListingSource, requestedFirstFrame: number): ListingPlan {
  const header = parseClipHeader(source.first16);
  const empty = { recordsStart: 0, recordsEnd: 0 };
  if (!header) return { ...empty, status: `file is ${source.size} bytes, shorter than the 4-byte clip header` };
  const legacy = detectLegacyClip(source.first16, source.size);
  if (legacy) {
    return {
      ...empty,
      header,
      status: `old two-day layout (16-byte header, 48-byte matrices: ${legacy.boneCount} bones x ${legacy.frameCount} frames); re-export the clip`,
    };
  }
  if (header.boneCount === 0 || header.frameCount === 0) {
    return { ...empty, header, status: `header says ${header.boneCount} bones x ${header.frameCount} frames: no keyframes to list` };
  }
  const window = listingWindow(header.boneCount, header.frameCount, requestedFirstFrame);
  const recordsStart = keyframeOffset(header, window.firstFrame, 0);
  const recordsEnd = Math.min(source.size, keyframeOffset(header, window.firstFrame + window.frameCount, 0));
  return { header, window, status: fileStatus(source.size, header), recordsStart, recordsEnd: Math.max(recordsStart, recordsEnd) };
}

function fileStatus(size: number, header: ClipHeader): string {
  const problems: string[] = [];
  if (header.flags !== 0) problems.push(`flags byte is ${hexWord(header.flags, 2)}, must be 0`);
  if (size < header.expectedSize) {
    const completeRecords = completeRecordCount(size);
    const firstIncomplete = Math.floor(completeRecords / header.boneCount);
    problems.push(`truncated: ${size} of ${header.expectedSize} bytes, frame ${firstIncomplete} onwards incomplete`);
  } else if (size > header.expectedSize) {
    problems.push(`${size - header.expectedSize} trailing bytes after the last keyframe (the packer drops them)`);
  }
  return problems.length === 0 ? 'ok' : problems.join('; ');
}

/** The whole listing document. `records` holds the bytes `[plan.recordsStart, plan.recordsEnd)`. */
export function formatListing(source: ListingSource, plan: ListingPlan, records: Uint8Array): string {
  const lines = headerLines(source, plan);
  const { header, window } = plan;
  if (header && window) {
    for (let frame = window.firstFrame; frame < window.firstFrame + window.frameCount; frame++) {
      lines.push(formatFrameLine(header, frame, source.frameRate));
      for (let bone = 0; bone < header.boneCount; bone++) {
        const offset = keyframeOffset(header, frame, bone);
        const at = offset - plan.recordsStart;
        if (at + KEYFRAME_SIZE > records.length) return lines.join('\n') + '\n';
        lines.push(formatKeyframeLine(bone, offset, readRawKeyframe(records, at)));
      }
    }
  }
  return lines.join('\n') + '\n';
}

function headerLines(source: ListingSource, plan: ListingPlan): string[] {
  const { header, window } = plan;
  const shape = header
    ? `${header.boneCount} bones x ${header.frameCount} frames, ${source.size} bytes; ${formatSeconds(header.frameCount / source.frameRate)} at ${source.frameRate} fps`
    : `${source.size} bytes`;
  const windowText = window ? describeWindow(window) : 'none';
  const lines = [
    `# Keyframe listing of ${source.name} (read-only; hover a value to see its bytes)`,
    `# clip: ${shape}`,
    `# window: ${windowText}`,
    `# status: ${plan.status}`,
    columnTitles(),
  ];
  if (lines.length !== LISTING_HEADER_LINES) throw new Error('listing header must match LISTING_HEADER_LINES');
  return lines;
}

function describeWindow(window: ListingWindow): string {
  const frames = `frames ${window.firstFrame}-${window.firstFrame + window.frameCount - 1} of ${window.totalFrames}`;
  const windows = Math.ceil(window.totalFrames / window.windowFrames);
  if (windows === 1) return `${frames} (the whole clip)`;
  return `${frames} (window ${window.firstFrame / window.windowFrames + 1} of ${windows}, ${window.windowFrames} frames each)`;
}

const COLUMN_TITLES: Partial<Record<KeyframeColumnField, string>> = {
  bone: 'bone',
  offset: 'byte offset',
  rotation: 'rotation word',
  'quaternion.x': 'quaternion x, y, z, w (decoded)',
  'position.x': 'position x, y, z (f16)',
  'scale.x': 'scale x, y, z (f16)',
};

/** The column titles, each above the first character of its column's prefix text. */
function columnTitles(): string {
  let line = '#';
  let at = 0;
  for (const column of KEYFRAME_COLUMNS) {
    const title = COLUMN_TITLES[column.field];
    const textStart = at + column.prefix.search(/[^ )]/);
    if (title) line = line.padEnd(Math.max(textStart, line.length + 1)) + title;
    at += column.prefix.length + column.width;
  }
  return line;
}

export function formatFrameLine(header: ClipHeader, frame: number, frameRate: number): string {
  const start = keyframeOffset(header, frame, 0);
  const end = keyframeOffset(header, frame + 1, 0);
  return `frame ${frame}  t=${formatSeconds(frame / frameRate)}  bytes ${hexWord(start, 8)}-${hexWord(end, 8)}`;
}

function formatSeconds(seconds: number): string {
  return `${formatDecimals(seconds, 4)} s`;
}

/** One keyframe line; its columns are exactly KEYFRAME_COLUMNS. Problems follow after `!`. */
export function formatKeyframeLine(bone: number, offset: number, raw: RawKeyframe): string {
  const t = decodeRawKeyframe(raw);
  const values: Record<KeyframeColumnField, string> = {
    bone: String(bone),
    offset: hexWord(offset, 8),
    rotation: hexWord(raw.rotationWord, 8),
    'quaternion.x': formatDecimals(t.rotation[0], 6),
    'quaternion.y': formatDecimals(t.rotation[1], 6),
    'quaternion.z': formatDecimals(t.rotation[2], 6),
    'quaternion.w': formatDecimals(t.rotation[3], 6),
    'position.x': formatHalf(t.position[0]),
    'position.y': formatHalf(t.position[1]),
    'position.z': formatHalf(t.position[2]),
    'scale.x': formatHalf(t.scale[0]),
    'scale.y': formatHalf(t.scale[1]),
    'scale.z': formatHalf(t.scale[2]),
  };
  let line = '';
  for (const column of KEYFRAME_COLUMNS) line += column.prefix + values[column.field].padStart(column.width);
  line += KEYFRAME_LINE_SUFFIX;
  const problems = keyframeProblems(raw);
  return problems.length > 0 ? `${line}  ! ${problems.join(', ')}` : line;
}

function keyframeProblems(raw: RawKeyframe): string[] {
  const problems: string[] = [];
  if (isNonUnitRotation(raw.rotationWord)) problems.push('non-unit rotation');
  if ([...raw.positionBits, ...raw.scaleBits].some(isNonFiniteF16)) problems.push('non-finite value');
  if (raw.scaleBits.some(isZeroF16)) problems.push('zero scale');
  return problems;
}

