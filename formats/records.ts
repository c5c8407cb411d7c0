/** Decoded records of every binary format: the vocabulary shared by the core and its adapters. */

/** Quaternion as decoded (x, y, z, w), f32 values, not renormalised. */
export type Quaternion = [number, number, number, number];
export type Vec3 = [number, number, number];

/** One keyframe record of a clip, decoded exactly as the console does. */
export interface BoneTransform {
  rotation: Quaternion;
  position: Vec3;
  scale: Vec3;
}

/** The raw fields of a 16-byte keyframe record, before decoding. */
export interface RawKeyframe {
  /** The packed smallest-three word (u32). */
  rotationWord: number;
  /** f16 bit patterns: position x, y, z. */
  positionBits: [number, number, number];
  /** f16 bit patterns: scale x, y, z. */
  scaleBits: [number, number, number];
}

export interface ClipHeader {
  boneCount: number;
  flags: number;
  frameCount: number;
  /** 4 + frames * bones * 16. */
  expectedSize: number;
}

/**
 * 3x4 bone matrix `[R(q) * diag(s) | t]`, row-major: m[0..3] is row 0 (r00, r01, r02, tx),
 * m[4..7] row 1, m[8..11] row 2. f32 values (a Float32Array of 12).
 */
export type BoneMatrix = Float32Array;

export interface SkeletonHeader {
  boneCount: number;
  reserved: number;
  /** 8 + bones * 48. */
  expectedSize: number;
}

/**
 * Inverse bind matrix as stored: 12 f32, column-major 3x4 (c0.xyz, c1.xyz, c2.xyz, t.xyz).
 */
export type InverseBindMatrix = Float32Array;

export const MESH_FORMAT = {
  UV: 1,
  COLOR: 2,
  NORMAL: 4,
  SKINNED: 8,
  TANGENT: 16,
} as const;

export interface MeshHeader {
  vertexCount: number;
  indexCount: number;
  format: number;
  /** Bytes per vertex, from the format bits. */
  stride: number;
  /** 12 + vertices * stride + indices * 2. */
  expectedSize: number;
}

export interface MeshVertex {
  position: Vec3;
  uv?: [number, number];
  color?: [number, number, number, number];
  normal?: Vec3;
  tangent?: { direction: Vec3; handedness: 1 | -1 };
  boneIndices?: [number, number, number, number];
  /** unorm8 weights as 0..1, not renormalised. */
  boneWeights?: [number, number, number, number];
}

export type RomMagic = 'EWZ\0' | 'EWZX' | 'NCZX';

/** A one-screen summary of any supported file: what hover, `info` and the manifest rules need. */
export interface AssetSummary {
  path: string;
  kind: 'clip' | 'skeleton' | 'mesh' | 'rom';
  size: number;
  /** Clip: bones per frame; skeleton: bones; mesh: highest bone index + 1 when skinned. */
  boneCount?: number;
  frameCount?: number;
  vertexCount?: number;
  indexCount?: number;
  meshFormat?: number;
  romMagic?: RomMagic;
  errorCount: number;
  warningCount: number;
  /** The first error's message, for "asset has N errors, first: ..." summaries. */
  firstError?: { code: string; message: string };
}
