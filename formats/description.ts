/**
 * The shape of a byte's description, shared by every describer (clips, skeletons, meshes and
 * ROMs in `describe.ts`, NRes and MSH in `msh/describe.ts`) and every surface that shows one:
 * plain JSON-safe data, one `DecodedValue` variant per kind of field.
 */
import type { ByteRange } from './diagnostics';
import type { AssetKind } from './fileKinds';
import type { MeshAttribute } from './mesh';
import type { Quaternion, Vec3 } from './records';
import type { EulerDegrees } from './rotationMath';

export type ByteFieldType =
  | 'header' | 'rotation' | 'position' | 'scale' | 'matrix' | 'vertex' | 'index' | 'magic' | 'body' | 'trailing'
  // NRes containers and MSH models (see formats/msh/fields.ts).
  | 'directory' | 'node' | 'time' | 'map' | 'name' | 'payload' | 'padding';

export interface ByteField {
  /** Stable id: 'rotation', 'position.x', 'header.boneCount', 'ibm.c0.x', 'vertex.position', 'index', 'body'... */
  name: string;
  /** For people: 'Rotation (smallest-three u32)'. */
  label: string;
  fieldType: ByteFieldType;
  /** The whole field, clipped to the file. */
  range: ByteRange;
}

/** A field plus the record it belongs to. */
export interface LocatedField extends ByteField {
  frame?: number;
  bone?: number;
  vertex?: number;
  /** Mesh index number (the n-th u16 index). */
  index?: number;
  /** Where the field would end: set when the file ends inside it (`range` is clipped). */
  wholeEnd?: number;
}

/** A JSON-safe number: NaN and infinities travel as these strings (LSP and webviews speak JSON). */
export type JsonNumber = number | 'NaN' | 'Infinity' | '-Infinity';
export type Axis3 = 'x' | 'y' | 'z';

/** A smallest-three rotation word. Decoded components are always finite (10-bit fields). */
export interface DecodedRotation {
  kind: 'rotation';
  word: number;
  quaternion: Quaternion;
  dropped: 'x' | 'y' | 'z' | 'w';
  /** The three stored 10-bit fields, high to low. */
  storedFields: [number, number, number];
  /** Sum of the squares of the three stored components (above 1: non-unit). */
  squareSum: number;
  nonUnit: boolean;
  axis: Vec3;
  angleDeg: number;
  euler: EulerDegrees;
  quantStep: number;
  maxAngleErrorDeg: number;
}

/** One f16 component of a keyframe's position or scale. */
export interface DecodedHalf {
  kind: 'half';
  component: 'position' | 'scale';
  axis: Axis3;
  bits: number;
  value: JsonNumber;
  /** Distance to the next representable f16 at this magnitude. */
  spacing: JsonNumber;
}

/** One f32 cell of a skeleton's inverse bind matrix (stored column-major). */
export interface DecodedMatrixCell {
  kind: 'matrixCell';
  column: 'c0' | 'c1' | 'c2' | 't';
  axis: Axis3;
  value: JsonNumber;
  /** The whole matrix, column-major (c0, c1, c2, t), when all 48 bytes are present. */
  matrix?: JsonNumber[];
  determinant?: JsonNumber;
}

export type DecodedHeader =
  | { kind: 'header'; field: 'boneCount'; value: number; unit: 'frame' | 'skeleton'; limit: number }
  | { kind: 'header'; field: 'flags'; value: number }
  | { kind: 'header'; field: 'frameCount'; value: number; frameRate: number; durationSeconds: number; expectedSize?: number }
  | { kind: 'header'; field: 'reserved'; value: number }
  | { kind: 'header'; field: 'vertexCount' | 'indexCount'; value: number }
  | { kind: 'header'; field: 'format'; value: number; flags: string[] }
  | { kind: 'header'; field: 'padding'; value: number }
  | { kind: 'header'; field: 'legacy'; boneCount: number; frameCount: number; frameRate: JsonNumber; flags: number };

export type DecodedVertex =
  | { kind: 'vertex'; attribute: Exclude<MeshAttribute, 'tangent'>; values: JsonNumber[] }
  | { kind: 'vertex'; attribute: 'tangent'; direction: JsonNumber[]; handedness: 1 | -1 };

export interface DecodedIndex {
  kind: 'index';
  /** Which index this is (the n-th u16). */
  index: number;
  vertex: number;
  vertexCount: number;
}

export interface DecodedMagic {
  kind: 'magic';
  magic: string;
  era: 'Nethercore ZX' | 'Emberware ZX' | 'Emberware Z' | 'unknown';
}

/**
 * A byte with no structure of its own: unreadable header (`body`), beyond the expected size
 * (`trailing`), an NRes entry's payload that is not interpreted, or bytes no entry points at.
 */
export interface DecodedRegion {
  kind: 'region';
  region: 'body' | 'trailing' | 'payload' | 'padding';
  value: number;
}

/** A typed field of an NRes container or an MSH model: header, directory entry, node, name. */
export interface DecodedMshField {
  kind: 'mshField';
  valueType: 'u16' | 'i16' | 'u32' | 'i32' | 'f32' | 'ascii';
  value: JsonNumber | string;
  /** What the value means in this file: 'root', 'Res8 (key pool)', 'keys 0..5 (6 keys)'. */
  meaning?: string;
}

/** Any byte of a 24-byte Res8 key: the whole key, decoded as the runtime reads it. */
export interface DecodedMshKey {
  kind: 'mshKey';
  key: number;
  position: JsonNumber[];
  time: JsonNumber;
  /** Stored i16 x, y, z, w (file order). */
  stored: number[];
  /** Decoded w, x, y, z (s / 32767, f32), never normalised by the runtime. */
  quaternion: JsonNumber[];
  norm: JsonNumber;
  axis: JsonNumber[];
  angleDeg: JsonNumber;
}

/** A u16 word of Res19: the key a node's frame starts from. */
export interface DecodedMshMapWord {
  kind: 'mshMapWord';
  value: number;
  /** 'key': keys value and value + 1 are interpolated; 'fallback': the node's fallback key is used; 'unowned': no node's block holds the word. */
  meaning: 'key' | 'fallback' | 'unowned';
  /** The owning node's fallback key. */
  fallback?: number;
}

/** The field runs past the end of the file. */
export interface DecodedTruncated {
  kind: 'truncated';
  present: number;
  needed: number;
}

/** What a byte's field means: one variant per field kind, switched on `kind`. */
export type DecodedValue =
  | DecodedRotation
  | DecodedHalf
  | DecodedMatrixCell
  | DecodedHeader
  | DecodedVertex
  | DecodedIndex
  | DecodedMagic
  | DecodedRegion
  | DecodedTruncated
  | DecodedMshField
  | DecodedMshKey
  | DecodedMshMapWord;

export interface ByteDescription {
  offset: number;
  kind: AssetKind;
  field: ByteField;
  frame?: number;
  bone?: number;
  vertex?: number;
  /** MSH: the model (archives), directory entry, node, key and map word the byte belongs to. */
  model?: string;
  entry?: number;
  node?: number;
  key?: number;
  word?: number;
  raw: { hex: string; value: JsonNumber | string };
  decoded: DecodedValue;
  /** Findings about this value (not finite, non-unit, out of range...), as sentences. */
  notes: string[];
}


/** JSON-safe number: NaN and infinities as the strings "NaN", "Infinity", "-Infinity". */
export function jsonNumber(value: number): JsonNumber {
  return Number.isFinite(value) ? value : (String(value) as JsonNumber);
}

/** A JsonNumber back as a number (NaN and infinities included). */
export function fromJsonNumber(value: JsonNumber): number {
  return typeof value === 'number' ? value : Number(value);
}

