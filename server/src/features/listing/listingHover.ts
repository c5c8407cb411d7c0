/**
 * Hover on the keyframe listing: the hovered line and column map back to a byte offset through
 * the listing layout, and the core's `describeByte` says what is there (same facts as the hex
 * editor). Frame lines and record columns add the record's place and time at the frame rate.
 */
import { byteSourceOf, keyframeOffset, parseClipHeader, type ClipHeader, type FileAccess, type TextPosition, type TextRange } from '../../../../formats';
import { describeByteRange } from '../../../../formats/byteRangeText';
import { describeByte } from '../../../../formats/describe';
import { describeMarkdown, placeText, viewMarkdown } from '../../../../formats/describeText';
import { formatFixed } from '../../../../formats/numberText';
import type { ListingLocation } from '../../../../protocol/listing';
import { fileKindOf } from '../../../../formats/fileKinds';
import { mshLineMarkdown, mshListingOf, openMshFile } from '../../../../formats/msh';
import { keyframeColumnSpan, listingTargetAt, listingWindow, type ListingTarget } from '../../../../formats/listing/listingLayout';
import { readListingSource } from '../../../../formats/listing/keyframeListing';

export interface ListingHover {
  markdown: string;
  range?: TextRange;
}

function timeText(frame: number, frameRate: number): string {
  return `${formatFixed(frame / frameRate, 6)} s at ${frameRate} fps`;
}

function frameMarkdown(header: ClipHeader, frame: number, frameRate: number): string {
  const start = keyframeOffset(header, frame, 0);
  const end = keyframeOffset(header, frame + 1, 0);
  return viewMarkdown({
    title: `Frame ${frame} of ${header.frameCount}`,
    place: '',
    span: `${describeByteRange({ start, end })} (${end - start} bytes)`,
    rows: [
      { label: 'Records', value: `${header.boneCount} of 16 bytes (one per bone)` },
      { label: 'Time', value: `${timeText(frame, frameRate)}; each frame lasts ${formatFixed(1000 / frameRate, 4)} ms` },
    ],
    notes: [],
  });
}

function recordMarkdown(header: ClipHeader, frame: number, bone: number, frameRate: number): string {
  const start = keyframeOffset(header, frame, bone);
  return viewMarkdown({
    title: 'Keyframe record',
    place: placeText({ frame, bone }),
    span: `${describeByteRange({ start, end: start + 16 })} (16 bytes)`,
    rows: [
      { label: 'Layout', value: 'rotation u32 @+0, position x, y, z f16 @+4, +6, +8, scale x, y, z f16 @+10, +12, +14' },
      { label: 'Time', value: timeText(frame, frameRate) },
    ],
    notes: [],
  });
}

function lineRange(line: number, start: number, end: number): TextRange {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** An NRes listing line: the node, key or pose it shows (the same listing, rebuilt at its frame). */
async function modelListingHover(files: FileAccess, location: ListingLocation, path: string, line: number): Promise<ListingHover | undefined> {
  const stat = await files.stat(path);
  if (!stat || stat.isDirectory) return undefined;
  const source = byteSourceOf(files, path, stat.size);
  const { layout } = await openMshFile(source);
  const listing = await mshListingOf(source, layout, path.slice(path.lastIndexOf('/') + 1), location.firstFrame);
  const target = listing.lines[line];
  const markdown = target && (await mshLineMarkdown(source, layout, target));
  const length = listing.text.split('\n')[line]?.length ?? 0;
  return markdown ? { markdown, range: lineRange(line, 0, length) } : undefined;
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
  // As the listing request decided: by name, else by magic (an NRes file under any name).
  if ((await fileKindOf(files, clipPath))?.kind === 'msh') return modelListingHover(files, location, clipPath, line);
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
