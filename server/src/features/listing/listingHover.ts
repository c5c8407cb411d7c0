/**
 * Hover on the keyframe listing: the hovered line and column map back to a byte offset through
 * the listing layout, and the core's `describeByte` says what is there (same facts as the hex
 * editor). Frame lines and record columns add the record's place and time at the frame rate.
 */
import { byteSourceOf, hexWord, keyframeOffset, parseClipHeader, type ClipHeader, type FileAccess, type TextPosition, type TextRange } from '../../../../formats';
import { describeByte } from '../../../../formats/describe';
import type { ListingLocation } from '../../../../protocol/listing';
import { describeMarkdown, formatNumber } from '../describe/describeMarkdown';
import { keyframeColumnSpan, listingTargetAt, listingWindow, type ListingTarget } from '../../../../formats/listing/listingLayout';
import { readListingSource } from '../../../../formats/listing/keyframeListing';

export interface ListingHover {
  markdown: string;
  range?: TextRange;
}

function timeText(frame: number, frameRate: number): string {
  return `${formatNumber(Number((frame / frameRate).toFixed(6)))} s at ${frameRate} fps`;
}

function frameMarkdown(header: ClipHeader, frame: number, frameRate: number): string {
  const start = keyframeOffset(header, frame, 0);
  const end = keyframeOffset(header, frame + 1, 0);
  return [
    `**Frame ${frame}** of ${header.frameCount}`,
    '',
    `- Bytes ${hexWord(start, 8)}..${hexWord(end - 1, 8)} (${start}..${end - 1}): ${header.boneCount} records of 16 bytes`,
    `- Time ${timeText(frame, frameRate)}; each frame lasts ${formatNumber(Number((1000 / frameRate).toFixed(4)))} ms`,
  ].join('\n');
}

function recordMarkdown(header: ClipHeader, frame: number, bone: number, frameRate: number): string {
  const start = keyframeOffset(header, frame, bone);
  return [
    `**Keyframe record**: frame ${frame}, bone ${bone}`,
    '',
    `- Bytes ${hexWord(start, 8)}..${hexWord(start + 15, 8)} (${start}..${start + 15})`,
    `- Layout: rotation u32 @+0, position x, y, z f16 @+4, +6, +8, scale x, y, z f16 @+10, +12, +14`,
    `- Time ${timeText(frame, frameRate)}`,
  ].join('\n');
}

function lineRange(line: number, start: number, end: number): TextRange {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** Hover for a position in a listing document; undefined where there is nothing to say. */
export async function listingHover(
  files: FileAccess,
  location: ListingLocation,
  clipPath: string,
  position: TextPosition,
  frameRate: number,
): Promise<ListingHover | undefined> {
  const { line, character } = position;
  const source = await readListingSource(files, clipPath, frameRate);
  const header = source && parseClipHeader(source.first16);
  if (!source || !header) return undefined;
  const window = listingWindow(header.boneCount, header.frameCount, location.firstFrame);
  const target: ListingTarget | undefined = listingTargetAt(window, line, character);
  if (!target) return undefined;
  const bytes = byteSourceOf(files, clipPath, source.size);
  const describe = async (offset: number) => {
    const description = await describeByte('clip', bytes, offset, { frameRate });
    return description ? describeMarkdown(description) : undefined;
  };
  switch (target.kind) {
    case 'clipHeader': {
      const parts = await Promise.all([0, 1, 2].map(describe));
      return { markdown: parts.filter((p): p is string => p !== undefined).join('\n\n---\n\n') };
    }
    case 'frame':
      return { markdown: frameMarkdown(header, target.frame, frameRate) };
    case 'keyframe': {
      const span = keyframeColumnSpan(target.column.field);
      const range = lineRange(line, span.start, span.end);
      if (target.column.field === 'bone' || target.column.field === 'offset') {
        return { markdown: recordMarkdown(header, target.frame, target.bone, frameRate), range };
      }
      const markdown = await describe(keyframeOffset(header, target.frame, target.bone) + target.column.recordOffset);
      return markdown ? { markdown, range } : undefined;
    }
  }
}
