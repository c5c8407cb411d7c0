/** `ewzanim dump` of a clip: every selected keyframe, exact f32 values, read a block at a time. */
import { CLIP_HEADER_SIZE, KEYFRAME_SIZE, completeRecordCount, decodeRawKeyframe, hexWord, keyframeOffset, parseClipHeader, readRawKeyframe, recordsByteLength } from '../formats/index';
import type { ByteSource } from '../formats/fileAccess';
import type { ClipHeader } from '../formats/records';
import type { IndexRange } from './args';
import { clampRange, RECORDS_PER_BLOCK, type DumpHeader, type DumpSection, type PrintedRow } from './dumpOutput';
import { f32Text } from '../formats/numberText';
import { f32, f32List } from './jsonText';
import type { TextColumn } from './textTable';

export interface ClipDumpRanges {
  frames?: IndexRange;
  bones?: IndexRange;
}

function keyframeRow(bytes: Uint8Array, at: number, frame: number, bone: number, offset: number): PrintedRow {
  const raw = readRawKeyframe(bytes, at);
  const t = decodeRawKeyframe(raw);
  const hex = hexWord(raw.rotationWord, 8);
  return {
    cells: [String(frame), String(bone), String(offset), hex, ...t.rotation.map(f32Text), ...t.position.map(f32Text), ...t.scale.map(f32Text)],
    json: [
      {
        frame,
        bone,
        offset,
        rotation: { packed: raw.rotationWord, hex, x: f32(t.rotation[0]), y: f32(t.rotation[1]), z: f32(t.rotation[2]), w: f32(t.rotation[3]) },
        position: f32List(t.position),
        scale: f32List(t.scale),
      },
    ],
  };
}

/** Keyframes of the selected frames and bones that the file really holds, frame-major. */
async function* keyframeBlocks(source: ByteSource, header: ClipHeader, ranges: ClipDumpRanges): AsyncIterable<PrintedRow[]> {
  const frames = clampRange(ranges.frames, header.frameCount);
  const bones = clampRange(ranges.bones, header.boneCount);
  if (bones.start === bones.end) return;
  const framesPerBlock = Math.max(1, Math.floor(RECORDS_PER_BLOCK / header.boneCount));
  for (let first = frames.start; first < frames.end; first += framesPerBlock) {
    const last = Math.min(frames.end, first + framesPerBlock);
    const start = keyframeOffset(header, first, 0);
    const bytes = await source.read(start, recordsByteLength((last - first) * header.boneCount));
    const rows: PrintedRow[] = [];
    for (let frame = first; frame < last; frame++) {
      for (let bone = bones.start; bone < bones.end; bone++) {
        const offset = keyframeOffset(header, frame, bone);
        // A truncated file: stop at the last complete record (`check` reports anim/truncated).
        if (offset - start + KEYFRAME_SIZE > bytes.length) {
          yield rows;
          return;
        }
        rows.push(keyframeRow(bytes, offset - start, frame, bone, offset));
      }
    }
    yield rows;
  }
}

const KEYFRAME_COLUMNS: readonly TextColumn[] = [
  { title: 'frame', align: 'right' },
  { title: 'bone', align: 'right' },
  { title: 'offset', align: 'right' },
  { title: 'rotation', align: 'left' },
  ...['qx', 'qy', 'qz', 'qw', 'px', 'py', 'pz', 'sx', 'sy', 'sz'].map((title): TextColumn => ({ title, align: 'right' })),
];

/** Undefined when the file is too short to hold a clip header. */
export async function clipDump(source: ByteSource, ranges: ClipDumpRanges): Promise<{ header: DumpHeader; sections: DumpSection[] } | undefined> {
  const header = parseClipHeader(await source.read(0, CLIP_HEADER_SIZE));
  if (!header) return undefined;
  const complete = completeRecordCount(source.size);
  const shortNote = source.size < header.expectedSize ? ` (truncated: only ${complete} complete records)` : '';
  return {
    header: {
      title: `clip: ${header.boneCount} bones x ${header.frameCount} frames, flags ${header.flags}, ${source.size} bytes${shortNote}`,
      members: { kind: 'clip', boneCount: header.boneCount, frameCount: header.frameCount, flags: header.flags },
    },
    sections: [{ key: 'keyframes', columns: KEYFRAME_COLUMNS, blocks: keyframeBlocks(source, header, ranges) }],
  };
}
