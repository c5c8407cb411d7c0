/**
 * `ewzanim/describeByte`: the language server describes the byte at an offset of a binary file
 * (field, range, raw and decoded values), so the keyframe listing's hover, the hex editor's
 * tooltip and its inspector all say the same thing.
 *
 * These are the request's own types: plain JSON, written field by field from the core's
 * description by `protocol/convert/describeByte.ts` (the only place that reads the core's type),
 * so a refactor of `formats/` cannot change what clients receive. Pinned by
 * `test/fixtures/wire/describeByte.json`.
 */
export const DESCRIBE_BYTE_REQUEST = 'ewzanim/describeByte';

export interface DescribeByteParams {
  /** The file's URI as a string. */
  uri: string;
  /** Byte offset in the file (0-based). */
  offset: number;
  /**
   * Unsaved bytes the asking editor holds for the region around `offset` (base64), so the
   * description follows edits that are not on disk yet.
   */
  overlay?: { offset: number; base64: string };
}

/** Null when the file is not a binary asset or `offset` lies outside it. */
export type DescribeByteResult = WireByteDescription | null;

/** A number that may be NaN or infinite: those travel as the strings "NaN", "Infinity", "-Infinity". */
export type WireNumber = number | 'NaN' | 'Infinity' | '-Infinity';

/** Bytes `[start, end)` of a file: `start` is the first byte, `end` the one after the last. */
export interface WireByteRange {
  start: number;
  end: number;
}

/** The kinds of binary file a byte can be described in. */
export type WireAssetKind = 'clip' | 'skeleton' | 'mesh' | 'rom' | 'msh';

/** The family of a field: what colours the hex editor gives it. */
export type WireFieldType =
  | 'header' | 'rotation' | 'position' | 'scale' | 'matrix' | 'vertex' | 'index' | 'magic' | 'body' | 'trailing'
  | 'directory' | 'node' | 'time' | 'map' | 'name' | 'payload' | 'padding';

export interface WireByteField {
  /** Stable id: 'rotation', 'position.x', 'header.boneCount', 'ibm.c0.x', 'vertex.position', 'index', 'body'… */
  name: string;
  /** For people: 'Rotation (smallest-three u32)'. */
  label: string;
  fieldType: WireFieldType;
  /** The whole field, clipped to the file. */
  range: WireByteRange;
}

export interface WireByteDescription {
  /** The described byte's offset (as asked). */
  offset: number;
  /** What the file is. */
  kind: WireAssetKind;
  /** The field that holds the byte. */
  field: WireByteField;
  /** Clips: the keyframe's frame. */
  frame?: number;
  /** Clips: the keyframe's bone; skeletons: the matrix's bone. */
  bone?: number;
  /** Meshes: the vertex. */
  vertex?: number;
  /** NRes files: the model's name (archives: its entry's name; a loose model: 'model'). */
  model?: string;
  /** NRes files: the directory entry. */
  entry?: number;
  /** MSH models: the node (Res1), key (Res8) and map word (Res19) the byte belongs to. */
  node?: number;
  key?: number;
  word?: number;
  /** The field's bytes in hex ('0a 00 00 00') and their value as stored (number or text). */
  raw: { hex: string; value: WireNumber | string };
  /** What the field means, switched on `kind`. */
  decoded: WireDecodedValue;
  /** Findings about this value (not finite, non-unit, out of range…), as sentences. */
  notes: string[];
}

/** A smallest-three rotation word (clip keyframes). */
export interface WireDecodedRotation {
  kind: 'rotation';
  /** The u32 as stored. */
  word: number;
  /** Decoded x, y, z, w (always finite). */
  quaternion: [number, number, number, number];
  /** The component the encoding leaves out (recomputed as the positive root). */
  dropped: 'x' | 'y' | 'z' | 'w';
  /** The three stored 10-bit fields, high to low. */
  storedFields: [number, number, number];
  /** Sum of the squares of the three stored components (above 1: non-unit). */
  squareSum: number;
  nonUnit: boolean;
  /** Rotation axis (unit vector) and angle in degrees. */
  axis: [number, number, number];
  angleDeg: number;
  /** Euler angles in degrees, XYZ order. */
  euler: { x: number; y: number; z: number; order: 'XYZ' };
  /** The quantisation step of a stored component. */
  quantStep: number;
  /** The largest angle error the quantisation allows, in degrees. */
  maxAngleErrorDeg: number;
}

/** One f16 component of a keyframe's position or scale. */
export interface WireDecodedHalf {
  kind: 'half';
  component: 'position' | 'scale';
  axis: 'x' | 'y' | 'z';
  /** The 16 bits as stored. */
  bits: number;
  value: WireNumber;
  /** Distance to the next representable f16 at this magnitude. */
  spacing: WireNumber;
}

/** One f32 cell of a skeleton's inverse bind matrix (stored column-major). */
export interface WireDecodedMatrixCell {
  kind: 'matrixCell';
  column: 'c0' | 'c1' | 'c2' | 't';
  axis: 'x' | 'y' | 'z';
  value: WireNumber;
  /** The whole matrix, column-major (c0, c1, c2, t), when all 48 bytes are present. */
  matrix?: WireNumber[];
  /** Determinant of the 3x3 part, with `matrix`. */
  determinant?: WireNumber;
}

/** A header field of a clip, skeleton or mesh, switched on `field`. */
export type WireDecodedHeader =
  /** `unit`: what the count is of; `limit`: the most bones the console takes. */
  | { kind: 'header'; field: 'boneCount'; value: number; unit: 'frame' | 'skeleton'; limit: number }
  | { kind: 'header'; field: 'flags'; value: number }
  /** `frameRate`: the setting `ewzanim.frameRate`; `expectedSize`: the file size the header promises. */
  | { kind: 'header'; field: 'frameCount'; value: number; frameRate: number; durationSeconds: number; expectedSize?: number }
  | { kind: 'header'; field: 'reserved'; value: number }
  | { kind: 'header'; field: 'vertexCount' | 'indexCount'; value: number }
  /** `flags`: the names of the mesh format's attribute bits that are set. */
  | { kind: 'header'; field: 'format'; value: number; flags: string[] }
  | { kind: 'header'; field: 'padding'; value: number }
  /** A clip in the two-day-old layout (16-byte header, f32 frame rate). */
  | { kind: 'header'; field: 'legacy'; boneCount: number; frameCount: number; frameRate: WireNumber; flags: number };

/** A mesh vertex attribute: its components, or a tangent's direction and handedness. */
export type WireDecodedVertex =
  | { kind: 'vertex'; attribute: 'position' | 'uv' | 'color' | 'normal' | 'boneIndices' | 'boneWeights'; values: WireNumber[] }
  | { kind: 'vertex'; attribute: 'tangent'; direction: WireNumber[]; handedness: 1 | -1 };

/** A mesh's u16 index. */
export interface WireDecodedIndex {
  kind: 'index';
  /** Which index this is (the n-th u16). */
  index: number;
  /** The vertex it points at, and how many the mesh has. */
  vertex: number;
  vertexCount: number;
}

/** A ROM's 4-byte magic and the era it names. */
export interface WireDecodedMagic {
  kind: 'magic';
  magic: string;
  era: 'Nethercore ZX' | 'Emberware ZX' | 'Emberware Z' | 'unknown';
}

/** A byte with no structure of its own, and its value. */
export interface WireDecodedRegion {
  kind: 'region';
  region: 'body' | 'trailing' | 'payload' | 'padding';
  value: number;
}

/** The field runs past the end of the file: bytes present and bytes needed. */
export interface WireDecodedTruncated {
  kind: 'truncated';
  present: number;
  needed: number;
}

/** A typed field of an NRes container or an MSH model. */
export interface WireDecodedMshField {
  kind: 'mshField';
  valueType: 'u16' | 'i16' | 'u32' | 'i32' | 'f32' | 'ascii';
  value: WireNumber | string;
  /** What the value means in this file: 'root', 'Res8 (key pool)', 'keys 0..5 (6 keys)'. */
  meaning?: string;
}

/** Any byte of a 24-byte Res8 key: the whole key, decoded as the runtime reads it. */
export interface WireDecodedMshKey {
  kind: 'mshKey';
  /** The key's index in Res8. */
  key: number;
  /** x, y, z (f32). */
  position: WireNumber[];
  time: WireNumber;
  /** Stored i16 x, y, z, w (file order). */
  stored: number[];
  /** Decoded w, x, y, z (s / 32767), never normalised by the runtime. */
  quaternion: WireNumber[];
  norm: WireNumber;
  axis: WireNumber[];
  angleDeg: WireNumber;
}

/** A u16 word of Res19: the key a node's frame starts from. */
export interface WireDecodedMshMapWord {
  kind: 'mshMapWord';
  value: number;
  /** 'key': keys value and value + 1 are interpolated; 'fallback': the node's fallback key is used; 'unowned': no node's block holds the word. */
  meaning: 'key' | 'fallback' | 'unowned';
  /** The owning node's fallback key. */
  fallback?: number;
}

/** What a byte's field means: one variant per kind of field, switched on `kind`. */
export type WireDecodedValue =
  | WireDecodedRotation
  | WireDecodedHalf
  | WireDecodedMatrixCell
  | WireDecodedHeader
  | WireDecodedVertex
  | WireDecodedIndex
  | WireDecodedMagic
  | WireDecodedRegion
  | WireDecodedTruncated
  | WireDecodedMshField
  | WireDecodedMshKey
  | WireDecodedMshMapWord;
