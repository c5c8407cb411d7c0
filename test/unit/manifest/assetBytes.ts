/** Small valid (or deliberately broken) native assets for crafted manifest tests. */
import { writeU16LE, writeU32LE } from '../../../formats/bytes';
import { encodeKeyframe } from '../../../formats/clip';
import { MESH_FORMAT } from '../../../formats/records';

/** A clip of `bones` x `frames` keyframes turning about z (exact size unless `truncateBy`). */
export function clipBytes(bones: number, frames = 2, truncateBy = 0): Uint8Array {
  const out = new Uint8Array(4 + bones * frames * 16);
  out[0] = bones;
  writeU16LE(out, 2, frames);
  // Every bone turns 2 degrees a frame about z: a clip that moves, as a real one does (a still
  // one would be the motion rules' anim/static-clip).
  for (let r = 0; r < bones * frames; r++) {
    const half = (Math.floor(r / bones) * Math.PI) / 180;
    encodeKeyframe({ rotation: [0, 0, Math.sin(half), Math.cos(half)], position: [0, 0, 0], scale: [1, 1, 1] }, out, 4 + r * 16);
  }
  return out.subarray(0, out.length - truncateBy);
}

/** A skeleton of `bones` identity inverse bind matrices. */
export function skeletonBytes(bones: number): Uint8Array {
  const out = new Uint8Array(8 + bones * 48);
  writeU32LE(out, 0, bones);
  const floats = new DataView(out.buffer);
  for (let b = 0; b < bones; b++) {
    [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0].forEach((v, i) => floats.setFloat32(8 + b * 48 + i * 4, v, true));
  }
  return out;
}

/** A skinned, unindexed mesh of 3 vertices whose highest bone index is `maxBone`. */
export function skinnedMeshBytes(maxBone: number): Uint8Array {
  const stride = 16;
  const out = new Uint8Array(12 + 3 * stride);
  writeU32LE(out, 0, 3);
  out[8] = MESH_FORMAT.SKINNED;
  for (let v = 0; v < 3; v++) {
    const at = 12 + v * stride;
    writeU16LE(out, at + 6, 0x3c00); // w = 1.0
    out[at + 8] = v === 2 ? maxBone : 0; // bone indices
    out[at + 12] = 255; // first weight 1.0
  }
  return out;
}

export const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const WAV_HEAD = new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WAVEfmt ');
