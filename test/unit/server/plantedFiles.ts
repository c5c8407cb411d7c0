/**
 * Files with planted problems, shared by the server's integration test, the e2e workspace and
 * the LSP bench: clips written with the core's own encoder, then broken on purpose.
 */
import { CLIP_HEADER_SIZE, KEYFRAME_SIZE, encodeKeyframe, type BoneTransform } from '../../../formats/index';

export const IDENTITY: BoneTransform = { rotation: [0, 0, 0, 1], position: [0, 0, 0], scale: [1, 1, 1] };

/** A valid clip: `bones` x `frames` keyframes, each `keyframe(frame, bone)` (identity by default). */
export function clipBytes(bones: number, frames: number, keyframe: (frame: number, bone: number) => BoneTransform = () => IDENTITY): Uint8Array {
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + bones * frames * KEYFRAME_SIZE);
  bytes[0] = bones;
  bytes[1] = 0;
  bytes[2] = frames & 0xff;
  bytes[3] = frames >> 8;
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < bones; b++) encodeKeyframe(keyframe(f, b), bytes, CLIP_HEADER_SIZE + (f * bones + b) * KEYFRAME_SIZE);
  }
  return bytes;
}

export interface PlantedProblem {
  /** Workspace-relative path. */
  path: string;
  content: Uint8Array | string;
  /** The diagnostics expected for it: code, LSP severity (1 error .. 4 hint), byte range if binary. */
  expected: { code: string; severity: 1 | 2 | 3 | 4; byteRange?: { start: number; end: number } }[];
}

const ZERO_SCALE: BoneTransform = { rotation: [0, 0, 0, 1], position: [0, 0, 0], scale: [0, 1, 1] };

/** One planted file per problem class the server must report, binary files included. */
export function plantedProblems(): PlantedProblem[] {
  const truncated = clipBytes(3, 30).subarray(0, 1000);
  const trailing = new Uint8Array(clipBytes(2, 2).length + 5);
  trailing.set(clipBytes(2, 2));
  const flagged = clipBytes(1, 1);
  flagged[1] = 1;
  // Frame 1, bone 0 and frame 2, bone 1 have a zero scale x.
  const zeroScale = clipBytes(2, 3, (f, b) => ((f === 1 && b === 0) || (f === 2 && b === 1) ? ZERO_SCALE : IDENTITY));
  return [
    { path: 'planted/truncated.nczxanim', content: truncated, expected: [{ code: 'anim/truncated', severity: 1, byteRange: { start: 964, end: 1000 } }] },
    { path: 'planted/trailing.nczxanim', content: trailing, expected: [{ code: 'anim/trailing-bytes', severity: 2, byteRange: { start: 68, end: 73 } }] },
    { path: 'planted/flags.ewzanim', content: flagged, expected: [{ code: 'anim/flags', severity: 1, byteRange: { start: 1, end: 2 } }] },
    {
      path: 'planted/zero-scale.nczxanim',
      content: zeroScale,
      expected: [
        { code: 'anim/zero-scale', severity: 2, byteRange: { start: 4 + 2 * 16 + 10, end: 4 + 2 * 16 + 12 } },
        { code: 'anim/zero-scale', severity: 2, byteRange: { start: 4 + 5 * 16 + 10, end: 4 + 5 * 16 + 12 } },
      ],
    },
    { path: 'planted/bad.nczx', content: new TextEncoder().encode('PK\u0003\u0004 not a rom'), expected: [{ code: 'rom/bad-magic', severity: 1, byteRange: { start: 0, end: 4 } }] },
    {
      path: 'planted/nether.toml',
      content: '[game]\nid = "planted"\ntitle = "Planted"\n\n[[assets.animations]]\nid = "walk"\npath = \n',
      expected: [{ code: 'manifest/syntax', severity: 1 }],
    },
  ];
}
