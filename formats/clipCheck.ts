/** Constant-time structural checks of a clip from its first 16 bytes and its size. */
import { CLIP_HEADER_SIZE, completeRecordCount, detectLegacyClip, keyframeOffset, parseClipHeader } from './clip';
import { binaryDiagnostic } from './diagnosticCodes';
import type { FormatDiagnostic } from './diagnostics';
import type { ClipHeader } from './records';

export interface ClipStructure {
  diagnostics: FormatDiagnostic[];
  /** Set when the 4-byte header exists (even with bad counts). */
  header?: ClipHeader;
  /** True when the records can be linted (non-zero counts, not the legacy layout). */
  recordsReadable: boolean;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function checkClipStructure(first16: Uint8Array, size: number): ClipStructure {
  if (size < CLIP_HEADER_SIZE) {
    return {
      diagnostics: [
        binaryDiagnostic(
          'anim/too-short',
          { start: 0, end: size },
          `Clip is ${plural(size, 'byte')} but its header alone needs 4 (u8 bones, u8 flags, u16 frames). Re-export the clip.`,
        ),
      ],
      recordsReadable: false,
    };
  }
  const legacy = detectLegacyClip(first16, size);
  const header = parseClipHeader(first16) as ClipHeader;
  if (legacy) {
    return {
      header,
      recordsReadable: false,
      diagnostics: [
        binaryDiagnostic(
          'anim/legacy-layout',
          { start: 0, end: 16 },
          `This clip uses the old layout that existed for two days (16-byte header: ${plural(legacy.boneCount, 'bone')} x ` +
            `${plural(legacy.frameCount, 'frame')} at ${legacy.frameRate} fps, then 48-byte 3x4 matrices; ` +
            `16 + ${legacy.boneCount} x ${legacy.frameCount} x 48 = ${size} bytes). The console reads it as ` +
            `${header.boneCount} bones x ${header.frameCount} frames. Re-export it with the current exporter ` +
            '(4-byte header, 16-byte compressed keyframes).',
          { boneCount: legacy.boneCount, frameCount: legacy.frameCount, frameRate: legacy.frameRate },
        ),
      ],
    };
  }
  const diagnostics: FormatDiagnostic[] = [];
  if (header.boneCount === 0) {
    diagnostics.push(
      binaryDiagnostic('anim/zero-bones', { start: 0, end: 1 }, 'Clip header says 0 bones (byte 0); expected 1..255. Re-export the clip from a skinned model.'),
    );
  }
  if (header.frameCount === 0) {
    diagnostics.push(
      binaryDiagnostic('anim/zero-frames', { start: 2, end: 4 }, 'Clip header says 0 frames (bytes 2-3, u16 LE); expected 1..65535. Re-export the clip with at least one keyframe.'),
    );
  }
  if (header.flags !== 0) {
    diagnostics.push(
      binaryDiagnostic(
        'anim/flags',
        { start: 1, end: 2 },
        `Clip flags byte is ${header.flags} (0x${header.flags.toString(16).toUpperCase().padStart(2, '0')}); expected 0, the only value the console accepts. Set byte 1 to 00 or re-export the clip.`,
        { flags: header.flags },
      ),
    );
  }
  const counts = `${plural(header.boneCount, 'bone')} x ${plural(header.frameCount, 'frame')}`;
  if (size < header.expectedSize) {
    const firstIncompleteFrame = header.boneCount > 0 ? Math.floor(completeRecordCount(size) / header.boneCount) : 0;
    const start = Math.min(size, keyframeOffset(header, firstIncompleteFrame, 0));
    diagnostics.push(
      binaryDiagnostic(
        'anim/truncated',
        { start, end: size },
        `Clip is ${size} bytes but its header (${counts}) needs ${header.expectedSize}: ` +
          `${header.expectedSize - size} bytes missing (frame ${firstIncompleteFrame} onwards incomplete). Re-export the clip.`,
        { expectedSize: header.expectedSize, firstIncompleteFrame },
      ),
    );
  } else if (size > header.expectedSize) {
    diagnostics.push(
      binaryDiagnostic(
        'anim/trailing-bytes',
        { start: header.expectedSize, end: size },
        `Clip is ${size} bytes but its header (${counts}) needs ${header.expectedSize}: ${size - header.expectedSize} trailing bytes. ` +
          'The packer silently drops them and the data pack refuses them; truncate the file or fix the header counts.',
        { expectedSize: header.expectedSize },
      ),
    );
  }
  return { diagnostics, header, recordsReadable: header.boneCount > 0 && header.frameCount > 0 };
}
