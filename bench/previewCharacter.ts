/**
 * A synthetic skinned character for the preview's benches (SwiftShader fps, H200 throughput):
 * a chain of `bones` tube segments (rings x sides vertices each, two influences per vertex),
 * a skeleton whose inverse binds undo each bone's rest offset, and a clip of model-space
 * keyframes (a wave running up the chain), written by the core's encoder.
 */
import { encodeKeyframe, f32ToF16, type Quaternion } from '../formats/index';

export interface Character {
  mesh: Uint8Array;
  skeleton: Uint8Array;
  clip: Uint8Array;
  vertexCount: number;
  bones: number;
}

const SEGMENT = 0.25;
const RADIUS = 0.08;
/** NORMAL | SKINNED: position f16x4, normal u32, joints u8x4, weights unorm8x4 = 20 bytes. */
const FORMAT = 12;
const STRIDE = 20;

export function makeCharacter(bones = 40, frames = 60, rings = 4, sides = 8): Character {
  const vertexCount = bones * rings * sides;
  const triangles = bones * rings * sides * 2;
  const mesh = new Uint8Array(12 + vertexCount * STRIDE + triangles * 3 * 2);
  const view = new DataView(mesh.buffer);
  view.setUint32(0, vertexCount, true);
  view.setUint32(4, triangles * 3, true);
  view.setUint8(8, FORMAT);
  let v = 0;
  for (let b = 0; b < bones; b++) {
    for (let r = 0; r < rings; r++) {
      const along = r / rings;
      for (let s = 0; s < sides; s++) {
        const angle = (2 * Math.PI * s) / sides;
        const o = 12 + v * STRIDE;
        view.setUint16(o, f32ToF16(RADIUS * Math.cos(angle)), true);
        view.setUint16(o + 2, f32ToF16((b + along) * SEGMENT), true);
        view.setUint16(o + 4, f32ToF16(RADIUS * Math.sin(angle)), true);
        view.setUint16(o + 6, f32ToF16(1), true);
        view.setUint32(o + 8, 0, true);
        const w0 = Math.round(255 * (1 - 0.5 * along));
        mesh.set([b, Math.min(bones - 1, b + 1), 0, 0, w0, 255 - w0, 0, 0], o + 12);
        v++;
      }
    }
  }
  // Quads between consecutive rings (the last ring of the chain is left open).
  let i = 12 + vertexCount * STRIDE;
  const ringsTotal = bones * rings;
  for (let ring = 0; ring < ringsTotal; ring++) {
    for (let s = 0; s < sides; s++) {
      const next = Math.min(ringsTotal - 1, ring + 1);
      const a = ring * sides + s, b = ring * sides + ((s + 1) % sides), c = next * sides + s, d = next * sides + ((s + 1) % sides);
      for (const index of [a, b, c, b, d, c]) { view.setUint16(i, index, true); i += 2; }
    }
  }

  const skeleton = new Uint8Array(8 + bones * 48);
  const sv = new DataView(skeleton.buffer);
  sv.setUint32(0, bones, true);
  for (let b = 0; b < bones; b++) {
    // Identity rotation, translation (0, -b * SEGMENT, 0): column-major c0, c1, c2, t.
    [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -b * SEGMENT, 0].forEach((x, k) => sv.setFloat32(8 + b * 48 + k * 4, x, true));
  }

  const clip = new Uint8Array(4 + bones * frames * 16);
  clip[0] = bones;
  clip[2] = frames & 0xff;
  clip[3] = frames >>> 8;
  for (let f = 0; f < frames; f++) {
    let angle = 0;
    let x = 0;
    let y = 0;
    for (let b = 0; b < bones; b++) {
      // Model space: each bone's rotation is its parent's plus a local bend about z.
      angle += 0.12 * Math.sin((2 * Math.PI * f) / frames + b * 0.35);
      const rotation: Quaternion = [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
      encodeKeyframe({ rotation, position: [x, y, 0], scale: [1, 1, 1] }, clip, 4 + (f * bones + b) * 16);
      x -= Math.sin(angle) * SEGMENT;
      y += Math.cos(angle) * SEGMENT;
    }
  }
  return { mesh, skeleton, clip, vertexCount, bones };
}
