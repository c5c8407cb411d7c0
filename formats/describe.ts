/**
 * What every byte of a binary file is: the field map the hex editor colours rows with
 * (`fieldAt`, `fieldsOfRow`, synchronous, from the first 16 bytes and the size) and the full
 * description the language server, the hex editor's tooltip/inspector and the keyframe
 * listing's hover all show (`describeByte`), so they say the same thing.
 */
import { hexBytes, hexWord, readF32LE, readU16LE, readU32LE } from './bytes';
import { CLIP_HEADER_SIZE, KEYFRAME_FIELDS, KEYFRAME_SIZE, detectLegacyClip, parseClipHeader } from './clip';
import type { ByteRange } from './diagnostics';
import { f16Spacing, f16ToF32 } from './f16';
import type { ByteSource } from './fileAccess';
import type { AssetKind } from './fileKinds';
import { MESH_HEADER_SIZE, decodeVertex, parseMeshHeader, vertexAttributeLayout } from './mesh';
import type { MeshHeader } from './records';
import { readRomMagic, printableMagic } from './rom';
import { ROTATION_MAX_ANGLE_ERROR_RAD, ROTATION_QUANT_STEP, decodeRotation, isNonUnitRotation, rotationSquareSum } from './rotation';
import { axisAngle, eulerDegrees } from './rotationMath';
import { clipDurationSeconds } from './summary';
import { INVERSE_BIND_FIELD_NAMES, INVERSE_BIND_SIZE, MAX_SKELETON_BONES, SKELETON_HEADER_SIZE, inverseBindDeterminant, parseSkeletonHeader, readInverseBind } from './skeleton';

export type ByteFieldType = 'header' | 'rotation' | 'position' | 'scale' | 'matrix' | 'vertex' | 'index' | 'magic' | 'body' | 'trailing';

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
}

export interface ByteDescription {
  offset: number;
  kind: AssetKind;
  field: ByteField;
  frame?: number;
  bone?: number;
  vertex?: number;
  raw: { hex: string; value: number | string };
  decoded: Record<string, number | string | number[]>;
  notes: string[];
}

/** The first (up to) 16 bytes of a file and its size: all the field map needs. */
export interface FileHead {
  first16: Uint8Array;
  size: number;
}

const KEYFRAME_LABELS: Record<string, string> = {
  rotation: 'Rotation (smallest-three u32)',
  'position.x': 'Position X (f16)',
  'position.y': 'Position Y (f16)',
  'position.z': 'Position Z (f16)',
  'scale.x': 'Scale X (f16)',
  'scale.y': 'Scale Y (f16)',
  'scale.z': 'Scale Z (f16)',
};

function field(name: string, label: string, fieldType: ByteFieldType, start: number, end: number, size: number): LocatedField {
  return { name, label, fieldType, range: { start, end: Math.min(end, size) } };
}

const body = (start: number, size: number): LocatedField => field('body', 'Unstructured bytes', 'body', start, size, size);
const trailing = (start: number, size: number): LocatedField =>
  field('trailing', 'Trailing bytes (beyond what the header describes)', 'trailing', start, size, size);

/** The field holding byte `offset`; undefined outside the file or for manifests. */
export function fieldAt(kind: AssetKind, head: FileHead, offset: number): LocatedField | undefined {
  const { size } = head;
  if (!Number.isInteger(offset) || offset < 0 || offset >= size) return undefined;
  switch (kind) {
    case 'clip':
      return clipFieldAt(head, offset);
    case 'skeleton':
      return skeletonFieldAt(head, offset);
    case 'mesh':
      return meshFieldAt(head, offset);
    case 'rom':
      return size >= 4 && offset < 4 ? field('magic', 'ROM magic (4 bytes)', 'magic', 0, 4, size) : body(size >= 4 ? 4 : 0, size);
    default:
      return undefined;
  }
}

/** Fields covering `[rowStart, rowEnd)` in order (default: the record or 16 bytes at rowStart). */
export function fieldsOfRow(kind: AssetKind, head: FileHead, rowStart: number, rowEnd?: number): LocatedField[] {
  const first = fieldAt(kind, head, rowStart);
  if (!first) return [];
  const end = Math.min(head.size, rowEnd ?? defaultRowEnd(first, rowStart));
  const fields = [first];
  for (let at = first.range.end; at < end; ) {
    const next = fieldAt(kind, head, at);
    if (!next) break;
    fields.push(next);
    at = next.range.end;
  }
  return fields;
}

function defaultRowEnd(first: LocatedField, rowStart: number): number {
  if (first.fieldType === 'rotation') return first.range.start + KEYFRAME_SIZE;
  if (first.fieldType === 'header') return first.name.startsWith('header.') ? headerEnd(first) : first.range.end;
  return rowStart + 16;
}

function headerEnd(first: LocatedField): number {
  return first.name === 'header.vertexCount' ? MESH_HEADER_SIZE : first.name === 'header.boneCount' && first.range.end === 4 ? SKELETON_HEADER_SIZE : CLIP_HEADER_SIZE;
}

function clipFieldAt(head: FileHead, offset: number): LocatedField {
  const { size, first16 } = head;
  if (size < CLIP_HEADER_SIZE) return body(0, size);
  if (detectLegacyClip(first16, size)) {
    return offset < 16 ? field('legacy.header', 'Legacy 16-byte clip header (old layout)', 'header', 0, 16, size) : body(16, size);
  }
  const header = parseClipHeader(first16);
  if (!header) return body(0, size);
  if (offset === 0) return field('header.boneCount', 'Bone count (u8)', 'header', 0, 1, size);
  if (offset === 1) return field('header.flags', 'Flags (u8, must be 0)', 'header', 1, 2, size);
  if (offset < 4) return field('header.frameCount', 'Frame count (u16 LE)', 'header', 2, 4, size);
  if (header.boneCount === 0 || header.frameCount === 0) return body(CLIP_HEADER_SIZE, size);
  if (offset >= header.expectedSize) return trailing(header.expectedSize, size);
  const record = Math.floor((offset - CLIP_HEADER_SIZE) / KEYFRAME_SIZE);
  const recordStart = CLIP_HEADER_SIZE + record * KEYFRAME_SIZE;
  const f = KEYFRAME_FIELDS.find((k) => offset - recordStart < k.end) ?? KEYFRAME_FIELDS[0];
  const fieldType: ByteFieldType = f.field === 'rotation' ? 'rotation' : f.field.startsWith('position') ? 'position' : 'scale';
  return {
    ...field(f.field, KEYFRAME_LABELS[f.field], fieldType, recordStart + f.start, recordStart + f.end, size),
    frame: Math.floor(record / header.boneCount),
    bone: record % header.boneCount,
  };
}

function skeletonFieldAt(head: FileHead, offset: number): LocatedField {
  const { size, first16 } = head;
  const header = parseSkeletonHeader(first16);
  if (!header || size < SKELETON_HEADER_SIZE) return body(0, size);
  if (offset < 4) return field('header.boneCount', 'Bone count (u32 LE)', 'header', 0, 4, size);
  if (offset < 8) return field('header.reserved', 'Reserved (u32 LE, must be 0)', 'header', 4, 8, size);
  if (header.boneCount === 0 || header.boneCount > MAX_SKELETON_BONES) return body(SKELETON_HEADER_SIZE, size);
  if (offset >= header.expectedSize) return trailing(header.expectedSize, size);
  const bone = Math.floor((offset - SKELETON_HEADER_SIZE) / INVERSE_BIND_SIZE);
  const matrixStart = SKELETON_HEADER_SIZE + bone * INVERSE_BIND_SIZE;
  const slot = Math.floor((offset - matrixStart) / 4);
  const name = INVERSE_BIND_FIELD_NAMES[slot];
  const start = matrixStart + slot * 4;
  return { ...field(name, `Inverse bind ${name.slice(4)} (f32, column-major)`, 'matrix', start, start + 4, size), bone };
}

const MESH_LABELS: Record<string, string> = {
  position: 'Position (4 x f16, w = 1)',
  uv: 'UV (2 x unorm16)',
  color: 'Colour (4 x unorm8)',
  normal: 'Normal (octahedral, 2 x snorm16)',
  tangent: 'Tangent (octahedral, bit 16 = handedness)',
  boneIndices: 'Bone indices (4 x u8)',
  boneWeights: 'Bone weights (4 x unorm8)',
};

function usableMeshHeader(head: FileHead): MeshHeader | undefined {
  if (head.size < MESH_HEADER_SIZE) return undefined;
  const header = parseMeshHeader(head.first16);
  return header && header.vertexCount > 0 && header.format <= 31 ? header : undefined;
}

function meshFieldAt(head: FileHead, offset: number): LocatedField {
  const { size } = head;
  if (size < MESH_HEADER_SIZE) return body(0, size);
  if (offset < 4) return field('header.vertexCount', 'Vertex count (u32 LE)', 'header', 0, 4, size);
  if (offset < 8) return field('header.indexCount', 'Index count (u32 LE, 0 = not indexed)', 'header', 4, 8, size);
  if (offset < 9) return field('header.format', 'Vertex format (u8 flags)', 'header', 8, 9, size);
  if (offset < 12) return field('header.padding', 'Padding (3 bytes)', 'header', 9, 12, size);
  const header = usableMeshHeader(head);
  if (!header) return body(MESH_HEADER_SIZE, size);
  if (offset >= header.expectedSize) return trailing(header.expectedSize, size);
  const indicesStart = MESH_HEADER_SIZE + header.vertexCount * header.stride;
  if (offset >= indicesStart) {
    const index = Math.floor((offset - indicesStart) / 2);
    return { ...field('index', 'Index (u16 LE)', 'index', indicesStart + index * 2, indicesStart + index * 2 + 2, size), index };
  }
  const vertex = Math.floor((offset - MESH_HEADER_SIZE) / header.stride);
  const vertexStart = MESH_HEADER_SIZE + vertex * header.stride;
  const attribute = vertexAttributeLayout(header.format).find((a) => offset - vertexStart < a.end) ?? { attribute: 'position', start: 0, end: 8 };
  return {
    ...field(`vertex.${attribute.attribute}`, MESH_LABELS[attribute.attribute], 'vertex', vertexStart + attribute.start, vertexStart + attribute.end, size),
    vertex,
  };
}

/** JSON-safe number: NaN and infinities as the strings "NaN", "Infinity", "-Infinity". */
function num(value: number): number | string {
  return Number.isFinite(value) ? value : String(value);
}

/** A JSON-safe list: the numbers themselves, or one string ("[NaN, 1, 0.5]") when some are not finite. */
function numbers(values: number[]): number[] | string {
  return values.every(Number.isFinite) ? values : `[${values.map(String).join(', ')}]`;
}

function f16Description(bits: number): { raw: ByteDescription['raw']; decoded: ByteDescription['decoded'] } {
  const value = f16ToF32(bits);
  return { raw: { hex: hexWord(bits, 4), value: bits }, decoded: { value: num(value), bits, spacing: num(f16Spacing(bits)) } };
}

export interface DescribeOptions {
  /** Frames per second for durations (clips store none; the toolchain uses 30). */
  frameRate: number;
}

/** Full description of the byte at `offset`; undefined outside the file or for manifests. */
export async function describeByte(kind: AssetKind, source: ByteSource, offset: number, options: DescribeOptions): Promise<ByteDescription | undefined> {
  if (!Number.isInteger(offset) || offset < 0 || offset >= source.size) return undefined;
  const first16 = await source.read(0, Math.min(16, source.size));
  const head = { first16, size: source.size };
  const located = fieldAt(kind, head, offset);
  if (!located) return undefined;
  const { frame, bone, vertex, index, ...byteField } = located;
  const isRegion = located.fieldType === 'body' || located.fieldType === 'trailing';
  const start = isRegion ? offset : located.range.start;
  const end = isRegion ? offset + 1 : located.range.end;
  const bytes = await source.read(start, end - start);
  const description: ByteDescription = { offset, kind, field: byteField, raw: { hex: hexBytes(bytes), value: bytes[0] ?? 0 }, decoded: {}, notes: [] };
  if (frame !== undefined) description.frame = frame;
  if (bone !== undefined) description.bone = bone;
  if (vertex !== undefined) description.vertex = vertex;
  if (bytes.length < end - start) {
    description.notes.push(`Only ${bytes.length} of this field's ${end - start} bytes are in the file (it is truncated).`);
    return description;
  }
  describeValue(description, bytes, head, index, options);
  if (located.fieldType === 'matrix' && bone !== undefined) {
    const matrix = await source.read(SKELETON_HEADER_SIZE + bone * INVERSE_BIND_SIZE, INVERSE_BIND_SIZE);
    if (matrix.length === INVERSE_BIND_SIZE) {
      const m = readInverseBind(matrix, 0);
      description.decoded.matrix = numbers(Array.from(m));
      description.decoded.determinant = num(inverseBindDeterminant(m));
    }
  }
  return description;
}

function describeValue(d: ByteDescription, bytes: Uint8Array, head: FileHead, index: number | undefined, options: DescribeOptions): void {
  const name = d.field.name;
  switch (d.field.fieldType) {
    case 'rotation':
      return describeRotation(d, readU32LE(bytes, 0));
    case 'position':
    case 'scale': {
      const bits = readU16LE(bytes, 0);
      Object.assign(d, f16Description(bits));
      if ((bits & 0x7c00) === 0x7c00) d.notes.push('Not finite: the bone matrix and every vertex it skins become NaN/infinite.');
      else if (d.field.fieldType === 'scale' && (bits & 0x7fff) === 0) d.notes.push('Zero scale: the bone collapses flat.');
      d.notes.push(`f16 step at this magnitude: ${f16Spacing(bits)}.`);
      return;
    }
    case 'matrix': {
      const value = readF32LE(bytes, 0);
      d.raw = { hex: hexWord(readU32LE(bytes, 0), 8), value: num(value) };
      d.decoded = { value: num(value), column: name.slice(4, 6), axis: name.slice(7) };
      d.notes.push('Inverse bind matrices are stored column-major: c0, c1, c2 (the 3x3 part), then the translation t.');
      return;
    }
    case 'vertex':
      return describeVertex(d, bytes, head);
    case 'index': {
      const value = readU16LE(bytes, 0);
      const header = parseMeshHeader(head.first16) as MeshHeader;
      d.raw = { hex: hexWord(value, 4), value };
      d.decoded = { index: index ?? 0, vertex: value, vertexCount: header.vertexCount };
      if (value >= header.vertexCount) d.notes.push(`Out of range: the mesh has ${header.vertexCount} vertices.`);
      return;
    }
    case 'magic': {
      const magic = readRomMagic(bytes);
      d.raw = { hex: hexBytes(bytes), value: printableMagic(bytes) };
      d.decoded = { magic: printableMagic(bytes), era: magic === 'NCZX' ? 'Nethercore ZX' : magic === 'EWZX' ? 'Emberware ZX' : magic ? 'Emberware Z' : 'unknown' };
      if (!magic) d.notes.push('Not a known ROM magic (EWZ\\0, EWZX, NCZX).');
      return;
    }
    case 'header':
      return describeHeader(d, bytes, head, options);
    case 'trailing':
      d.notes.push('Beyond the size the header describes: the packer drops these bytes (clips) or ignores them.');
      return;
    default:
      d.notes.push('The header cannot be read, so these bytes have no known structure.');
  }
}

function describeRotation(d: ByteDescription, word: number): void {
  const q = decodeRotation(word);
  const { axis, angleDeg } = axisAngle(q);
  const euler = eulerDegrees(q);
  d.raw = { hex: hexWord(word, 8), value: word };
  d.decoded = {
    x: q[0], y: q[1], z: q[2], w: q[3],
    dropped: 'xyzw'[word & 3],
    fields: [(word >>> 22) & 0x3ff, (word >>> 12) & 0x3ff, (word >>> 2) & 0x3ff],
    squareSum: rotationSquareSum(word),
    axis, angleDeg,
    eulerX: euler.x, eulerY: euler.y, eulerZ: euler.z, eulerOrder: euler.order,
    quantStep: ROTATION_QUANT_STEP,
    maxAngleErrorDeg: (ROTATION_MAX_ANGLE_ERROR_RAD * 180) / Math.PI,
  };
  d.notes.push('Euler order XYZ: R = Rx * Ry * Rz (intrinsic X, then Y, then Z).');
  d.notes.push(`Each stored component is quantised in steps of ${ROTATION_QUANT_STEP.toPrecision(4)}; encoding error is at most ${((ROTATION_MAX_ANGLE_ERROR_RAD * 180) / Math.PI).toFixed(3)} degrees.`);
  if (isNonUnitRotation(word)) d.notes.push('Non-unit: the stored components square-sum above 1, so the dropped component is clamped to 0.');
}

function describeVertex(d: ByteDescription, bytes: Uint8Array, head: FileHead): void {
  const header = parseMeshHeader(head.first16) as MeshHeader;
  const attribute = d.field.name.slice('vertex.'.length);
  const layout = vertexAttributeLayout(header.format);
  const own = layout.find((a) => a.attribute === attribute);
  // Decode the attribute through the one vertex decoder by placing its bytes where it expects them.
  const scratch = new Uint8Array(header.stride);
  if (own) scratch.set(bytes, own.start);
  const decoded = decodeVertex(scratch, 0, header.format) as unknown as Record<string, unknown>;
  d.raw = { hex: hexBytes(bytes), value: bytes.length === 4 ? readU32LE(bytes, 0) : hexBytes(bytes) };
  const value = decoded[attribute];
  if (attribute === 'tangent' && value && typeof value === 'object' && 'direction' in value) {
    const tangent = value as { direction: number[]; handedness: number };
    d.decoded = { direction: tangent.direction, handedness: tangent.handedness };
  } else if (Array.isArray(value)) {
    d.decoded = { [attribute]: numbers(value as number[]) };
    if (value.some((v: number) => !Number.isFinite(v))) d.notes.push('Contains NaN or infinity.');
  }
  if (attribute === 'boneWeights' && bytes.every((b) => b === 0)) d.notes.push('All weights are 0: skinning moves this vertex to the origin.');
}

function describeHeader(d: ByteDescription, bytes: Uint8Array, head: FileHead, options: DescribeOptions): void {
  const value = bytes.length === 1 ? bytes[0] : bytes.length === 2 ? readU16LE(bytes, 0) : bytes.length >= 4 ? readU32LE(bytes, 0) : bytes[0];
  d.raw = { hex: hexWord(value, bytes.length * 2), value };
  switch (d.field.name) {
    case 'header.boneCount': {
      d.decoded = { boneCount: value };
      const limit = d.kind === 'clip' ? 255 : MAX_SKELETON_BONES;
      d.notes.push(value === 0 ? 'Invalid: 0 bones.' : value > limit ? `Invalid: above ${limit}.` : `Bones per ${d.kind === 'clip' ? 'frame' : 'skeleton'} (1..${limit}).`);
      return;
    }
    case 'header.flags':
      d.decoded = { flags: value };
      d.notes.push(value === 0 ? 'Flags must be 0 (they are).' : 'Invalid: flags must be 0.');
      return;
    case 'header.frameCount': {
      const header = parseClipHeader(head.first16);
      d.decoded = { frameCount: value, frameRate: options.frameRate, durationSeconds: clipDurationSeconds(value, options.frameRate) };
      if (header) d.decoded.expectedSize = header.expectedSize;
      d.notes.push(value === 0 ? 'Invalid: 0 frames.' : `${value} frames = ${clipDurationSeconds(value, options.frameRate).toFixed(3)} s at ${options.frameRate} fps (clips store no frame rate).`);
      return;
    }
    case 'header.reserved':
      d.decoded = { reserved: value };
      d.notes.push(value === 0 ? 'Reserved: 0 as documented.' : 'Documented as "must be 0" (not enforced today).');
      return;
    case 'header.vertexCount':
    case 'header.indexCount':
      d.decoded = { [d.field.name.slice(7)]: value };
      return;
    case 'header.format': {
      const names = ['UV', 'COLOR', 'NORMAL', 'SKINNED', 'TANGENT'].filter((_, bit) => value & (1 << bit));
      d.decoded = { format: value, flags: names.join('|') || 'position only' };
      if (value > 15) d.notes.push('The native loader accepts formats 0..15 only.');
      return;
    }
    case 'legacy.header': {
      const legacy = detectLegacyClip(head.first16, head.size);
      if (legacy) d.decoded = { boneCount: legacy.boneCount, frameCount: legacy.frameCount, frameRate: num(legacy.frameRate), flags: legacy.flags };
      d.notes.push('Old two-day layout (16-byte header, 48-byte matrices): re-export with the current exporter.');
      return;
    }
    default:
      d.decoded = { value };
  }
}
